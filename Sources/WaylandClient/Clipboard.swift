import CWaylandClient
import CWaylandProtocols
import Platform

/// The clipboard (`wl_data_device_manager`): what the app copies goes to
/// the compositor as a `wl_data_source`; what any client copied arrives as
/// each seat's selection offer, read on request. Every transfer goes through
/// a pipe the event loop polls, so the loop never waits for the other side
/// (which may be this very app, pasting what it copied).
public final class Clipboard {
    /// Highest `wl_data_device_manager` version implemented (3: drag
    /// actions, a drop's copy; 2 brought `release`).
    static let supportedVersion: UInt32 = 3

    /// Called when a seat's clipboard changed (another client copied, or
    /// this one): `offeredTypes` may say something else now.
    public var onChange: (() -> Void)?

    private let loop: EventLoop
    /// The seat and serial of the latest input the user gave the window (a
    /// key, a button, a touch or a pen down): `set_selection` must name one.
    private let latestInput: () -> (seat: OpaquePointer, serial: UInt32)?
    private var manager: (proxy: OpaquePointer, globalName: UInt32)?
    private var seats: [OpaquePointer] = []
    private var devices: [DataDevice] = []
    private var source: DataSource?
    private var writes: [ClipboardWrite] = []
    private var reads: [ClipboardRead] = []
    /// Files dropped on our windows, through the same devices.
    let drops: FileDrop

    init(loop: EventLoop, isOurSurface: @escaping (OpaquePointer) -> Bool,
         latestInput: @escaping () -> (seat: OpaquePointer, serial: UInt32)?) {
        self.loop = loop
        self.latestInput = latestInput
        drops = FileDrop(loop: loop, isOurSurface: isOurSurface)
    }

    /// Whether the compositor offers a clipboard at all.
    public var isAvailable: Bool { manager != nil && !devices.isEmpty }

    /// The types on the clipboard of the seat the user used last (or the
    /// first seat), best first; empty when it is empty.
    public var offeredTypes: [String] { currentDevice?.selection?.types ?? [] }

    /// Puts `contents` on the clipboard of the seat the user used last, for
    /// that input. Returns false when there is no clipboard or no input yet.
    @discardableResult
    public func copy(_ contents: ClipboardContents) -> Bool {
        guard let manager, let input = latestInput(),
              let device = devices.first(where: { $0.seat == input.seat }) else { return false }
        let previous = source
        let created = DataSource(manager: manager.proxy, contents: contents,
                                 write: { [unowned self] fd, bytes in startWrite(fd, bytes) },
                                 onCancelled: { [unowned self] source in cancelled(source) })
        source = created
        device.setSelection(created, serial: input.serial)
        // Replaced by our own new selection: the compositor cancels the old
        // one too, but it can go now.
        previous?.destroy()
        return true
    }

    /// Reads the clipboard as `type`; `completion` runs on the loop's thread
    /// once all of it arrived (or it failed). Never waits for it here.
    public func read(_ type: String, completion: @escaping (Result<[UInt8], ClipboardError>) -> Void) {
        guard let offer = currentDevice?.selection else {
            return completion(.failure(isAvailable ? .typeNotOffered(type) : .unavailable))
        }
        guard offer.types.contains(type) else { return completion(.failure(.typeNotOffered(type))) }
        let fd: FileDescriptor
        do {
            fd = try offer.receive(type)
        } catch {
            return completion(.failure(.transferFailed(error)))
        }
        reads.append(ClipboardRead(fd: fd, loop: loop, completion: completion,
                                   onEnd: { [unowned self] read in reads.removeAll { $0 === read } }))
    }

    /// The device of the seat of the latest input, else the first one.
    private var currentDevice: DataDevice? {
        if let input = latestInput(), let device = devices.first(where: { $0.seat == input.seat }) {
            return device
        }
        return devices.first
    }

    private func startWrite(_ fd: FileDescriptor, _ bytes: [UInt8]) {
        let write = ClipboardWrite(fd: fd, bytes: bytes, loop: loop) { [unowned self] write in
            writes.removeAll { $0 === write }
        }
        // A write that ended at once (its pipe unusable) is not kept.
        if write.isWriting { writes.append(write) }
    }

    private func cancelled(_ cancelled: DataSource) {
        cancelled.destroy()
        if source === cancelled { source = nil }
    }

    // MARK: Globals and seats (from SeatManager)

    /// `wl_data_device_manager` was announced: every seat gets its device.
    func announced(manager global: Global, registry: Registry) {
        guard manager == nil,
              let proxy = registry.bind(global, interface: tt_wl_data_device_manager_interface(),
                                        version: min(global.version, Self.supportedVersion))
        else { return }
        manager = (proxy, global.name)
        for seat in seats { addDevice(for: seat) }
    }

    /// Whether `globalName` was the manager's; if so, the clipboard is gone.
    func removed(globalName: UInt32) -> Bool {
        guard let manager, manager.globalName == globalName else { return false }
        destroy()
        return true
    }

    func seatAdded(_ seat: OpaquePointer) {
        seats.append(seat)
        if manager != nil { addDevice(for: seat) }
    }

    func seatRemoved(_ seat: OpaquePointer) {
        seats.removeAll { $0 == seat }
        guard let index = devices.firstIndex(where: { $0.seat == seat }) else { return }
        devices.remove(at: index).destroy()
        onChange?()
    }

    private func addDevice(for seat: OpaquePointer) {
        guard let manager else { return }
        devices.append(DataDevice(manager: manager.proxy, seat: seat, drops: drops) { [weak self] in self?.onChange?() })
    }

    /// Ends every transfer and destroys every proxy (the manager's last:
    /// `wl_data_device_manager` has no destructor request, the proxy is
    /// only freed).
    func destroy() {
        for read in reads { read.cancel() }
        drops.cancelAll()
        for write in writes { write.end() }
        source?.destroy()
        source = nil
        for device in devices { device.destroy() }
        devices = []
        if let manager { wl_data_device_manager_destroy(manager.proxy) }
        manager = nil
    }
}
