import CWaylandClient
import Platform

/// A `wl_data_offer`: what another client (or this one) put on the
/// clipboard, or drags over the window, and the MIME types it comes in.
final class DataOffer {
    let proxy: OpaquePointer
    /// The types announced with `wl_data_offer.offer`, in order.
    private(set) var types: [String] = []

    /// Follows the offer `wl_data_device.data_offer` introduced.
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wl_data_offer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        wl_data_offer_destroy(proxy)
    }

    /// Asks the owner for the contents as `type` (`wl_data_offer.receive`):
    /// returns the read end of a non-blocking pipe whose write end went to
    /// the owner, which closes it when it has written everything.
    func receive(_ type: String) throws(Errno) -> FileDescriptor {
        let pipe = try NonBlockingPipe()
        wl_data_offer_receive(proxy, type, pipe.writeEnd.rawValue)
        // libwayland duplicated the write end into the request: ours must
        // close, or the read would never see the end of the data.
        try? pipe.writeEnd.close()
        return pipe.readEnd
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> DataOffer {
        Unmanaged<DataOffer>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_data_offer` listener; `data` is the unretained `DataOffer`,
    /// which destroys the proxy before it goes away. Drag-and-drop actions
    /// (`source_actions`, `action`) matter to no offer the app takes.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_data_offer_listener> = {
        let listener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_offer_listener(
            offer: { data, _, type in
                guard let type else { return }
                from(data).types.append(String(cString: type))
            },
            source_actions: { _, _, _ in },
            action: { _, _, _ in }))
        return listener
    }()
}
