import CWaylandProtocols

extension PointerGestures {
    /// The `zwp_pointer_gesture_hold_v1` listener (version 3); `data` is the
    /// unretained `PointerGestures`, which destroys the proxy before it goes
    /// away.
    nonisolated(unsafe) static let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
            begin: { data, _, _, time, surface, fingers in
                from(data).begin(.hold, time: time, surface: surface, fingers: fingers)
            },
            end: { data, _, _, time, cancelled in
                from(data).end(.hold, time: time, cancelled: cancelled != 0)
            }))
        return listener
    }()
}
