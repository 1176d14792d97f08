/// A line of a drawing file that was left out when the file was read,
/// because it holds a value out of range (`DocumentError.isValueOutOfRange`):
/// the rest of the drawing opens, and the user is told which line went and why.
public struct DroppedLine: Equatable, Sendable {
    /// Its index in the file's `lines` list.
    public let index: Int
    public let reason: DocumentError
}
