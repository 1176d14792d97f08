import TouchCore

/// How an export is laid out beyond its format: the PNG's scale and
/// background, the PDF's paper. `--export`'s `--scale`, `--background` and
/// `--page`, and the Export dialog's choices.
public struct ExportOptions: Equatable, Sendable {
    /// What a PNG is painted on.
    public enum Background: String, CaseIterable, Sendable {
        /// Nothing: the pixels around the lines have alpha 0.
        case transparent
        /// White paper, as on screen.
        case white
    }

    /// The page a PDF is printed on.
    public enum Page: Equatable, Hashable, Sendable {
        /// The drawing's own size: its lines with `Exporter.margin` around them.
        case drawing
        /// A sheet of paper, the drawing centred on it within
        /// `Exporter.paperMargin`, scaled down to fit (never up).
        case paper(Paper, Orientation)
    }

    public enum Paper: String, CaseIterable, Sendable {
        case a4, letter

        /// Portrait size in points: ISO 216's 210 × 297 mm, and 8.5 × 11 in.
        var portraitSize: Size {
            switch self {
            case .a4: Size(width: 595, height: 842)
            case .letter: Size(width: 612, height: 792)
            }
        }

        /// As people write it: "A4", "Letter".
        public var title: String {
            switch self {
            case .a4: "A4"
            case .letter: "Letter"
            }
        }
    }

    public enum Orientation: String, CaseIterable, Sendable {
        case portrait, landscape
    }

    /// Pixels per point of a PNG: 1, 2 or 4 (`scales`).
    public var scale: Int
    public var background: Background
    public var page: Page

    /// The scales offered: a screen's, a HiDPI screen's, print.
    public static let scales = [1, 2, 4]

    public init(scale: Int = 1, background: Background = .white, page: Page = .drawing) {
        self.scale = scale
        self.background = background
        self.page = page
    }
}

extension ExportOptions.Page {
    /// The paper's size in points, turned for landscape; nil for `.drawing`.
    var paperSize: Size? {
        guard case .paper(let paper, let orientation) = self else { return nil }
        let size = paper.portraitSize
        return orientation == .portrait ? size : Size(width: size.height, height: size.width)
    }

    /// As `--page` takes it: `drawing`, `a4`, `letter-landscape`.
    public var argument: String {
        switch self {
        case .drawing: "drawing"
        case .paper(let paper, .portrait): paper.rawValue
        case .paper(let paper, .landscape): "\(paper.rawValue)-landscape"
        }
    }

    /// Reads `--page`'s value: `drawing`, or a paper with an optional
    /// `-portrait` (the default) or `-landscape`.
    public init?(argument: String) {
        if argument == "drawing" {
            self = .drawing
            return
        }
        let parts = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let paper = ExportOptions.Paper(rawValue: parts[0]) else { return nil }
        let orientation = parts.count == 2 ? ExportOptions.Orientation(rawValue: parts[1]) : .portrait
        guard let orientation else { return nil }
        self = .paper(paper, orientation)
    }
}
