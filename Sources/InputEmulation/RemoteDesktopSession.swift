import DBus

/// A session of mutter's RemoteDesktop D-Bus API (`org.gnome.Mutter.RemoteDesktop`),
/// tied to a ScreenCast stream of the primary monitor: mutter's virtual touch
/// screen, pointer and keyboard, driven from this process.
///
/// mutter maps touch and absolute pointer positions through a screen-cast
/// stream, so the session records the monitor even though nobody watches
/// the picture (which needs PipeWire running). Positions are the monitor's
/// pixels. The session lives as long as this object and its bus
/// connection: mutter stops it, and removes its devices, when either ends.
///
/// mutter 43 creates each virtual device, and the seat's capability, on the
/// first event of its kind; a client binding `wl_touch` on that capability
/// change misses the event.
public final class RemoteDesktopSession {
    public static let service = "org.gnome.Mutter.RemoteDesktop"
    static let screenCastService = "org.gnome.Mutter.ScreenCast"

    private let bus: BusConnection
    private let session: String
    /// The ScreenCast stream positions are mapped through.
    private let stream: String
    /// The stream's PipeWire node id (`gst-launch-1.0 pipewiresrc path=…`
    /// shows the monitor).
    public let pipeWireNode: UInt32
    private var stopped = false

    /// `RemoteDesktop.CreateSession`, then `ScreenCast.CreateSession` with
    /// that session's id and `RecordMonitor` of the primary monitor, then
    /// `Start`, waiting for the stream's `PipeWireStreamAdded`: input sent
    /// after that lands where the monitor shows it.
    public init(bus: BusConnection) throws(BusError) {
        self.bus = bus
        session = try bus.call(MethodCall(destination: Self.service, path: "/org/gnome/Mutter/RemoteDesktop",
                                          interface: Self.service, member: "CreateSession")).readObjectPath()
        let sessionId = try bus.stringProperty(destination: Self.service, path: session,
                                               interface: "\(Self.service).Session", name: "SessionId")
        let screenCast = try bus.call(MethodCall(
            destination: Self.screenCastService, path: "/org/gnome/Mutter/ScreenCast",
            interface: Self.screenCastService, member: "CreateSession",
            arguments: [.dictionary([.init("remote-desktop-session-id", .string(sessionId))])])).readObjectPath()
        // "" is the primary monitor.
        stream = try bus.call(MethodCall(
            destination: Self.screenCastService, path: screenCast, interface: "\(Self.screenCastService).Session",
            member: "RecordMonitor", arguments: [.string(""), .dictionary([])])).readObjectPath()
        let session = session
        let added = try bus.awaitSignal(sender: Self.screenCastService, path: stream,
                                        interface: "\(Self.screenCastService).Stream", member: "PipeWireStreamAdded") {
            () throws(BusError) in
            try bus.call(MethodCall(destination: Self.service, path: session,
                                    interface: "\(Self.service).Session", member: "Start"))
        }
        pipeWireNode = try added.readUInt32()
    }

    deinit {
        try? stop()
    }

    /// `Session.Stop`: mutter removes the session's devices.
    public func stop() throws(BusError) {
        guard !stopped else { return }
        stopped = true
        try notify("Stop")
    }

    /// `ConnectToEIS({})` (mutter 46 and later): a socket to mutter's EIS
    /// for this session, the caller's to own. Its devices are the session's:
    /// they go when the session stops.
    public func connectToEIS() throws(BusError) -> Int32 {
        try bus.call(MethodCall(destination: Self.service, path: session, interface: "\(Self.service).Session",
                                member: "ConnectToEIS", arguments: [.dictionary([])])).readFileDescriptor()
    }

    /// `NotifyTouchDown(stream, slot, x, y)`.
    public func touchDown(slot: UInt32, x: Double, y: Double) throws(BusError) {
        try notify("NotifyTouchDown", .string(stream), .uint32(slot), .double(x), .double(y))
    }

    /// `NotifyTouchMotion(stream, slot, x, y)`.
    public func touchMotion(slot: UInt32, x: Double, y: Double) throws(BusError) {
        try notify("NotifyTouchMotion", .string(stream), .uint32(slot), .double(x), .double(y))
    }

    /// `NotifyTouchUp(slot)`.
    public func touchUp(slot: UInt32) throws(BusError) {
        try notify("NotifyTouchUp", .uint32(slot))
    }

    /// `NotifyPointerMotionAbsolute(stream, x, y)`.
    public func pointerMotion(x: Double, y: Double) throws(BusError) {
        try notify("NotifyPointerMotionAbsolute", .string(stream), .double(x), .double(y))
    }

    /// `NotifyPointerMotionRelative(dx, dy)`: a motion by zero creates the
    /// virtual pointer without moving it.
    public func pointerMotion(dx: Double, dy: Double) throws(BusError) {
        try notify("NotifyPointerMotionRelative", .double(dx), .double(dy))
    }

    /// `NotifyPointerButton(button, pressed)`; `button` is a Linux event code.
    public func pointerButton(_ button: UInt32, pressed: Bool) throws(BusError) {
        try notify("NotifyPointerButton", .int32(Int32(bitPattern: button)), .boolean(pressed))
    }

    /// `NotifyPointerAxisDiscrete(axis, steps)`: `steps` wheel detents,
    /// on axis 0 (vertical) or 1 (horizontal).
    public func pointerAxisDiscrete(axis: UInt32, steps: Int32) throws(BusError) {
        try notify("NotifyPointerAxisDiscrete", .uint32(axis), .int32(steps))
    }

    /// `NotifyKeyboardKeycode(code, pressed)`; `code` is a Linux event code.
    public func key(_ code: UInt32, pressed: Bool) throws(BusError) {
        try notify("NotifyKeyboardKeycode", .uint32(code), .boolean(pressed))
    }

    /// A call on the session; its reply says mutter has taken the event.
    private func notify(_ member: String, _ arguments: BusValue...) throws(BusError) {
        try bus.call(MethodCall(destination: Self.service, path: session, interface: "\(Self.service).Session",
                                member: member, arguments: arguments))
    }
}
