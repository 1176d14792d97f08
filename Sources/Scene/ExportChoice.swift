import Export

/// What the Export dialog chose: the file's format, the PNG's scale and
/// background, the PDF's page. Each format's choices are kept while
/// another is chosen, so going back to PNG finds its scale again, and the
/// orientation while the page is the drawing's own (which has none).
package struct ExportChoice: Equatable {
    var format: ExportFormat
    var scale: Int
    var background: ExportOptions.Background
    /// Nil: the drawing's own size.
    var paper: ExportOptions.Paper?
    var orientation: ExportOptions.Orientation

    /// By default a PNG at 1× on white, a PDF the drawing's size, portrait.
    package init(format: ExportFormat = .png, scale: Int = 1, background: ExportOptions.Background = .white,
                 paper: ExportOptions.Paper? = nil, orientation: ExportOptions.Orientation = .portrait) {
        self.format = format
        self.scale = scale
        self.background = background
        self.paper = paper
        self.orientation = orientation
    }

    /// The options an export in `format` takes: what the dialog shows for
    /// it, the others' left at their defaults.
    var options: ExportOptions {
        switch format {
        case .png: ExportOptions(scale: scale, background: background)
        case .svg: ExportOptions()
        case .pdf: ExportOptions(page: paper.map { .paper($0, orientation) } ?? .drawing)
        }
    }
}

extension ExportChoice {
    /// As the settings file keeps it (`export = …`): the format, the
    /// scale, the background, the page and the orientation, in words:
    /// `png 1 white drawing portrait`.
    package var settingsValue: String {
        [format.rawValue, String(scale), background.rawValue, paper?.rawValue ?? "drawing", orientation.rawValue]
            .joined(separator: " ")
    }

    /// Reads `settingsValue`'s words; nil when they are not five it writes.
    package init?(settingsValue: String) {
        let words = settingsValue.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 5, let format = ExportFormat(rawValue: words[0]), let scale = Int(words[1]),
              ExportOptions.scales.contains(scale), let background = ExportOptions.Background(rawValue: words[2]),
              words[3] == "drawing" || ExportOptions.Paper(rawValue: words[3]) != nil,
              let orientation = ExportOptions.Orientation(rawValue: words[4]) else { return nil }
        self.init(format: format, scale: scale, background: background, paper: ExportOptions.Paper(rawValue: words[3]),
                  orientation: orientation)
    }
}
