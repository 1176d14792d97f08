import CWaylandServer
import CWaylandServerProtocols

/// `wl_touch` events. Coordinates are surface-local; ids are the test's.
extension TestSeat {
    /// `wl_touch.down` on `surface`; returns the serial.
    @discardableResult
    public func touchDown(on surface: UnsafeMutablePointer<wl_resource>, id: Int32,
                          x: Double, y: Double, time: UInt32) -> UInt32 {
        let serial = compositor.serial()
        for touch in live(touches, of: surface) {
            wl_touch_send_down(touch.resource, serial, time, surface, id,
                               wl_fixed_from_double(x), wl_fixed_from_double(y + surfaceOffsetY))
        }
        return serial
    }

    /// `wl_touch.motion`.
    public func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        for touch in live(touches) {
            wl_touch_send_motion(touch.resource, time, id, wl_fixed_from_double(x),
                                 wl_fixed_from_double(y + surfaceOffsetY))
        }
    }

    /// `wl_touch.up`.
    public func touchUp(id: Int32, time: UInt32) {
        let serial = compositor.serial()
        for touch in live(touches) { wl_touch_send_up(touch.resource, serial, time, id) }
    }

    /// `wl_touch.frame`.
    public func touchFrame() {
        for touch in live(touches) { wl_touch_send_frame(touch.resource) }
    }

    /// `wl_touch.cancel`.
    public func touchCancel() {
        for touch in live(touches) { wl_touch_send_cancel(touch.resource) }
    }

    /// `wl_touch.shape` (v6+).
    public func touchShape(id: Int32, major: Double, minor: Double) {
        for touch in live(touches) where touch.version >= WL_TOUCH_SHAPE_SINCE_VERSION {
            wl_touch_send_shape(touch.resource, id, wl_fixed_from_double(major), wl_fixed_from_double(minor))
        }
    }

    /// `wl_touch.orientation` (v6+).
    public func touchOrientation(id: Int32, degrees: Double) {
        for touch in live(touches) where touch.version >= WL_TOUCH_ORIENTATION_SINCE_VERSION {
            wl_touch_send_orientation(touch.resource, id, wl_fixed_from_double(degrees))
        }
    }
}
