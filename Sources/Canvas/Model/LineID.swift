import TouchCore

/// The stable identity of a finished line in a `Drawing`.
///
/// Identities are handed out in increasing order and never reused, so a line
/// that is deleted and brought back by undo keeps its identity (and its place
/// in drawing order: lines are drawn in identity order).
public struct LineID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    var index: Int { Int(rawValue) }

    /// The identity `offset` places later (lines drawn while a drawing
    /// opened, placed after its lines: `Drawing.takeLines(of:)`).
    func shifted(by offset: UInt32) -> LineID {
        LineID(rawValue + offset)
    }

    public static func < (a: LineID, b: LineID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "line#\(rawValue)" }
}
