import CWaylandClient

/// One seat's `wl_data_device`: follows the seat's clipboard (the
/// `selection` offer) and sets it, and takes files dropped on our windows.
/// A drag over one of our surfaces offering `text/uri-list` is accepted
/// (as a copy); its drop hands the offer on (`FileDrop`), which reads it
/// and finishes it. Any other drag is declined, said once as it enters.
final class DataDevice {
    /// The type a drag of files comes in.
    static let uriListType = "text/uri-list"

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
    /// The offer dragged over our surface now, the surface, and whether
    /// it was accepted.
    private var drag: (offer: DataOffer, surface: OpaquePointer, accepted: Bool)?
    /// Where drags go: which surfaces are ours, what a drop does.
    private let drops: FileDrop

    /// `wl_data_device_manager.get_data_device` for `seat`.
    init(manager: OpaquePointer, seat: OpaquePointer, drops: FileDrop, onSelection: @escaping () -> Void) {
        proxy = wl_data_device_manager_get_data_device(manager, seat)
        self.seat = seat
        self.drops = drops
        self.onSelection = onSelection
        wl_data_device_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the offers and releases the device (`release` from version 2).
    func destroy() {
        for offer in introduced { offer.destroy() }
        introduced = []
        selection?.destroy()
        selection = nil
        drag?.offer.destroy()
        drag = nil
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

    /// `enter`: a drag came over `surface`. Files over one of ours are
    /// accepted as a copy; anything else (or elsewhere) is declined.
    private func dragEntered(serial: UInt32, surface: OpaquePointer?, with proxy: OpaquePointer?) {
        dragEnded()
        guard let offer = claim(proxy) else { return }
        guard let surface, drops.isOurSurface(surface) else {
            offer.destroy()
            return
        }
        let accepted = offer.types.contains(Self.uriListType)
        wl_data_offer_accept(offer.proxy, serial, accepted ? Self.uriListType : nil)
        if wl_data_offer_get_version(offer.proxy) >= WL_DATA_OFFER_SET_ACTIONS_SINCE_VERSION {
            let action = accepted ? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
                : WL_DATA_DEVICE_MANAGER_DND_ACTION_NONE.rawValue
            wl_data_offer_set_actions(offer.proxy, action, action)
        }
        drag = (offer, surface, accepted)
        if !accepted { drops.declined(offer.types, on: surface) }
    }

    /// `leave`: the drag went elsewhere, or was dropped declined.
    private func dragEnded() {
        drag?.offer.destroy()
        drag = nil
    }

    /// `drop`: an accepted drag is read (the offer goes with it).
    private func dropped() {
        guard let drag, drag.accepted else { return dragEnded() }
        self.drag = nil
        drops.take(drag.offer, droppedOn: drag.surface)
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
            enter: { data, _, serial, surface, _, _, offer in
                from(data).dragEntered(serial: serial, surface: surface, with: offer)
            },
            leave: { data, _ in from(data).dragEnded() },
            motion: { _, _, _, _, _ in },
            drop: { data, _ in from(data).dropped() },
            selection: { data, _, offer in from(data).selectionChanged(to: offer) }))
        return listener
    }()
}
