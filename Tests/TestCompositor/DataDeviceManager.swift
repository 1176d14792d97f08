#if canImport(Glibc)
import Glibc
#endif
import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `wl_data_device_manager`: the clipboard. The returned
    /// object is the compositor's clipboard, through which the test plays
    /// another client that copies or pastes.
    @discardableResult
    public func addDataDeviceManager(version: Int32 = 3) -> TestClipboard {
        let clipboard = TestClipboard(compositor: self)
        addGlobal(interface: tts_wl_data_device_manager_interface(), version: version) {
            [unowned self] client, version, id in
            _ = DataDeviceManagerResource(clipboard: clipboard, compositor: self, client: client,
                                          version: version, id: id)
        }
        return clipboard
    }
}

/// A client's `wl_data_device_manager`: hands out sources and devices.
final class DataDeviceManagerResource: ServerObject {
    private let clipboard: TestClipboard

    init(clipboard: TestClipboard, compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        self.clipboard = clipboard
        super.init(compositor: compositor, client: client, interface: tts_wl_data_device_manager_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            _ = DataSourceResource(compositor: compositor, client: client, version: version, id: arguments[0].n)
        case 1:
            let device = DataDeviceResource(clipboard: clipboard, compositor: compositor, client: client,
                                            version: version, id: arguments[0].n)
            clipboard.added(device)
        default: preconditionFailure("wl_data_device_manager has no request \(opcode)")
        }
    }
}

/// A client's `wl_data_source`: the types it offers.
final class DataSourceResource: ServerObject {
    private(set) var types: [String] = []

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wl_data_source_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: types.append(String(cString: arguments[0].s))
        case 1: destroy()
        case 2: break // set_actions: drag and drop only
        default: preconditionFailure("wl_data_source has no request \(opcode)")
        }
    }
}

/// A client's `wl_data_device`: sets the selection.
final class DataDeviceResource: ServerObject {
    private unowned let clipboard: TestClipboard

    init(clipboard: TestClipboard, compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        self.clipboard = clipboard
        super.init(compositor: compositor, client: client, interface: tts_wl_data_device_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: break // start_drag: the app never drags
        case 1:
            let source = Self.resource(arguments, 0).map { ServerObject.object(for: $0) as! DataSourceResource }
            clipboard.setSelection(source, serial: arguments[1].u)
        case 2: destroy()
        default: preconditionFailure("wl_data_device has no request \(opcode)")
        }
    }
}

/// A `wl_data_offer` the compositor made for one client: the selection
/// at the time it was sent, or a drag another client started (`dragged`,
/// its contents). `receive` hands the pipe to the selection's owner, or
/// writes the drag's bytes; a drag's accept, actions and finish are noted.
final class DataOfferResource: ServerObject {
    private unowned let clipboard: TestClipboard
    /// Which selection it stands for; a newer one makes it stale.
    let generation: Int
    /// The drag's types and bytes; nil for a selection offer.
    let dragged: [(type: String, bytes: [UInt8])]?
    /// The type `accept` named last (nil: declined), once it was sent.
    private(set) var accepted: String??
    /// The actions `set_actions` asked for last (supported, preferred).
    private(set) var actions: (supported: UInt32, preferred: UInt32)?
    private(set) var finished = false

    init(clipboard: TestClipboard, generation: Int, compositor: TestCompositor, client: OpaquePointer, version: Int32,
         dragged: [(type: String, bytes: [UInt8])]? = nil) {
        self.clipboard = clipboard
        self.generation = generation
        self.dragged = dragged
        super.init(compositor: compositor, client: client, interface: tts_wl_data_offer_interface(),
                   version: version, id: 0)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: accepted = .some(arguments[1].s.map { String(cString: $0) })
        case 3: finished = true
        case 4: actions = (arguments[0].u, arguments[1].u)
        case 1:
            let fd = arguments[1].h
            if let dragged {
                let type = String(cString: arguments[0].s)
                if let bytes = dragged.first(where: { $0.type == type })?.bytes {
                    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    precondition(written == bytes.count, "the test's drag contents did not fit the pipe")
                }
            } else if generation == clipboard.generation {
                clipboard.transfer(String(cString: arguments[0].s), to: fd)
            }
            close(fd)
        case 2: destroy()
        default: preconditionFailure("wl_data_offer has no request \(opcode)")
        }
    }
}
