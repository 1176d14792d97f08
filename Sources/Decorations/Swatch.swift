import TouchCore

/// What the colour button shows: the colour new lines are drawn in and
/// their width, as the responder that answers the colour command says
/// (`Command.value`).
public struct Swatch: Hashable, Sendable {
    public var colour: Color
    /// In points, as lines are drawn.
    public var width: Double

    public init(colour: Color, width: Double) {
        self.colour = colour
        self.width = width
    }
}
