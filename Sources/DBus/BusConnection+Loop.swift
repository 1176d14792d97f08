import CSystemdBus

/// The connection driven by the app's own `poll` loop instead of
/// blocking: calls whose reply comes later, signals watched for as long
/// as wanted, and `processPending()` whenever `fileDescriptor` is
/// readable. Replies and signals are handed to their closures from inside
/// `processPending()`.
extension BusConnection {
    /// The connection's socket, to poll for reading.
    public var fileDescriptor: Int32 { sd_bus_get_fd(bus) }

    /// The connection's unique name on the bus (`:1.42`).
    public var uniqueName: String {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return "" }
        return String(cString: name)
    }

    /// Handles what has arrived (replies, signals) and sends what is
    /// queued, without waiting for more.
    public func processPending() throws(BusError) {
        while true {
            let result = sd_bus_process(bus, nil)
            guard result >= 0 else { throw .local("reading from the bus", result) }
            if result == 0 { break }
        }
        sd_bus_flush(bus)
    }

    /// Sends `method` and returns at once; `reply` gets its reply or error
    /// later, from `processPending()`, unless the returned handle is
    /// cancelled first.
    public func send(_ method: MethodCall, reply: @escaping (Result<BusMessage, BusError>) -> Void) throws(BusError)
        -> BusHandle {
        var request: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &request, method.destination, method.path,
                                                    method.interface, method.member)
        guard result >= 0, let request else { throw .local("\(method.name): cannot build the call", result) }
        defer { sd_bus_message_unref(request) }
        for argument in method.arguments {
            result = argument.append(to: request)
            guard result >= 0 else { throw .local("\(method.name): cannot add the argument \(argument)", result) }
        }
        let handle = BusHandle { message in
            reply(message.error.map { .failure($0) } ?? .success(message))
        }
        var slot: OpaquePointer?
        // No timeout of sd-bus's own: the loop's timer decides how long to wait.
        result = sd_bus_call_async(bus, &slot, request, BusHandle.callback, handle.context, UInt64.max)
        guard result >= 0 else { throw .local("\(method.name)", result) }
        handle.slot = slot
        sd_bus_flush(bus)
        return handle
    }

    /// Watches for the signal `interface.member` from `sender` on `path`
    /// until the handle is cancelled; subscribing does not wait for the
    /// bus's answer.
    public func watchSignal(sender: String?, path: String, interface: String, member: String,
                            handler: @escaping (BusMessage) -> Void) throws(BusError) -> BusHandle {
        let handle = BusHandle(handler)
        var slot: OpaquePointer?
        let result = sd_bus_match_signal_async(bus, &slot, sender, path, interface, member, BusHandle.callback, nil,
                                               handle.context)
        guard result >= 0 else { throw .local("cannot watch for \(interface).\(member)", result) }
        handle.slot = slot
        sd_bus_flush(bus)
        return handle
    }
}

/// A call awaiting its reply or a signal watched for: cancelling it (or
/// letting it go) stops its closure from being called.
public final class BusHandle {
    fileprivate var slot: OpaquePointer?
    private let handler: (BusMessage) -> Void

    fileprivate init(_ handler: @escaping (BusMessage) -> Void) {
        self.handler = handler
    }

    deinit {
        cancel()
    }

    public func cancel() {
        if let slot { sd_bus_slot_unref(slot) }
        slot = nil
    }

    fileprivate var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    fileprivate static let callback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let handle = Unmanaged<BusHandle>.fromOpaque(userdata).takeUnretainedValue()
        handle.handler(BusMessage(adopting: sd_bus_message_ref(message)))
        return 0
    }
}
