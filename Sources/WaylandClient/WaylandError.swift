import Platform

/// Why the Wayland layer cannot go on. Every case prints as one clear line
/// (`description`), meant for stderr before the app exits non-zero.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// `wl_display_connect` failed: no compositor at the socket named by
    /// `WAYLAND_DISPLAY` (or the runtime directory is not set).
    case noCompositor(String)
    /// The compositor sent `wl_display.error` and closed the connection.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The socket to the compositor failed or was closed.
    case connectionLost(String)
    /// The compositor does not offer a global the window cannot work without.
    case missingGlobal(String)
    /// A system call (memfd, mmap, poll) failed with `errno`.
    case systemCall(String, errno: Errno)

    public var description: String {
        switch self {
        case .noCompositor(let message):
            return message
        case .protocolError(let interface, let objectID, let code):
            return "Wayland protocol error: the compositor rejected a request on \(interface)@\(objectID) (error code \(code)) and closed the connection."
        case .connectionLost(let reason):
            return "Lost the connection to the Wayland compositor: \(reason)."
        case .missingGlobal(let interface):
            return "The Wayland compositor does not offer \(interface), which this program needs."
        case .systemCall(let call, let errno):
            return "\(call) failed: \(errno)."
        }
    }
}
