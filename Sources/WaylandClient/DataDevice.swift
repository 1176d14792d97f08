import CWaylandClient

/// One seat's `wl_data_device`: follows the seat's clipboard (the
/// `selection` offer) and sets it. Offers dragged over the window are
/// declined (nothing is accepted) and destroyed when the drag leaves.
final class DataDevice {
    let proxy: OpaquePointer
    /// The `wl_seat` this device belongs to.
    let seat: OpaquePointer
    /// The clipboard's contents as offered now; nil when empty.
    private(set) var selection: DataOffer?
    /// Called when the selection changed (another client copied, or this one).
    private let onSelection: () -> Void
    /// Offers introduced by `data_offer` and not yet named by `selection`
    /// or `enter`.
    private var introduced: [DataOffer] = []
    private var dragOffer: DataOffer?

    /// `wl_data_device_manager.get_data_device` for `seat`.
    init(manager: OpaquePointer, seat: OpaquePointer, onSelection: @escaping () -> Void) {
        proxy = wl_data_device_manager_get_data_device(manager, seat)
        self.seat = seat
        self.onSelection = onSelection
        wl_data_device_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the offers and releases the device (`release` from version 2).
    func destroy() {
        for offer in introduced { offer.destroy() }
        introduced = []
        selection?.destroy()
        selection = nil
        dragOffer?.destroy()
        dragOffer = nil
        if wl_data_device_get_version(proxy) >= WL_DATA_DEVICE_RELEASE_SINCE_VERSION {
            wl_data_device_release(proxy)
        } else {
            wl_data_device_destroy(proxy)
        }
    }

    /// `wl_data_device.set_selection`: `source` (nil: clear) becomes the
    /// clipboard, for the input event `serial` (the compositor refuses a
    /// request no recent input of this client's seat asked for).
    func setSelection(_ source: DataSource?, serial: UInt32) {
        wl_data_device_set_selection(proxy, source?.proxy, serial)
    }

    /// The introduced offer behind `proxy`, no longer waiting.
    private func claim(_ proxy: OpaquePointer?) -> DataOffer? {
        guard let proxy, let index = introduced.firstIndex(where: { $0.proxy == proxy }) else { return nil }
        return introduced.remove(at: index)
    }

    private func selectionChanged(to proxy: OpaquePointer?) {
        selection?.destroy()
        selection = claim(proxy)
        onSelection()
    }

    private func dragEntered(with proxy: OpaquePointer?) {
        dragOffer?.destroy()
        dragOffer = claim(proxy)
    }

    private func dragEnded() {
        dragOffer?.destroy()
        dragOffer = nil
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> DataDevice {
        Unmanaged<DataDevice>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_data_device` listener; `data` is the unretained `DataDevice`,
    /// which releases the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_data_device_listener> = {
        let listener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_device_listener(
            data_offer: { data, _, offer in
                guard let offer else { return }
                from(data).introduced.append(DataOffer(proxy: offer))
            },
            enter: { data, _, _, _, _, _, offer in from(data).dragEntered(with: offer) },
            leave: { data, _ in from(data).dragEnded() },
            motion: { _, _, _, _, _ in },
            drop: { data, _ in from(data).dragEnded() },
            selection: { data, _, offer in from(data).selectionChanged(to: offer) }))
        return listener
    }()
}
