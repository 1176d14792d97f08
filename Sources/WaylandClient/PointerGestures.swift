import CWaylandProtocols
import WaylandInput

/// The touchpad gestures of one `wl_pointer`: its swipe, pinch and (from
/// version 3) hold objects of `zwp_pointer_gestures_v1`, their events on our
/// surface delivered as `InputEvent.pointerGesture`.
///
/// A gesture is followed from its `begin`: one that begins on another
/// surface is dropped with its updates and end, and one that began on ours
/// always ends, as cancelled when its objects go away first (the pointer,
/// the seat or the global removed), so the layer above never keeps a
/// gesture running. The protocol allows one gesture per seat at a time; a
/// `begin` while another is running ends that one as cancelled first.
final class PointerGestures {
    private let swipe: OpaquePointer
    private let pinch: OpaquePointer
    /// Nil on globals older than version 3.
    private let hold: OpaquePointer?
    private let environment: SeatEnvironment
    var seatName: String
    /// The pointer's latest surface-local position on our surface, where a
    /// gesture begins (the protocol's `begin` carries none).
    private let position: () -> (x: Double, y: Double)
    /// The gesture running on our surface, and the time of its latest event.
    private var active: (kind: PointerGestureEvent.Kind, time: UInt32)?
    /// The surface of ours the latest gesture began on: its window gets it.
    private var targetSurface: OpaquePointer?

    /// `zwp_pointer_gestures_v1.get_swipe_gesture`, `get_pinch_gesture` and,
    /// from version 3, `get_hold_gesture` for `pointer`.
    init(manager: OpaquePointer, pointer: OpaquePointer, seatName: String, environment: SeatEnvironment,
         position: @escaping () -> (x: Double, y: Double)) {
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer)
        hold = zwp_pointer_gestures_v1_get_version(manager) >= ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE_SINCE_VERSION
            ? zwp_pointer_gestures_v1_get_hold_gesture(manager, pointer) : nil
        self.seatName = seatName
        self.environment = environment
        self.position = position
        let data = Unmanaged.passUnretained(self).toOpaque()
        zwp_pointer_gesture_swipe_v1_add_listener(swipe, Self.swipeListener, data)
        zwp_pointer_gesture_pinch_v1_add_listener(pinch, Self.pinchListener, data)
        if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, Self.holdListener, data) }
    }

    /// Ends a running gesture as cancelled, then destroys the gesture objects.
    func destroy() {
        if let active { finish(active.kind, time: active.time, cancelled: true) }
        zwp_pointer_gesture_swipe_v1_destroy(swipe)
        zwp_pointer_gesture_pinch_v1_destroy(pinch)
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
    }

    /// `begin` of any of the three.
    func begin(_ kind: PointerGestureEvent.Kind, time: UInt32, surface: OpaquePointer?, fingers: UInt32) {
        if let active { finish(active.kind, time: time, cancelled: true) }
        guard environment.isOurSurface(surface) else { return }
        targetSurface = surface
        active = (kind, time)
        let (x, y) = position()
        emit(kind, .begin(fingers: fingers, x: x, y: y), time: time)
    }

    /// Swipe and pinch `update`.
    func update(_ kind: PointerGestureEvent.Kind, time: UInt32, dx: Double, dy: Double,
                scale: Double? = nil, rotation: Double? = nil) {
        guard active?.kind == kind else { return }
        active?.time = time
        emit(kind, .update(dx: dx, dy: dy, scale: scale, rotation: rotation), time: time)
    }

    /// `end` of any of the three.
    func end(_ kind: PointerGestureEvent.Kind, time: UInt32, cancelled: Bool) {
        guard active?.kind == kind else { return }
        finish(kind, time: time, cancelled: cancelled)
    }

    private func finish(_ kind: PointerGestureEvent.Kind, time: UInt32, cancelled: Bool) {
        active = nil
        emit(kind, .end(cancelled: cancelled), time: time)
    }

    private func emit(_ kind: PointerGestureEvent.Kind, _ change: PointerGestureEvent.Change, time: UInt32) {
        environment.emit(.pointerGesture(PointerGestureEvent(seat: seatName, kind: kind, change: change, time: time)),
                         target: targetSurface)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> PointerGestures {
        Unmanaged<PointerGestures>.fromOpaque(data!).takeUnretainedValue()
    }
}
