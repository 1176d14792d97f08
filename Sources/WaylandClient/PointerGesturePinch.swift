import CWaylandProtocols

extension PointerGestures {
    /// The `zwp_pointer_gesture_pinch_v1` listener; `data` is the unretained
    /// `PointerGestures`, which destroys the proxy before it goes away.
    nonisolated(unsafe) static let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                from(data).begin(.pinch, time: time, surface: surface, fingers: fingers)
            },
            update: { data, _, time, dx, dy, scale, rotation in
                from(data).update(.pinch, time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                                  scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
            },
            end: { data, _, _, time, cancelled in
                from(data).end(.pinch, time: time, cancelled: cancelled != 0)
            }))
        return listener
    }()
}
