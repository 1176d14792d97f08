/// How an input batch came to be: closed by the compositor, or by this
/// layer papering over something the compositor did or left undone.
///
/// `touchtracker --record` writes it beside each batch, so that
/// `touchtracker check` can tell what the compositor sent from what the app
/// made of it (a frame the compositor never sent looks, once assembled,
/// like any other).
public enum InputOrigin: String, Equatable, Sendable {
    /// The device's own frame event ended the batch (`wl_touch.frame`,
    /// `wl_pointer.frame`, `zwp_tablet_tool_v2.frame`), or the event is a
    /// batch of its own (keys, keyboard focus, seat capabilities).
    case compositor
    /// A pointer event of a seat older than version 5, which has no frame
    /// event: each event is its own batch.
    case unframed
    /// Changes no frame event closed, closed by the layer once the event
    /// queue was drained or another device of the seat reported.
    case missingFrame
    /// `wl_touch.cancel`: every touch of the seat cancelled.
    case cancel
    /// A `wl_touch.down` for an id that was still down: the stale touch,
    /// cancelled.
    case reusedID
    /// The device, its seat or the tablet tool went away (a capability
    /// change, `global_remove`, `zwp_tablet_tool_v2.removed`): what it had
    /// started ends here.
    case removed
    /// A key repeat the event loop's timers made.
    case keyRepeat
}
