import CLibEI
import DBus
import InputEmulation

/// Input through EIS, the emulated-input server a compositor runs for
/// libei clients: one standard library (libei, loaded at run time) for the
/// touch screen, absolute pointer, wheel and keyboard, instead of a private
/// protocol per desktop. The socket comes from the compositor over the
/// session bus named by `DBUS_SESSION_BUS_ADDRESS`:
/// - mutter 46 and later: a RemoteDesktop session's `ConnectToEIS({})`; the
///   session records the primary monitor (`RemoteDesktopSession`), whose
///   stream the devices' positions map through, and offers it to `--drive`
///   as a PipeWire node;
/// - KWin 6.1 and later: `org.kde.KWin.EIS.RemoteDesktop.connectToEIS`.
///
/// Tried first: where libei is missing (Debian 12 has none) or neither
/// compositor offers EIS, it is not offered, with the reason, and the
/// compositor's own interface drives the run.
///
/// Both compositors add the seat's touch capability only with the touch
/// screen's first event, which therefore reaches no client: `plug` sends a
/// stroke of its own first, in the corner of the device's region, before
/// the app has bound the device. Touch cancel goes out as `ei_touch_cancel`;
/// what the app receives for it is the compositor's doing (both deliver
/// `wl_touch.up` today), and the case says so.
final class EISBackend: EmulationBackend {
    static let candidate = EmulationBackends.Candidate(name: "EIS (libei)") { environment in
        try EISBackend(busAddress: environment["DBUS_SESSION_BUS_ADDRESS"])
    }

    /// Where the EIS socket came from; kept open while the sender is, as
    /// both compositors drop the client's devices with it.
    private enum Source {
        case mutter(RemoteDesktopSession)
        case kwin(KWinEISConnection)
    }

    let name: String
    private var source: Source?
    private var sender: EISSender?
    /// The devices whose first event has been sent (`plug`).
    private var primed: Set<EmulatedDevice> = []

    /// The PipeWire node of mutter's screen cast (`conformance --drive`'s
    /// `node`); nil on KWin or once closed.
    var pipeWireNode: UInt32? {
        if case .mutter(let session) = source, sender != nil { return session.pipeWireNode }
        return nil
    }

