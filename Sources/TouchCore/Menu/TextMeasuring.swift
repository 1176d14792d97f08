/// Measures a single line of menu text. The render layer supplies one that
/// asks Pango; the default keeps layout deterministic without a font.
public protocol TextMeasuring {
    /// The size `text` takes when drawn on one line, in points.
    func size(of text: String) -> Size
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
}
