import DBus
#if canImport(Glibc)
import Glibc
#endif

/// A client of KWin's EIS, asked for over D-Bus with
/// `org.kde.KWin.EIS.RemoteDesktop.connectToEIS(capabilities)` (KWin 6.1 and
/// later, in `kwin-common`'s EIS plugin): a socket to KWin's EIS and the
/// cookie that names the client. KWin drops the client when the bus
/// connection that asked for it goes, so this object keeps that connection.
public final class KWinEISConnection {
    public static let service = "org.kde.KWin"
    static let path = "/org/kde/KWin/EIS/RemoteDesktop"
    static let interface = "org.kde.KWin.EIS.RemoteDesktop"
    /// The capability mask `connectToEIS` takes, as the RemoteDesktop
    /// portal's device types: keyboard 1, pointer 2, touch screen 4.
    static let keyboardPointerAndTouch: Int32 = 1 | 2 | 4

    private let bus: BusConnection
    private let cookie: Int32
    /// The socket to KWin's EIS, until `takeSocket` hands it over.
    private var socket: Int32?
    private var disconnected = false

    /// Asks KWin on `bus` for an EIS client with a keyboard, a pointer and a
    /// touch screen.
    public init(bus: BusConnection) throws(BusError) {
        self.bus = bus
        let reply = try bus.call(MethodCall(destination: Self.service, path: Self.path, interface: Self.interface,
                                            member: "connectToEIS", arguments: [.int32(Self.keyboardPointerAndTouch)]))
        let socket = try reply.readFileDescriptor()
        self.socket = socket
        do {
            cookie = try reply.readInt32()
        } catch {
            close(socket)
            throw error
        }
    }

    deinit {
        if let socket { close(socket) }
        disconnect()
    }

    /// The socket, once: its new owner (a libei sender) closes it.
    public func takeSocket() -> Int32? {
        defer { socket = nil }
        return socket
    }

    /// `disconnect(cookie)`: KWin removes the client's devices.
    public func disconnect() {
        guard !disconnected else { return }
        disconnected = true
        _ = try? bus.call(MethodCall(destination: Self.service, path: Self.path, interface: Self.interface,
                                     member: "disconnect", arguments: [.int32(cookie)]))
    }
}