    /// Loads libei, asks the compositor on the bus at `busAddress` for an
    /// EIS socket and waits for its devices; throws `EmulationUnavailable`
    /// with the reason where any of that is missing.
    init(busAddress: String?) throws {
        do {
            try LibEI.load()
        } catch {
            throw EmulationUnavailable(reason: error.description)
        }
        guard let busAddress, !busAddress.isEmpty else {
            throw EmulationUnavailable(reason: "no D-Bus session bus to ask for an EIS socket (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        let socket: Int32
        do {
            let bus = try BusConnection(address: busAddress)
            if try bus.hasOwner(RemoteDesktopSession.service) {
                let session: RemoteDesktopSession
                do {
                    session = try RemoteDesktopSession(bus: bus)
                } catch {
                    throw EmulationUnavailable(reason: "mutter's RemoteDesktop session did not start: \(error) "
                                                       + "(its screen cast needs PipeWire running)")
                }
                do {
                    socket = try session.connectToEIS()
                } catch {
                    throw EmulationUnavailable(reason: "mutter offers no EIS (RemoteDesktop ConnectToEIS, mutter 46 and later): \(error)")
                }
                source = .mutter(session)
                name = "EIS (libei; mutter's RemoteDesktop ConnectToEIS)"
            } else if try bus.hasOwner(KWinEISConnection.service) {
                let connection: KWinEISConnection
                do {
                    connection = try KWinEISConnection(bus: bus)
                } catch {
                    throw EmulationUnavailable(reason: "KWin offers no EIS (org.kde.KWin.EIS.RemoteDesktop, KWin 6.1 and later "
                                                       + "with kwin-common's EIS plugin): \(error)")
                }
                guard let taken = connection.takeSocket() else {
                    throw EmulationUnavailable(reason: "KWin's connectToEIS gave no socket")
                }
                socket = taken
                source = .kwin(connection)
                name = "EIS (libei; KWin's org.kde.KWin.EIS.RemoteDesktop)"
            } else {
                throw EmulationUnavailable(reason: "neither mutter (\(RemoteDesktopSession.service)) nor KWin "
                                                   + "(\(KWinEISConnection.service)) is on the session bus to give an EIS socket")
            }
        } catch let error as BusError {
            throw EmulationUnavailable(reason: error.description)
        }
        do {
            let sender = try EISSender(fd: socket, name: "touchtracker conformance")
            // The compositors add every device at once; what has not come
            // by then is reported per device by `unavailableReason`.
            _ = try sender.awaitDevices(with: [TT_EI_CAP_TOUCH, TT_EI_CAP_POINTER_ABSOLUTE, TT_EI_CAP_KEYBOARD])
            self.sender = sender
        } catch {
            close()
            throw EmulationUnavailable(reason: "\(name): \(error)")
        }
    }

    var layoutSize: OutputPoint? {
        guard let region = sender?.region(of: TT_EI_CAP_TOUCH) ?? sender?.region(of: TT_EI_CAP_POINTER_ABSOLUTE) else {
            return nil
        }
        return OutputPoint(x: region.x + region.width, y: region.y + region.height)
    }

    func unavailableReason(for device: EmulatedDevice) -> String? {
        guard let sender else { return "the EIS connection is closed" }
        let capability: Int
        switch device {
        case .touch: capability = TT_EI_CAP_TOUCH
        case .pointer: capability = TT_EI_CAP_POINTER_ABSOLUTE
        case .keyboard: capability = TT_EI_CAP_KEYBOARD
        case .tablet: return "EIS (libei 1.x) has no tablet"
        }
        guard sender.hasDevice(with: capability) else {
            return "the compositor's EIS gave no \(device.rawValue) device (devices: "
                + sender.deviceNames.joined(separator: ", ") + ")"
        }
        return nil
    }

    /// Sends the device's first event, which the compositor turns into the
    /// seat's capability: a stroke, a motion or a modifier key at the far
    /// corner of the region, where no window is under a 1280×800 layout's
    /// newly mapped client. No client has bound the device yet when it goes
    /// out, and the app's loop does not turn during this call.
    func plug(_ device: EmulatedDevice) throws {
        if let reason = unavailableReason(for: device) { throw EmulationUnavailable(reason: reason) }
        guard !primed.contains(device) else { return }
        let corner = layoutSize.map { OutputPoint(x: $0.x - 1, y: $0.y - 1) } ?? OutputPoint(x: 1, y: 1)
        try call { sender in
            switch device {
            case .touch:
                try sender.touchDown(slot: Self.primingSlot, x: corner.x, y: corner.y)
                try sender.frame()
                try sender.touchUp(slot: Self.primingSlot)
            case .pointer:
                try sender.pointerMotion(x: corner.x, y: corner.y)
            case .keyboard:
                try sender.key(Self.rightShift, pressed: true)
                try sender.frame()
                try sender.key(Self.rightShift, pressed: false)
            case .tablet:
                return
            }
            try sender.frame()
            try sender.sync()
        }
        primed.insert(device)
    }

    // MARK: Touch

    func touchDown(slot: Int, at point: OutputPoint) throws {
        try call { try $0.touchDown(slot: slot, x: point.x, y: point.y) }
    }

    func touchMotion(slot: Int, to point: OutputPoint) throws {
        try call { try $0.touchMotion(slot: slot, x: point.x, y: point.y) }
    }

    func touchUp(slot: Int) throws {
        try call { try $0.touchUp(slot: slot) }
    }

    func touchFrame() throws {
        try call { sender in
            try sender.frame()
            try sender.sync()
        }
    }

    var groupsTouchChanges: Bool { true }

    func touchCancel() throws {
        try call { sender in
            try sender.touchCancel()
            try sender.frame()
            try sender.sync()
        }
    }

    // MARK: Pointer

    func pointerMotion(to point: OutputPoint) throws {
        try call { try $0.pointerMotion(x: point.x, y: point.y) }
    }

    func pointerButton(_ button: UInt32, pressed: Bool) throws {
        try call { try $0.pointerButton(button, pressed: pressed) }
    }

    /// `ei_device_scroll_discrete`: 120 per detent, as `value120`.
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws {
        try call { sender in
            switch axis {
            case .vertical: try sender.scrollDiscrete(dx120: 0, dy120: value120)
            case .horizontal: try sender.scrollDiscrete(dx120: value120, dy120: 0)
            }
        }
    }

    func pointerFrame() throws {
        try call { try $0.frame() }
    }

    // MARK: Keyboard

    /// Each key is a frame of its own, as a real keyboard's.
    func key(_ code: UInt32, pressed: Bool) throws {
        try call { sender in
            try sender.key(code, pressed: pressed)
            try sender.frame()
            try sender.sync()
        }
    }

    // MARK: Flow

    func sync() throws {
        try call { try $0.frame() }
        try call { try $0.sync() }
    }

    func close() {
        sender = nil
        switch source {
        case .mutter(let session): try? session.stop()
        case .kwin(let connection): connection.disconnect()
        case nil: break
        }
        source = nil
        primed = []
    }

    /// An EIS failure on an open connection stops the run.
    private func call(_ body: (EISSender) throws -> Void) throws {
        guard let sender else { throw EmulationFailure(description: "the EIS connection is closed") }
        do {
            try body(sender)
        } catch {
            throw EmulationFailure(description: "EIS: \(error)")
        }
    }

    /// A slot no case uses, for the priming stroke.
    private static let primingSlot = 99
    private static let rightShift: UInt32 = 54
}
