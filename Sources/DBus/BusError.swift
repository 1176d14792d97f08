#if canImport(Glibc)
import Glibc
#endif

/// Why a D-Bus operation failed, as one readable line: either the error
/// the other side answered with (its D-Bus error name and message, such as
/// `org.freedesktop.DBus.Error.ServiceUnknown`), or what sd-bus itself
/// could not do (a negative errno: no bus at that address, a timeout).
public struct BusError: Error, Equatable, CustomStringConvertible {
    /// The D-Bus error name, or nil when sd-bus failed locally.
    public let name: String?
    public let description: String

    public init(name: String?, description: String) {
        self.name = name
        self.description = description
    }

    /// A failed sd-bus call: `result` is the negative errno it returned.
    static func local(_ what: String, _ result: Int32) -> BusError {
        BusError(name: nil, description: "\(what): \(String(cString: strerror(-result)))")
    }
}
