import CWaylandProtocols

/// One graphics tablet of a tablet seat (`zwp_tablet_v2`): its name, which
/// tools report in `proximity_in`, until it is `removed`.
final class Tablet {
    let proxy: OpaquePointer
    /// `zwp_tablet_v2.name`; "" until (or unless) the tablet sends one.
    private(set) var name = ""
    /// Called on `removed`; the owner then destroys the tablet.
    private let onRemoved: (Tablet) -> Void

    /// Takes ownership of a proxy announced by `zwp_tablet_seat_v2.tablet_added`.
    init(proxy: OpaquePointer, onRemoved: @escaping (Tablet) -> Void) {
        self.proxy = proxy
        self.onRemoved = onRemoved
        zwp_tablet_v2_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// `zwp_tablet_v2.destroy`.
    func destroy() {
        zwp_tablet_v2_destroy(proxy)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Tablet {
        Unmanaged<Tablet>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `zwp_tablet_v2` listener; `data` is the unretained `Tablet`,
    /// which destroys the proxy before it goes away. The USB id, device path,
    /// bus type (version 2) and `done` carry nothing the app uses.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_tablet_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_v2_listener(
            name: { data, _, name in
                from(data).name = name.map { String(cString: $0) } ?? ""
            },
            id: { _, _, _, _ in },
            path: { _, _, _ in },
            done: { _, _ in },
            removed: { data, _ in
                let tablet = from(data)
                tablet.onRemoved(tablet)
            },
            bustype: { _, _, _ in }))
        return listener
    }()
}
