import CWaylandClient
import WaylandInput

/// One seat's `wl_pointer`: its listener, which hands the events on our
/// surface to a `PointerFrameAssembler` and delivers its frames, and its
/// image.
///
/// The image is set once per enter, after the enter's frame has reached the
/// layer above, so a shape that layer asks for in answer (from where the
/// pointer entered) goes out in that first `set_cursor`. Each enter starts
/// from the arrow: a shape asked for before was for where the pointer left.
final class Pointer {
    private let proxy: OpaquePointer
    private let seatProxy: OpaquePointer
    private let environment: SeatEnvironment
    /// The window's integer buffer scale, for the cursor image.
    private let cursorScale: () -> Int32
    /// Older seats have no `frame` event: every event is its own frame.
    private let hasFrames: Bool

    /// The latest `wl_pointer.enter` serial while the pointer is over our
    /// surface (between enter and leave): `set_cursor` needs it.
    private var enterSerial: UInt32?
    /// The surface of ours the pointer entered last: its frames go to that
    /// window, the frame with its leave too.
    private var targetSurface: OpaquePointer?
    private var focused: Bool { enterSerial != nil }
    /// The image the layer above asked for since the latest enter.
    private var requestedShape = CursorShape.arrow
    /// The image set with `wl_pointer.set_cursor` since the latest enter;
    /// nil until the enter's frame is delivered, and off our surface.
    private(set) var shownShape: CursorShape?
    /// This pointer's image, by shape or from the theme.
    private let image: DeviceCursor
    private var assembler: PointerFrameAssembler
    /// The latest surface-local position on our surface (enter, motion),
    /// where a touchpad gesture begins.
    private var position = (x: 0.0, y: 0.0)
    /// The pointer's touchpad gestures, while `zwp_pointer_gestures_v1` is bound.
    private var gestures: PointerGestures?
    var seatName: String {
        didSet {
            assembler.seat = seatName
            gestures?.seatName = seatName
        }
    }

