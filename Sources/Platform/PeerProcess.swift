import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// The process at the other end of a connected Unix socket (`SO_PEERCRED`),
/// as `/proc` shows it: for a Wayland client, the compositor.
public struct PeerProcess: Sendable {
    public let id: Int32

    /// The peer of `socket`; nil when the kernel names none (not a Unix
    /// socket, or a peer in another pid namespace, which reads as 0).
    public init?(socket: Int32) {
        let pid = tt_socket_peer_pid(socket)
        guard pid > 0 else { return nil }
        id = pid
    }

    /// Its executable's path (`/proc/PID/exe`); nil where this user may
    /// not read it (another user's process) or it has exited.
    public var executable: String? {
        try? FileSystem.linkTarget(of: "/proc/\(id)/exe")
    }
}
