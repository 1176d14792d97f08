import CWaylandProtocols

extension PointerGestures {
    /// The `zwp_pointer_gesture_swipe_v1` listener; `data` is the unretained
    /// `PointerGestures`, which destroys the proxy before it goes away.
    nonisolated(unsafe) static let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_swipe_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                from(data).begin(.swipe, time: time, surface: surface, fingers: fingers)
            },
            update: { data, _, time, dx, dy in
                from(data).update(.swipe, time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy))
            },
            end: { data, _, _, time, cancelled in
                from(data).end(.swipe, time: time, cancelled: cancelled != 0)
            }))
        return listener
    }()
}
