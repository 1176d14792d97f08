/// How large a drawing may grow. The canvas stops at them and the drawing
/// file refuses more, so every drawing the app makes opens again.
extension Drawing {
    /// Coordinates beyond ± this many points are refused.
    public static let coordinateLimit = 1e6
    /// Points a drawing's freehand lines may have in all: 4,000,000
    /// (20,000 lines of 200 points). Files with more are refused, and the
    /// canvas stops adding points at it.
    public static let pointLimit = 4_000_000
    /// Points one freehand line may have: about 80 s of a pen sampled at
    /// 240 Hz. A stroke that goes on goes on as a new line.
    public static let strokePointLimit = 20_000
}
