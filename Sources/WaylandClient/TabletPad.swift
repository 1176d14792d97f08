import CWaylandClient
import CWaylandProtocols

/// One pad of a tablet seat (`zwp_tablet_pad_v2`: the buttons, rings,
/// strips and, from version 2, dials on the tablet's frame). The app gives pad buttons no meaning yet;
/// the pad is followed so that its objects, and those of its groups, live
/// exactly as long as the compositor says and are destroyed on `removed`.
final class TabletPad {
    let proxy: OpaquePointer
    /// `zwp_tablet_pad_group_v2` objects announced by `group`.
    private var groups: [TabletPadGroup] = []
    private let onRemoved: (TabletPad) -> Void

    /// Takes ownership of a proxy announced by `zwp_tablet_seat_v2.pad_added`.
    init(proxy: OpaquePointer, onRemoved: @escaping (TabletPad) -> Void) {
        self.proxy = proxy
        self.onRemoved = onRemoved
        zwp_tablet_pad_v2_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the groups, then the pad (`zwp_tablet_pad_v2.destroy`).
    func destroy() {
        for group in groups { group.destroy() }
        groups = []
        zwp_tablet_pad_v2_destroy(proxy)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletPad {
        Unmanaged<TabletPad>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `zwp_tablet_pad_v2` listener; `data` is the unretained pad, which
    /// destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_tablet_pad_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_pad_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_pad_v2_listener(
            group: { data, _, group in
                guard let group else { return }
                from(data).groups.append(TabletPadGroup(proxy: group))
            },
            path: { _, _, _ in },
            buttons: { _, _, _ in },
            done: { _, _ in },
            button: { _, _, _, _, _ in },
            enter: { _, _, _, _, _ in },
            leave: { _, _, _, _ in },
            removed: { data, _ in
                let pad = from(data)
                pad.onRemoved(pad)
            }))
        return listener
    }()
}

/// A pad's `zwp_tablet_pad_group_v2`, holding its rings, strips and dials
/// until the pad is destroyed.
final class TabletPadGroup {
    private let proxy: OpaquePointer
    private var rings: [OpaquePointer] = []
    private var strips: [OpaquePointer] = []
    /// `zwp_tablet_pad_dial_v2` objects (manager version 2).
    private var dials: [OpaquePointer] = []

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        zwp_tablet_pad_group_v2_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the rings, strips and dials, then the group. They get no
    /// listener: libwayland drops events for a proxy without one, and the
    /// app has no use for them yet.
    func destroy() {
        for ring in rings { zwp_tablet_pad_ring_v2_destroy(ring) }
        for strip in strips { zwp_tablet_pad_strip_v2_destroy(strip) }
        for dial in dials { zwp_tablet_pad_dial_v2_destroy(dial) }
        rings = []
        strips = []
        dials = []
        zwp_tablet_pad_group_v2_destroy(proxy)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletPadGroup {
        Unmanaged<TabletPadGroup>.fromOpaque(data!).takeUnretainedValue()
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_tablet_pad_group_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_pad_group_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_pad_group_v2_listener(
            buttons: { _, _, _ in },
            ring: { data, _, ring in
                if let ring { from(data).rings.append(ring) }
            },
            strip: { data, _, strip in
                if let strip { from(data).strips.append(strip) }
            },
            modes: { _, _, _ in },
            done: { _, _ in },
            mode_switch: { _, _, _, _, _ in },
            dial: { data, _, dial in
                if let dial { from(data).dials.append(dial) }
            }))
        return listener
    }()
}
