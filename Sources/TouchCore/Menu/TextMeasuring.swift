/// Measures a single line of menu text. The render layer supplies one that
/// asks Pango; the default keeps layout deterministic without a font.
public protocol TextMeasuring {
    /// The size `text` takes when drawn on one line, in points.
    func size(of text: String) -> Size
    /// The size `text` takes in `font`, wrapped into lines at most `width`
    /// points wide as `DrawingContext.size(of:font:wrappedTo:)` wraps it.
    func size(of text: String, font: Font, wrappedTo width: Double) -> Size
}

/// Every character the same width: a stand-in for real text measurement.
public struct FixedWidthTextMeasurer: TextMeasuring, Sendable {
    public var characterWidth: Double
    public var lineHeight: Double

    public init(characterWidth: Double = 8, lineHeight: Double = 17) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
    }

    public func size(of text: String) -> Size {
        Size(width: Double(text.count) * characterWidth, height: lineHeight)
    }

    /// Greedy wrapping between words (a word wider than `width` is broken
    /// at the width), every character `characterWidth` wide whatever the font.
    public func size(of text: String, font: Font, wrappedTo width: Double) -> Size {
        let perLine = width.isFinite ? max(1, Int(width / characterWidth)) : Int.max
        var lines: [Int] = [0]
        for word in text.split(separator: " ") {
            var length = word.count
            if lines[lines.count - 1] > 0 {
                if lines[lines.count - 1] + 1 + length <= perLine {
                    lines[lines.count - 1] += 1 + length
                    continue
                }
                lines.append(0)
            }
            while length > perLine {
                lines[lines.count - 1] = perLine
                lines.append(0)
                length -= perLine
            }
            lines[lines.count - 1] = length
        }
        let widest = lines.max() ?? 0
        return Size(width: Double(widest) * characterWidth, height: Double(lines.count) * lineHeight)
    }
}
