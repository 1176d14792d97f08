import DBus
import InputEmulation

/// Input through mutter's RemoteDesktop D-Bus API: a virtual touch screen,
/// pointer and keyboard of a RemoteDesktop session tied to a ScreenCast
/// stream of the primary monitor (`RemoteDesktopSession`), on the session
/// bus named by `DBUS_SESSION_BUS_ADDRESS`. Chosen when the bus has
/// `org.gnome.Mutter.RemoteDesktop`.
///
/// mutter frames every change itself (no touch or pointer frame request),
/// has no touch cancel, turns the wheel by whole detents only, and removes
/// its devices only with the whole session; positions are the monitor's
/// pixels, the same as logical ones at scale 1.
final class MutterRemoteDesktopBackend: EmulationBackend {
    static let candidate = EmulationBackends.Candidate(
        name: "mutter RemoteDesktop (org.gnome.Mutter.RemoteDesktop)") { environment in
        try MutterRemoteDesktopBackend(busAddress: environment["DBUS_SESSION_BUS_ADDRESS"])
    }

    let name = "mutter RemoteDesktop (org.gnome.Mutter.RemoteDesktop D-Bus API)"

    private var session: RemoteDesktopSession?
    /// The PipeWire node of the session's screen cast (`conformance
    /// --drive`'s `node`: a screenshot of the monitor); nil once closed.
    var pipeWireNode: UInt32? { session?.pipeWireNode }
    /// mutter creates a device on its first event: the ones made so far.
    private var plugged: Set<EmulatedDevice> = []

    /// Connects to the session bus at `busAddress` and starts a session;
    /// throws `EmulationUnavailable` when there is no bus or no mutter on it.
    init(busAddress: String?) throws {
        guard let busAddress, !busAddress.isEmpty else {
            throw EmulationUnavailable(reason: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        let bus: BusConnection
        do {
            bus = try BusConnection(address: busAddress)
            guard try bus.hasOwner(RemoteDesktopSession.service) else {
                throw EmulationUnavailable(reason: "no \(RemoteDesktopSession.service) on the session bus")
            }
        } catch let error as BusError {
            throw EmulationUnavailable(reason: error.description)
        }
        do {
            session = try RemoteDesktopSession(bus: bus)
        } catch {
            // The ScreenCast stream the session needs starts only with PipeWire running.
            throw EmulationUnavailable(reason: "mutter's RemoteDesktop session did not start: \(error) "
                                               + "(its screen cast needs PipeWire running)")
        }
    }

    func unavailableReason(for device: EmulatedDevice) -> String? {
        switch device {
        case .touch, .pointer, .keyboard: nil
        case .tablet: "mutter's RemoteDesktop API has no tablet"
        }
    }

    /// mutter adds a device, and the seat its capability, on the device's
    /// first event (a touch screen only on a down). No client can have
    /// bound the device when that event goes out, and the app's loop does
    /// not turn during this call, so the event reaches no one; the seat's
    /// new capability reaches the app when its loop turns next.
    func plug(_ device: EmulatedDevice) throws {
        if let reason = unavailableReason(for: device) { throw EmulationUnavailable(reason: reason) }
        guard !plugged.contains(device) else { return }
        try call { session in
            switch device {
            case .touch:
                try session.touchDown(slot: 0, x: 1, y: 1)
                try session.touchUp(slot: 0)
            case .pointer:
                try session.pointerMotion(dx: 0, dy: 0)
            case .keyboard:
                // A modifier pressed and released: no character, no shortcut.
                try session.key(Self.rightShift, pressed: true)
                try session.key(Self.rightShift, pressed: false)
            case .tablet:
                return
            }
        }
        plugged.insert(device)
    }

    func unplug(_ device: EmulatedDevice) throws {
        throw EmulationUnavailable(reason: "mutter's RemoteDesktop API removes its devices only with the whole session")
    }

    // MARK: Touch

    func touchDown(slot: Int, at point: OutputPoint) throws {
        try call { try $0.touchDown(slot: UInt32(slot), x: point.x, y: point.y) }
    }

    func touchMotion(slot: Int, to point: OutputPoint) throws {
        try call { try $0.touchMotion(slot: UInt32(slot), x: point.x, y: point.y) }
    }

    func touchUp(slot: Int) throws {
        try call { try $0.touchUp(slot: UInt32(slot)) }
    }

    /// mutter frames each change itself.
    func touchFrame() throws {}

    func touchCancel() throws {
        throw EmulationUnavailable(reason: "mutter's RemoteDesktop API has no touch cancel")
    }

    // MARK: Pointer

    func pointerMotion(to point: OutputPoint) throws {
        try call { try $0.pointerMotion(x: point.x, y: point.y) }
    }

    func pointerButton(_ button: UInt32, pressed: Bool) throws {
        try call { try $0.pointerButton(button, pressed: pressed) }
    }

    /// `NotifyPointerAxisDiscrete`: whole detents only.
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws {
        guard value120 % 120 == 0 else {
            throw EmulationUnavailable(reason: "mutter's RemoteDesktop API turns the wheel by whole detents only")
        }
        try call { try $0.pointerAxisDiscrete(axis: axis.rawValue, steps: value120 / 120) }
    }

    /// mutter frames each pointer event itself.
    func pointerFrame() throws {}

    // MARK: Keyboard

    func key(_ code: UInt32, pressed: Bool) throws {
        try call { try $0.key(code, pressed: pressed) }
    }

    // MARK: Flow

    /// Every call above returns with mutter's reply, once it has taken the
    /// event: there is nothing left to wait for.
    func sync() throws {}

    func close() {
        guard let session else { return }
        try? session.stop()
        self.session = nil
        plugged = []
    }

    /// A D-Bus failure on a started session stops the run.
    private func call(_ body: (RemoteDesktopSession) throws -> Void) throws {
        guard let session else { throw EmulationFailure(description: "the RemoteDesktop session is closed") }
        do {
            try body(session)
        } catch {
            throw EmulationFailure(description: "mutter RemoteDesktop: \(error)")
        }
    }

    private static let rightShift: UInt32 = 54
}
