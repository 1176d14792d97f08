import Timing
import WaylandInput

/// What a seat's devices need from the rest of the Wayland layer, gathered
/// so that `Seat`, `Pointer`, `Touch`, `Keyboard` and the tablet objects
/// depend on no window or loop type directly.
struct SeatEnvironment {
    /// The event loop's timers (key repeat).
    let timers: TimerQueue
    /// True for the `wl_surface` proxies of our window; events on any other
    /// surface (or a NULL one, destroyed meanwhile) are ignored.
    let isOurSurface: (OpaquePointer?) -> Bool
    /// The cursor theme's images; nil when none can be drawn.
    let cursor: Cursor?
    /// The bound `wp_cursor_shape_manager_v1`, nil while none is: where it
    /// is, devices name their images instead of drawing them from the theme.
    let cursorShapeManager: () -> OpaquePointer?
    /// Delivers one input batch, how it came to be, and the `wl_surface` it
    /// targets (nil: about the seat, for every window) to the layer above.
    let deliver: (InputEvent, InputOrigin, OpaquePointer?) -> Void
    /// The modifiers of the seat's keyboard now, for pointer frames (empty
    /// without a keyboard or keyboard focus).
    var keyboardModifiers: () -> KeyboardModifiers = { [] }
    /// Records the serial of a button press, touch down or tablet tool down,
    /// with its seat, for interactive move/resize.
    let notePress: (_ seat: OpaquePointer, _ serial: UInt32) -> Void
    /// Records the serial of a key press or keyboard enter, with its seat:
    /// with the presses, what `wl_data_device.set_selection` must name.
    var noteInputSerial: (_ seat: OpaquePointer, _ serial: UInt32) -> Void = { _, _ in }

    /// The image of `device`, by shape where the compositor offers it.
    func makeDeviceCursor(_ device: DeviceCursor.Device) -> DeviceCursor {
        DeviceCursor(device, theme: cursor, shapeManager: cursorShapeManager)
    }

    /// Delivers one input batch to the layer above, for the window whose
    /// surface is `target` (nil: every window).
    func emit(_ event: InputEvent, origin: InputOrigin = .compositor, target: OpaquePointer?) {
        deliver(event, origin, target)
    }
}
