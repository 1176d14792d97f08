import Timing

/// What a seat's devices need from the rest of the Wayland layer, gathered
/// so that `Seat`, `Pointer`, `Touch`, `Keyboard` and the tablet objects
/// depend on no window or loop type directly.
struct SeatEnvironment {
    /// The event loop's timers (key repeat).
    let timers: TimerQueue
    /// True for the `wl_surface` proxies of our window; events on any other
    /// surface (or a NULL one, destroyed meanwhile) are ignored.
    let isOurSurface: (OpaquePointer?) -> Bool
    /// The pointer images; nil when no cursor can be shown.
    let cursor: Cursor?
    /// Delivers one input batch, and how it came to be, to the layer above.
    let deliver: (InputEvent, InputOrigin) -> Void
    /// The modifiers of the seat's keyboard now, for pointer frames (empty
    /// without a keyboard or keyboard focus).
    var keyboardModifiers: () -> KeyboardModifiers = { [] }
    /// Records the serial of a button press, touch down or tablet tool down,
    /// with its seat, for interactive move/resize.
    let notePress: (_ seat: OpaquePointer, _ serial: UInt32) -> Void
    /// Records the serial of a key press or keyboard enter, with its seat:
    /// with the presses, what `wl_data_device.set_selection` must name.
    var noteInputSerial: (_ seat: OpaquePointer, _ serial: UInt32) -> Void = { _, _ in }

    /// Delivers one input batch to the layer above.
    func emit(_ event: InputEvent, origin: InputOrigin = .compositor) {
        deliver(event, origin)
    }
}
