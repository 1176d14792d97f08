/// How far a pen leans, in degrees from the perpendicular to the tablet
/// (each axis −90…90; positive x towards the right of the tablet, positive
/// y towards the user), as `zwp_tablet_tool_v2.tilt` reports it.
public struct Tilt: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
