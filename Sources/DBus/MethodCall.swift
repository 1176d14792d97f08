/// A D-Bus method call to make: where it goes and its arguments, in order.
public struct MethodCall: Equatable, Sendable {
    /// The bus name of the service (`org.gnome.Mutter.RemoteDesktop`).
    public let destination: String
    public let path: String
    public let interface: String
    public let member: String
    public let arguments: [BusValue]

    public init(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// `interface.member(signature)`, as errors name the call.
    public var name: String {
        "\(interface).\(member)(\(arguments.map(\.signature).joined()))"
    }
}
