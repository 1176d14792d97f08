import CWaylandClient
import CWaylandProtocols

/// The reference client's input: every timed event of a finger, of the
/// pointer while a button is held (a drag, as the app draws), and of a pen
/// in contact (tablet-v2 stamps a pen's events at its `frame`) commits a
/// frame at once (`ReferenceClient.input`). Hover is not input here: the
/// app draws nothing for it either.
extension ReferenceClient {
    private var handle: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    fileprivate func capabilities(_ capabilities: UInt32) {
        if capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil, let seat {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, Self.pointerListener, handle)
        }
        if capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0, touch == nil, let seat {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, Self.touchListener, handle)
        }
    }

    nonisolated(unsafe) static let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in from(data).capabilities(capabilities) },
            name: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) static let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_pointer_listener(
            enter: { data, _, _, _, x, y in
                from(data).pointerPosition = (wl_fixed_to_double(x), wl_fixed_to_double(y))
            },
            leave: { data, _, _, _ in from(data).buttonsHeld = 0 },
            motion: { data, _, time, x, y in
                let client = from(data)
                client.pointerPosition = (wl_fixed_to_double(x), wl_fixed_to_double(y))
                if client.buttonsHeld > 0 {
                    client.input("pointer-motion", time: time, at: client.pointerPosition)
                }
            },
            button: { data, _, _, time, _, state in
                let client = from(data)
                let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
                client.buttonsHeld = max(0, client.buttonsHeld + (pressed ? 1 : -1))
                client.input(pressed ? "pointer-press" : "pointer-release", time: time, at: client.pointerPosition)
            },
            axis: { _, _, _, _, _ in },
            frame: { _, _ in },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) static let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_touch_listener(
            down: { data, _, _, time, _, _, x, y in
                from(data).input("touch-down", time: time, at: (wl_fixed_to_double(x), wl_fixed_to_double(y)))
            },
            up: { data, _, _, time, _ in
                // An up carries no position: nothing painted, still a frame.
                from(data).input("touch-up", time: time, at: nil)
            },
            motion: { data, _, time, _, x, y in
                from(data).input("touch-motion", time: time, at: (wl_fixed_to_double(x), wl_fixed_to_double(y)))
            },
            frame: { _, _ in },
            cancel: { _, _ in },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        return listener
    }()

    fileprivate func toolAdded(_ tool: OpaquePointer) {
        tools.append(tool)
        zwp_tablet_tool_v2_add_listener(tool, Self.toolListener, handle)
    }

    nonisolated(unsafe) static let tabletSeatListener: UnsafeMutablePointer<zwp_tablet_seat_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_seat_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_seat_v2_listener(
            // Tablets and pads are not input here; their events go unheard.
            tablet_added: { _, _, _ in },
            tool_added: { data, _, tool in if let tool { from(data).toolAdded(tool) } },
            pad_added: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) static let toolListener: UnsafeMutablePointer<zwp_tablet_tool_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_tool_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_tool_v2_listener(
            type: { _, _, _ in },
            hardware_serial: { _, _, _, _ in },
            hardware_id_wacom: { _, _, _, _ in },
            capability: { _, _, _ in },
            done: { _, _ in },
            removed: { data, tool in
                let client = from(data)
                client.tools.removeAll { $0 == tool }
                zwp_tablet_tool_v2_destroy(tool)
            },
            proximity_in: { _, _, _, _, _ in },
            proximity_out: { data, _ in from(data).penDown = false },
            down: { data, _, _ in
                let client = from(data)
                client.penDown = true
                client.penChanged = true
            },
            up: { data, _ in
                let client = from(data)
                client.penDown = false
                client.penChanged = true
            },
            motion: { data, _, x, y in
                let client = from(data)
                client.penPosition = (wl_fixed_to_double(x), wl_fixed_to_double(y))
                if client.penDown { client.penChanged = true }
            },
            pressure: { _, _, _ in },
            distance: { _, _, _ in },
            tilt: { _, _, _, _ in },
            rotation: { _, _, _ in },
            slider: { _, _, _ in },
            wheel: { _, _, _, _ in },
            button: { _, _, _, _, _ in },
            frame: { data, _, time in
                let client = from(data)
                guard client.penChanged else { return }
                client.penChanged = false
                client.input("pen-frame", time: time, at: client.penPosition)
            }))
        return listener
    }()
}
