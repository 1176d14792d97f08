import CWaylandClient
import WaylandInput

/// One seat's `wl_touch`: the listener feeding a `TouchFrameAssembler`.
final class Touch {
    private let proxy: OpaquePointer
    private let seatProxy: OpaquePointer
    private let environment: SeatEnvironment
    private var assembler: TouchFrameAssembler
    /// The surface of our windows the touches down now went down on: a
    /// sequence belongs to the window it started on, and a finger landing on
    /// another of our windows meanwhile is ignored like one on a foreign
    /// surface (one frame goes to one window).
    private var targetSurface: OpaquePointer?

    /// Binds `wl_seat.get_touch` for `seat`.
    init(seat: OpaquePointer, name: String, environment: SeatEnvironment) {
        proxy = wl_seat_get_touch(seat)
        seatProxy = seat
        self.environment = environment
        assembler = TouchFrameAssembler(seat: name)
        wl_touch_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends every touch still down (cancelled) and releases the proxy
    /// (`wl_touch.release` from version 3, plain destruction before).
    func destroy() {
        emit(assembler.cancelAll(), cancelledBy: .removed)
        if wl_touch_get_version(proxy) >= WL_TOUCH_RELEASE_SINCE_VERSION {
            wl_touch_release(proxy)
        } else {
            wl_touch_destroy(proxy)
        }
    }

    /// `wl_seat.name` arrived or changed.
    func rename(_ name: String) {
        assembler.seat = name
    }

    /// The event queue is drained: changes still waiting for a
    /// `wl_touch.frame` (weston ≤ 10 and mutter 43 send none after the last
    /// `up`) go out now.
    func flush() {
        if let frame = assembler.flush() {
            environment.emit(.touch(frame), origin: .missingFrame, target: targetSurface)
        }
    }

    /// Frames the assembler closed itself: the changes still pending
    /// (no frame closed them), then the cancellation, for `reason`.
    private func emit(_ frames: [TouchInputFrame], cancelledBy reason: InputOrigin) {
        for frame in frames {
            environment.emit(.touch(frame), origin: frame.cancelled ? reason : .missingFrame, target: targetSurface)
        }
    }

    private func down(serial: UInt32, time: UInt32, surface: OpaquePointer?, id: Int32,
                      x: Double, y: Double) {
        if environment.isOurSurface(surface), assembler.activeIDs.isEmpty, !assembler.hasPending {
            targetSurface = surface
        }
        let ours = environment.isOurSurface(surface) && surface == targetSurface
        emit(assembler.down(id: id, x: x, y: y, time: time, onOurSurface: ours), cancelledBy: .reusedID)
        if ours { environment.notePress(seatProxy, serial) }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Touch {
        Unmanaged<Touch>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_touch` listener; `data` is the unretained `Touch`, which
    /// destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_touch_listener(
            down: { data, _, serial, time, surface, id, x, y in
                from(data).down(serial: serial, time: time, surface: surface, id: id,
                                x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            up: { data, _, _, time, id in
                from(data).assembler.up(id: id, time: time)
            },
            motion: { data, _, time, id, x, y in
                from(data).assembler.motion(id: id, x: wl_fixed_to_double(x),
                                            y: wl_fixed_to_double(y), time: time)
            },
            frame: { data, _ in
                let touch = from(data)
                if let frame = touch.assembler.frame() { touch.environment.emit(.touch(frame), target: touch.targetSurface) }
            },
            cancel: { data, _ in
                let touch = from(data)
                touch.emit(touch.assembler.cancelAll(), cancelledBy: .cancel)
            },
            shape: { data, _, id, major, minor in
                from(data).assembler.shape(id: id, major: wl_fixed_to_double(major),
                                           minor: wl_fixed_to_double(minor))
            },
            orientation: { data, _, id, orientation in
                from(data).assembler.orientation(id: id, degrees: wl_fixed_to_double(orientation))
            }))
        return listener
    }()
}
