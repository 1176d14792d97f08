import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `zwp_pointer_gestures_v1` (version 3: swipe, pinch and
    /// hold; 1 has no hold and no release): each client's pointer then gets
    /// the gestures its `TestSeat` sends.
    @discardableResult
    public func addPointerGestures(version: Int32 = 3) -> TestGlobal {
        addGlobal(interface: tts_zwp_pointer_gestures_v1_interface(), version: version) {
            [unowned self] client, version, id in
            _ = PointerGesturesResource(compositor: self, client: client, version: version, id: id)
        }
    }
}

/// A client's `zwp_pointer_gestures_v1`: hands out gesture objects for its pointers.
final class PointerGesturesResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_zwp_pointer_gestures_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        func gesture(_ kind: TestSeat.GestureKind, _ interface: UnsafePointer<wl_interface>) {
            let object = GestureObject(compositor: compositor, client: client, interface: interface,
                                       version: version, id: arguments[0].n)
            let pointer = ServerObject.object(for: Self.resource(arguments, 1)!) as! DeviceResource
            pointer.seat?.gestureObjects.append((kind, object))
        }
        switch opcode {
        case 0: gesture(.swipe, tts_zwp_pointer_gesture_swipe_v1_interface())
        case 1: gesture(.pinch, tts_zwp_pointer_gesture_pinch_v1_interface())
        case 2: destroy()  // release
        case 3: gesture(.hold, tts_zwp_pointer_gesture_hold_v1_interface())
        default: preconditionFailure("zwp_pointer_gestures_v1 has no request \(opcode)")
        }
    }
}

/// A swipe, pinch or hold object: its only request is its destructor.
final class GestureObject: ServerObject {
    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        destroy()
    }
}

/// Touchpad gestures, as a compositor recognizes them on a touchpad. A
/// `begin` goes to the objects of the client owning `surface`, updates and
/// ends to every client's.
extension TestSeat {
    public enum GestureKind: Sendable {
        case swipe, pinch, hold
    }

    private func liveGestures(_ kind: GestureKind) -> [ServerObject] {
        gestureObjects.filter { $0.kind == kind && $0.object.isAlive }.map(\.object)
    }

    /// How many gesture objects of `kind` the clients hold for this seat.
    public func liveGestureObjects(_ kind: GestureKind) -> Int { liveGestures(kind).count }

    /// `begin` of a swipe, pinch or hold on `surface`; returns the serial.
    @discardableResult
    public func gestureBegin(_ kind: GestureKind, on surface: UnsafeMutablePointer<wl_resource>,
                             fingers: UInt32, time: UInt32) -> UInt32 {
        let serial = compositor.serial()
        let client = wl_resource_get_client(surface)
        for gesture in liveGestures(kind) where gesture.client == client {
            switch kind {
            case .swipe: zwp_pointer_gesture_swipe_v1_send_begin(gesture.resource, serial, time, surface, fingers)
            case .pinch: zwp_pointer_gesture_pinch_v1_send_begin(gesture.resource, serial, time, surface, fingers)
            case .hold: zwp_pointer_gesture_hold_v1_send_begin(gesture.resource, serial, time, surface, fingers)
            }
        }
        return serial
    }

    /// A swipe's `update`: its centre moved by (dx, dy).
    public func swipeUpdate(dx: Double, dy: Double, time: UInt32) {
        for gesture in liveGestures(.swipe) {
            zwp_pointer_gesture_swipe_v1_send_update(gesture.resource, time, wl_fixed_from_double(dx),
                                                     wl_fixed_from_double(dy))
        }
    }

    /// A pinch's `update`: `scale` since begin, `rotation` degrees clockwise
    /// since the previous event.
    public func pinchUpdate(dx: Double = 0, dy: Double = 0, scale: Double, rotation: Double, time: UInt32) {
        for gesture in liveGestures(.pinch) {
            zwp_pointer_gesture_pinch_v1_send_update(gesture.resource, time, wl_fixed_from_double(dx),
                                                     wl_fixed_from_double(dy), wl_fixed_from_double(scale),
                                                     wl_fixed_from_double(rotation))
        }
    }

    /// `end` of a swipe, pinch or hold (`cancelled`: the compositor cancelled it).
    public func gestureEnd(_ kind: GestureKind, cancelled: Bool = false, time: UInt32) {
        let serial = compositor.serial()
        for gesture in liveGestures(kind) {
            let flag: Int32 = cancelled ? 1 : 0
            switch kind {
            case .swipe: zwp_pointer_gesture_swipe_v1_send_end(gesture.resource, serial, time, flag)
            case .pinch: zwp_pointer_gesture_pinch_v1_send_end(gesture.resource, serial, time, flag)
            case .hold: zwp_pointer_gesture_hold_v1_send_end(gesture.resource, serial, time, flag)
            }
        }
    }
}
