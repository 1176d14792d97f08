#if canImport(Glibc)
import Glibc
#endif

/// Why the reference client cannot run: what is missing, in a sentence.
public enum ReferenceClientError: Error, CustomStringConvertible {
    /// No compositor to connect to (WAYLAND_DISPLAY, WAYLAND_SOCKET).
    case noCompositor
    /// A global the client cannot work without is not offered.
    case missingGlobal(String)
    /// A system call failed, with its errno.
    case systemCall(String, Int32)
    /// The connection broke (a protocol error or the compositor went away).
    case connectionLost(Int32)

    public var description: String {
        switch self {
        case .noCompositor: "cannot connect to a Wayland compositor (WAYLAND_DISPLAY or WAYLAND_SOCKET)"
        case .missingGlobal(let name): "the compositor does not offer \(name)"
        case .systemCall(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .connectionLost(let code): "the connection to the compositor broke: \(String(cString: strerror(code)))"
        }
    }
}