    /// Binds `wl_seat.get_pointer` for `seat`.
    init(seat: OpaquePointer, name: String, environment: SeatEnvironment,
         cursorScale: @escaping () -> Int32) {
        proxy = wl_seat_get_pointer(seat)
        seatProxy = seat
        seatName = name
        assembler = PointerFrameAssembler(seat: name)
        self.environment = environment
        self.cursorScale = cursorScale
        hasFrames = wl_pointer_get_version(proxy) >= WL_POINTER_FRAME_SINCE_VERSION
        image = environment.makeDeviceCursor(.pointer(proxy))
        wl_pointer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Releases held buttons and leaves (synthetic, so the layer above sees
    /// no button stuck down), then releases the proxy (`wl_pointer.release`
    /// from version 3).
    func destroy() {
        stopGestures()
        leave()
        endFrame(origin: .removed)
        image.destroy()
        if wl_pointer_get_version(proxy) >= WL_POINTER_RELEASE_SINCE_VERSION {
            wl_pointer_release(proxy)
        } else {
            wl_pointer_destroy(proxy)
        }
    }

    /// Follows this pointer's touchpad gestures through `manager`
    /// (`zwp_pointer_gestures_v1`).
    func startGestures(manager: OpaquePointer) {
        guard gestures == nil else { return }
        gestures = PointerGestures(manager: manager, pointer: proxy, seatName: seatName, environment: environment,
                                   position: { [unowned self] in position })
    }

    /// The gestures global or the pointer went away: a running gesture ends
    /// as cancelled.
    func stopGestures() {
        gestures?.destroy()
        gestures = nil
    }

    /// Shows `shape` while the pointer is over our surface, re-sending
    /// `set_cursor` only when the image changes.
    func setCursor(_ shape: CursorShape) {
        requestedShape = shape
        // Off our surface nothing goes out; before the enter's frame is
        // delivered, the end of that frame shows the shape asked for.
        guard let shownShape, shownShape != shape else { return }
        showCursor()
    }

    /// `wl_pointer.set_cursor` (or the shape device's `set_shape`) with
    /// `requestedShape` and the enter serial.
    private func showCursor() {
        guard let enterSerial else { return }
        shownShape = requestedShape
        image.show(requestedShape, serial: enterSerial, scale: cursorScale())
    }

    private func enter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        guard environment.isOurSurface(surface) else { return }
        // Leaving one of our windows for another within one frame: the
        // leave goes to the window left, the enter to the one entered.
        if surface != targetSurface { endFrame() }
        targetSurface = surface
        enterSerial = serial
        position = (x, y)
        requestedShape = .arrow
        shownShape = nil
        assembler.enter(x: x, y: y)
        closeUnframed()
    }

    private func leave() {
        guard focused else { return }
        enterSerial = nil
        shownShape = nil
        assembler.leave()
        closeUnframed()
    }

    private func motion(time: UInt32, x: Double, y: Double) {
        guard focused else { return }
        position = (x, y)
        assembler.motion(time: time, x: x, y: y)
        closeUnframed()
    }

    private func button(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool) {
        guard focused, assembler.button(button, pressed: pressed, time: time) else { return }
        if pressed { environment.notePress(seatProxy, serial) }
        closeUnframed()
    }

    /// One piece of `wl_pointer.axis*` for the raw `wl_pointer_axis`
    /// `axis` (an unknown one is taken as vertical, the wheel's).
    private func axis(_ axis: UInt32, time: UInt32?, _ change: (inout PointerAxis) -> Void) {
        guard focused else { return }
        let orientation: PointerAxis.Orientation =
            axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? .horizontal : .vertical
        assembler.axis(orientation, time: time, change)
        closeUnframed()
    }

    /// Older seats have no `frame` event: every event is its own frame.
    private func closeUnframed() {
        if !hasFrames { endFrame() }
    }

    /// `wl_pointer.frame`: delivers the batch (nothing when every event was
    /// on another surface).
    private func endFrame(origin: InputOrigin? = nil) {
        guard let frame = assembler.frame(modifiers: environment.keyboardModifiers()) else { return }
        environment.emit(.pointer(frame), origin: origin ?? (hasFrames ? .compositor : .unframed),
                         target: targetSurface)
        if focused && shownShape == nil { showCursor() }
    }

    /// The source a raw `wl_pointer_axis_source` names; nil for one newer
    /// than this module.
    private static func source(_ raw: UInt32) -> PointerAxis.Source? {
        switch raw {
        case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: .wheel
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: .continuous
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: .wheelTilt
        default: nil
        }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Pointer {
        Unmanaged<Pointer>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_pointer` listener; `data` is the unretained `Pointer`, which
    /// destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                from(data).enter(serial: serial, surface: surface,
                                 x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            leave: { data, _, _, _ in
                from(data).leave()
            },
            motion: { data, _, time, x, y in
                from(data).motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            button: { data, _, serial, time, button, state in
                from(data).button(serial: serial, time: time, button: button,
                                  pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
            },
            axis: { data, _, time, axis, value in
                from(data).axis(axis, time: time) { $0.value += wl_fixed_to_double(value) }
            },
            frame: { data, _ in
                from(data).endFrame()
            },
            axis_source: { data, _, raw in
                let pointer = from(data)
                if pointer.focused { pointer.assembler.axisSource(source(raw)) }
            },
            axis_stop: { data, _, time, axis in
                from(data).axis(axis, time: time) { $0.stop = true }
            },
            axis_discrete: { data, _, axis, discrete in
                from(data).axis(axis, time: nil) {
                    $0.discrete = discrete
                    $0.value120 = discrete * 120
                }
            },
            axis_value120: { data, _, axis, value120 in
                from(data).axis(axis, time: nil) {
                    $0.value120 = value120
                    $0.discrete = value120 / 120
                }
            }))
        return listener
    }()
}
