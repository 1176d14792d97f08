#if canImport(Glibc)
import Glibc
#endif
import CSystemdBus

/// A client connection to one D-Bus bus through sd-bus (libsystemd): method
/// calls that wait for their reply, properties, and waiting for a signal.
///
/// Everything here blocks the calling thread for at most `timeout`; the
/// connection has no loop of its own and dispatches incoming messages only
/// inside `call` and `awaitSignal`. One thread uses it at a time.
public final class BusConnection {
    let bus: OpaquePointer
    /// How long a call waits for its reply.
    public let timeout: Duration

    /// Connects to the bus at `address` (a D-Bus address, as in
    /// `DBUS_SESSION_BUS_ADDRESS`) and says hello, as a client of a
    /// message bus (`sd_bus_set_bus_client`).
    public init(address: String, timeout: Duration = .seconds(10)) throws(BusError) {
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        guard result >= 0, let bus else { throw .local("sd_bus_new", result) }
        result = address.withCString { sd_bus_set_address(bus, $0) }
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        if result >= 0 {
            // sd_bus_start only begins connecting: the hello's reply, and
            // with it a refused or dead address, arrives on first use.
            var name: UnsafePointer<CChar>?
            result = sd_bus_get_unique_name(bus, &name)
        }
        guard result >= 0 else {
            sd_bus_unref(bus)
            throw .local("cannot connect to the D-Bus bus at '\(address)'", result)
        }
        self.bus = bus
        self.timeout = timeout
    }

    deinit {
        // Sends what is still queued (a last `Stop`) before closing.
        sd_bus_flush_close_unref(bus)
    }

    /// Calls a method and returns its reply; throws the error the service
    /// answered with, or why no answer came.
    @discardableResult
    public func call(_ method: MethodCall) throws(BusError) -> BusMessage {
        var request: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &request, method.destination, method.path,
                                                    method.interface, method.member)
        guard result >= 0, let request else { throw .local("\(method.name): cannot build the call", result) }
        defer { sd_bus_message_unref(request) }
        for argument in method.arguments {
            result = argument.append(to: request)
            guard result >= 0 else { throw .local("\(method.name): cannot add the argument \(argument)", result) }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        result = sd_bus_call(bus, request, Self.microseconds(timeout), &error, &reply)
        guard result >= 0, let reply else { throw Self.failure(of: method.name, error, result) }
        return BusMessage(adopting: reply)
    }

    /// Reads a string property (`org.freedesktop.DBus.Properties.Get`).
    public func stringProperty(destination: String, path: String, interface: String, name: String) throws(BusError) -> String {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var value: UnsafeMutablePointer<CChar>?
        let result = sd_bus_get_property_string(bus, destination, path, interface, name, &error, &value)
        guard result >= 0, let value else { throw Self.failure(of: "the property \(interface).\(name)", error, result) }
        defer { free(value) }
        return String(cString: value)
    }

    /// Whether some connection owns `name` on the bus
    /// (`org.freedesktop.DBus.NameHasOwner`): whether that service runs.
    public func hasOwner(_ name: String) throws(BusError) -> Bool {
        try call(MethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                            interface: "org.freedesktop.DBus", member: "NameHasOwner",
                            arguments: [.string(name)])).readBoolean()
    }

    /// Subscribes to the signal `interface.member` sent by `sender` on
    /// `path`, runs `action` (which makes the signal come) and then waits
    /// for the first such signal, at most `timeout`. Subscribing first
    /// means a signal sent while `action` waits for a reply is kept.
    public func awaitSignal(sender: String, path: String, interface: String, member: String,
                            after action: () throws(BusError) -> Void) throws(BusError) -> BusMessage {
        let received = SignalBox()
        var slot: OpaquePointer?
        let result = sd_bus_match_signal(bus, &slot, sender, path, interface, member, { message, userdata, _ in
            let box = Unmanaged<SignalBox>.fromOpaque(userdata!).takeUnretainedValue()
            if box.message == nil, let message { box.message = BusMessage(adopting: sd_bus_message_ref(message)) }
            return 0
        }, Unmanaged.passUnretained(received).toOpaque())
        guard result >= 0 else { throw .local("cannot subscribe to \(interface).\(member)", result) }
        defer { sd_bus_slot_unref(slot) }
        try action()
        let deadline = ContinuousClock.now + timeout
        while received.message == nil {
            let processed = sd_bus_process(bus, nil)
            guard processed >= 0 else { throw .local("waiting for \(interface).\(member)", processed) }
            if processed > 0 { continue }
            let left = deadline - .now
            guard left > .zero else {
                throw BusError(name: nil, description: "no \(interface).\(member) signal from \(sender) within \(timeout)")
            }
            let waited = sd_bus_wait(bus, Self.microseconds(left))
            guard waited >= 0 else { throw .local("waiting for \(interface).\(member)", waited) }
        }
        return received.message!
    }

    /// Where a matched signal lands while `awaitSignal` waits.
    private final class SignalBox {
        var message: BusMessage?
    }

    private static func failure(of what: String, _ error: sd_bus_error, _ result: Int32) -> BusError {
        if let name = error.name {
            let message = error.message.map { String(cString: $0) } ?? ""
            return BusError(name: String(cString: name), description: "\(what): \(String(cString: name)): \(message)")
        }
        return .local(what, result)
    }

    private static func microseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000)
    }
}
