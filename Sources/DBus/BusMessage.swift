import CSystemdBus
import Glibc

/// A message received from the bus (a method's reply, a signal), read one
/// argument at a time from the start, in order. It holds its own reference
/// to sd-bus's message.
public final class BusMessage {
    private let message: OpaquePointer

    /// Takes over one reference to `message`.
    init(adopting message: OpaquePointer) {
        self.message = message
    }

    deinit {
        sd_bus_message_unref(message)
    }

    /// The message's signature: the types of its arguments (`o`, `u`, …).
    var signature: String {
        sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? ""
    }

    /// The next argument, which must be a string (`s`).
    public func readString() throws(BusError) -> String {
        try readText("s")
    }

    /// The next argument, which must be an object path (`o`).
    public func readObjectPath() throws(BusError) -> String {
        try readText("o")
    }

    /// The next argument, which must be an unsigned 32-bit integer (`u`).
    public func readUInt32() throws(BusError) -> UInt32 {
        var value: UInt32 = 0
        let result = sd_bus_message_read_basic(message, BusValue.code("u"), &value)
        try check(result, expecting: "u")
        return value
    }

    /// The next argument, which must be a boolean (`b`).
    func readBoolean() throws(BusError) -> Bool {
        var value: Int32 = 0
        let result = sd_bus_message_read_basic(message, BusValue.code("b"), &value)
        try check(result, expecting: "b")
        return value != 0
    }

    /// The next argument, which must be an `a{sv}` of options: the
    /// entries whose value is a list of strings (`as`, a portal's `uris`),
    /// by key; entries of other types are skipped.
    public func readStringLists() throws(BusError) -> [String: [String]] {
        try check(sd_bus_message_enter_container(message, BusValue.code("a"), "{sv}"), expecting: "a")
        var lists: [String: [String]] = [:]
        while sd_bus_message_enter_container(message, BusValue.code("e"), "sv") > 0 {
            let key = try readString()
            if sd_bus_message_enter_container(message, BusValue.code("v"), "as") > 0 {
                var strings: [String] = []
                try check(sd_bus_message_enter_container(message, BusValue.code("a"), "s"), expecting: "a")
                while sd_bus_message_at_end(message, 0) == 0 { strings.append(try readString()) }
                sd_bus_message_exit_container(message)
                sd_bus_message_exit_container(message)
                lists[key] = strings
            } else {
                sd_bus_message_skip(message, "v")
            }
            sd_bus_message_exit_container(message)
        }
        sd_bus_message_exit_container(message)
        return lists
    }

    /// The error this message is (a method's error reply), or nil.
    var error: BusError? {
        guard sd_bus_message_is_method_error(message, nil) > 0, let error = sd_bus_message_get_error(message) else {
            return nil
        }
        let name = error.pointee.name.map { String(cString: $0) }
        let text = error.pointee.message.map { String(cString: $0) } ?? ""
        return BusError(name: name, description: "\(name ?? "error"): \(text)")
    }

    /// The next argument, which must be a signed 32-bit integer (`i`).
    public func readInt32() throws(BusError) -> Int32 {
        var value: Int32 = 0
        let result = sd_bus_message_read_basic(message, BusValue.code("i"), &value)
        try check(result, expecting: "i")
        return value
    }

    /// The next argument, which must be a file descriptor (`h`): a copy of
    /// it (close-on-exec) that the caller owns, since the message closes its
    /// own when it goes.
    public func readFileDescriptor() throws(BusError) -> Int32 {
        var descriptor: Int32 = -1
        let result = sd_bus_message_read_basic(message, BusValue.code("h"), &descriptor)
        try check(result, expecting: "h")
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else {
            throw BusError(name: nil, description: "cannot copy the file descriptor the message carries: errno \(errno)")
        }
        return copy
    }

    private func readText(_ type: Unicode.Scalar) throws(BusError) -> String {
        var text: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(message, BusValue.code(type), &text)
        try check(result, expecting: type)
        return String(cString: text!)
    }

    /// sd-bus answers a negative errno (ENXIO) both at the end of the
    /// arguments and for a type that does not match; tell them apart.
    private func check(_ result: Int32, expecting type: Unicode.Scalar) throws(BusError) {
        guard result <= 0 else { return }
        if sd_bus_message_at_end(message, 1) > 0 {
            throw BusError(name: nil, description: "expected an argument of type '\(type)', but the message (\(signature)) has no more")
        }
        throw BusError(name: nil, description: "expected an argument of type '\(type)' in a message of signature '\(signature)'")
    }
}
