#if canImport(Glibc)
import Glibc
#endif
import CWaylandServer
import CWaylandServerProtocols

/// The scripted compositor's clipboard (`addDataDeviceManager`): the
/// selection a client set (`wl_data_device.set_selection`), sent to every
/// data device as a new offer, as compositors send it to the focused
/// client. The test plays another client: `copyAsOtherClient` puts its
/// contents on the clipboard, `pasteAsOtherClient` asks the owner for a type.
public final class TestClipboard {
    /// Who owns the selection.
    enum Owner {
        case none
        case client(DataSourceResource)
        case other([(type: String, bytes: [UInt8])])
    }

    unowned let compositor: TestCompositor
    private var devices: [DataDeviceResource] = []
    private var owner = Owner.none
    /// Counts selections: an offer of an older one receives nothing.
    private(set) var generation = 0
    /// The serials of every `set_selection` received, oldest first.
    public private(set) var selectionSerials: [UInt32] = []
    /// How many client sources were cancelled (replaced by a newer selection).
    public private(set) var cancelledSources = 0

    init(compositor: TestCompositor) {
        self.compositor = compositor
    }

    /// The clients' data devices not yet released.
    public var liveDevices: Int { devices.count(where: \.isAlive) }

    /// The types the client's source offers, while it owns the selection.
    public var clientSourceTypes: [String]? {
        guard case .client(let source) = owner, source.isAlive else { return nil }
        return source.types
    }

    /// Another client copied `items` (type and bytes, best first).
    public func copyAsOtherClient(_ items: [(type: String, bytes: [UInt8])]) {
        replaceOwner(with: .other(items))
    }

    /// Another client pastes `type`: the client owning the selection gets
    /// `wl_data_source.send` with the write end of a pipe; returns the
    /// non-blocking read end (the caller closes it), nil when no client owns it.
    public func pasteAsOtherClient(_ type: String) -> Int32? {
        guard case .client(let source) = owner, source.isAlive else { return nil }
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe failed")
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        wl_data_source_send_send(source.resource, type, ends[1])
        // libwayland duplicated the write end into the event.
        close(ends[1])
        return ends[0]
    }

    // MARK: Drag and drop

    /// The drag in progress (`dragAsOtherClient`), its offer to the client.
    private var drag: (offer: DataOfferResource, device: DataDeviceResource)?

    /// Another client drags `items` (type and bytes) over `surface` at
    /// (`x`, `y`): the client's first data device gets a new offer, its
    /// types and `enter`.
    public func dragAsOtherClient(_ items: [(type: String, bytes: [UInt8])],
                                  onto surface: UnsafeMutablePointer<wl_resource>, x: Double, y: Double) {
        guard let device = devices.first(where: \.isAlive) else { return }
        let offer = DataOfferResource(clipboard: self, generation: generation, compositor: compositor,
                                      client: device.client, version: device.version, dragged: items)
        wl_data_device_send_data_offer(device.resource, offer.resource)
        for item in items { wl_data_offer_send_offer(offer.resource, item.type) }
        if device.version >= 3 {
            wl_data_offer_send_source_actions(offer.resource, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
        }
        wl_data_device_send_enter(device.resource, compositor.serial(), surface,
                                  wl_fixed_from_double(x), wl_fixed_from_double(y), offer.resource)
        drag = (offer, device)
    }

    /// The drag is dropped where it is (`drop`); a compositor sends no
    /// leave after it.
    public func dropDrag() {
        guard let drag, drag.device.isAlive else { return }
        wl_data_device_send_drop(drag.device.resource)
    }

    /// The drag goes elsewhere (`leave`).
    public func leaveDrag() {
        guard let drag, drag.device.isAlive else { return }
        wl_data_device_send_leave(drag.device.resource)
        self.drag = nil
    }

    /// The type the client accepted for the drag (nil: it declined; absent
    /// until it answered).
    public var dragAccepted: String?? { drag?.offer.accepted }
    /// The actions the client asked for the drag, as (supported, preferred).
    public var dragActions: (supported: UInt32, preferred: UInt32)? { drag?.offer.actions }
    /// Whether the client finished the drop (`wl_data_offer.finish`).
    public var dragFinished: Bool { drag?.offer.finished ?? false }
    /// Whether the client destroyed the drag's offer.
    public var dragOfferDestroyed: Bool { drag.map { !$0.offer.isAlive } ?? false }

    func added(_ device: DataDeviceResource) {
        devices.append(device)
        announce(to: device)
    }

    func setSelection(_ source: DataSourceResource?, serial: UInt32) {
        selectionSerials.append(serial)
        replaceOwner(with: source.map { .client($0) } ?? .none)
    }

    /// What a `receive` of the current selection does: the client's source
    /// is asked to write (`send`), another client's bytes are written here.
    /// Those are small in tests: one blocking write fits the pipe.
    func transfer(_ type: String, to fd: Int32) {
        switch owner {
        case .none: break
        case .client(let source):
            if source.isAlive { wl_data_source_send_send(source.resource, type, fd) }
        case .other(let items):
            guard let bytes = items.first(where: { $0.type == type })?.bytes else { return }
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            precondition(written == bytes.count, "the test's clipboard contents did not fit the pipe")
        }
    }

    private func replaceOwner(with newOwner: Owner) {
        if case .client(let old) = owner, old.isAlive {
            if case .client(let new) = newOwner, new === old {} else {
                wl_data_source_send_cancelled(old.resource)
                cancelledSources += 1
            }
        }
        owner = newOwner
        generation += 1
        for device in devices where device.isAlive { announce(to: device) }
    }

    /// Sends the selection to `device`: a new offer with its types, then
    /// `selection` naming it (nil when the clipboard is empty).
    private func announce(to device: DataDeviceResource) {
        let types: [String]
        switch owner {
        case .none:
            wl_data_device_send_selection(device.resource, nil)
            return
        case .client(let source): types = source.types
        case .other(let items): types = items.map(\.type)
        }
        let offer = DataOfferResource(clipboard: self, generation: generation, compositor: compositor,
                                      client: device.client, version: device.version)
        wl_data_device_send_data_offer(device.resource, offer.resource)
        for type in types { wl_data_offer_send_offer(offer.resource, type) }
        wl_data_device_send_selection(device.resource, offer.resource)
    }
}
