/// One batch of raw touch changes: everything a device reported up to its
/// `wl_touch.frame` (or `wl_pointer.frame`). The window delivers the changes
/// of one frame together, so fingers that went down in the same frame arrive
/// in one `touchesBegan`.
public struct TouchFrame: Hashable, Sendable {
    /// The changes in the order the compositor sent them.
    public var changes: [RawTouch]
    /// `wl_touch.cancel`: every active touch of the window is cancelled and
    /// `changes` is ignored (the compositor has taken over the whole sequence).
    public var cancelAll: Bool
    /// Time of the batch in seconds; used for the event and for cancellations.
    public var timestamp: Double

    public init(changes: [RawTouch], cancelAll: Bool = false, timestamp: Double) {
        self.changes = changes
        self.cancelAll = cancelAll
        self.timestamp = timestamp
    }

    /// A batch that cancels every active touch (`wl_touch.cancel`).
    public static func cancel(at timestamp: Double) -> TouchFrame {
        TouchFrame(changes: [], cancelAll: true, timestamp: timestamp)
    }
}
