import CWaylandServer
import CWaylandServerProtocols

/// `wl_pointer` events. Coordinates are surface-local.
extension TestSeat {
    public enum Axis: UInt32, Sendable {
        case vertical = 0, horizontal = 1
    }

    public enum AxisSource: UInt32, Sendable {
        case wheel = 0, finger = 1, continuous = 2, wheelTilt = 3
    }

    /// `wl_pointer.enter`; returns the serial (for `set_cursor`).
    @discardableResult
    public func pointerEnter(_ surface: UnsafeMutablePointer<wl_resource>, x: Double, y: Double) -> UInt32 {
        let serial = compositor.serial()
        for pointer in live(pointers, of: surface) {
            wl_pointer_send_enter(pointer.resource, serial, surface, wl_fixed_from_double(x),
                                  wl_fixed_from_double(y + surfaceOffsetY))
        }
        return serial
    }

    /// `wl_pointer.leave`.
    public func pointerLeave(_ surface: UnsafeMutablePointer<wl_resource>) {
        let serial = compositor.serial()
        for pointer in live(pointers, of: surface) { wl_pointer_send_leave(pointer.resource, serial, surface) }
    }

    /// `wl_pointer.motion`.
    public func pointerMotion(x: Double, y: Double, time: UInt32) {
        for pointer in live(pointers) {
            wl_pointer_send_motion(pointer.resource, time, wl_fixed_from_double(x),
                                   wl_fixed_from_double(y + surfaceOffsetY))
        }
    }

    /// `wl_pointer.button` (evdev code, e.g. 0x110 BTN_LEFT); returns the serial.
    @discardableResult
    public func pointerButton(_ button: UInt32, pressed: Bool, time: UInt32) -> UInt32 {
        let serial = compositor.serial()
        for pointer in live(pointers) {
            wl_pointer_send_button(pointer.resource, serial, time, button, pressed ? 1 : 0)
        }
        return serial
    }

    /// `wl_pointer.axis`.
    public func pointerAxis(_ axis: Axis, value: Double, time: UInt32) {
        for pointer in live(pointers) {
            wl_pointer_send_axis(pointer.resource, time, axis.rawValue, wl_fixed_from_double(value))
        }
    }

    /// `wl_pointer.axis_source` (v5+).
    public func pointerAxisSource(_ source: AxisSource) {
        for pointer in live(pointers) where pointer.version >= WL_POINTER_AXIS_SOURCE_SINCE_VERSION {
            wl_pointer_send_axis_source(pointer.resource, source.rawValue)
        }
    }

    /// `wl_pointer.axis_stop` (v5+).
    public func pointerAxisStop(_ axis: Axis, time: UInt32) {
        for pointer in live(pointers) where pointer.version >= WL_POINTER_AXIS_STOP_SINCE_VERSION {
            wl_pointer_send_axis_stop(pointer.resource, time, axis.rawValue)
        }
    }

    /// `wl_pointer.axis_discrete` (v5–7) or, to v8+ resources,
    /// `axis_value120` with `steps * 120`, as a real compositor would.
    public func pointerAxisSteps(_ axis: Axis, steps: Int32) {
        for pointer in live(pointers) {
            if pointer.version >= WL_POINTER_AXIS_VALUE120_SINCE_VERSION {
                wl_pointer_send_axis_value120(pointer.resource, axis.rawValue, steps * 120)
            } else if pointer.version >= WL_POINTER_AXIS_DISCRETE_SINCE_VERSION {
                wl_pointer_send_axis_discrete(pointer.resource, axis.rawValue, steps)
            }
        }
    }

    /// `wl_pointer.frame` (v5+).
    public func pointerFrame() {
        for pointer in live(pointers) where pointer.version >= WL_POINTER_FRAME_SINCE_VERSION {
            wl_pointer_send_frame(pointer.resource)
        }
    }
}
