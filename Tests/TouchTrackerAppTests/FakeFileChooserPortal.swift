import CSystemdBus
import Platform
import Scene
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for xdg-desktop-portal on a private bus: it owns
/// `org.freedesktop.portal.Desktop` and answers FileChooser's OpenFile and
/// SaveFile as `behaviour` says, on a thread of its own (the app's loop
/// runs on the test's). It records the calls' titles and options.
final class FakeFileChooserPortal: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// The person picks this file.
        case choose(uri: String)
        /// The person cancels (response 1).
        case cancel
        /// The call is acknowledged and the dialog stays up: no Response.
        case stayOpen
        /// The call is never answered at all (a hung portal).
        case neverAnswer
    }

    struct Call: Sendable, Equatable {
        let member: String
        let title: String
        let handleToken: String
        let currentName: String?
    }

    private let bus: OpaquePointer
    private let behaviour: Behaviour
    /// Set when the portal goes away; its thread reads it, not the portal
    /// (which is being destroyed by then).
    private final class StopFlag: Sendable {
        let isSet = Atomic<Bool>(false)
    }
    private let stopped = StopFlag()
    private let received = Mutex<[Call]>([])
    /// The request paths closed with Request.Close.
    private let closedPaths = Mutex<[String]>([])
    private var slot: OpaquePointer?
    private var work: BackgroundWork?

    var calls: [Call] { received.withLock { $0 } }
    var closed: [String] { closedPaths.withLock { $0 } }

    init(address: String, behaviour: Behaviour) throws {
        self.behaviour = behaviour
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { throw FakePortalFailed(description: "sd_bus_new") }
        self.bus = bus
        var result = address.withCString { sd_bus_set_address(bus, $0) }
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        if result >= 0 { result = sd_bus_request_name(bus, "org.freedesktop.portal.Desktop", 0) }
        if result >= 0 {
            result = sd_bus_add_fallback(bus, &slot, "/org/freedesktop/portal/desktop", { message, userdata, _ in
                let portal = Unmanaged<FakeFileChooserPortal>.fromOpaque(userdata!).takeUnretainedValue()
                return portal.handle(message!)
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard result >= 0 else { throw FakePortalFailed(description: "cannot serve the portal: \(String(cString: strerror(-result)))") }
        let stopped = stopped
        work = try BackgroundWork {
            while !stopped.isSet.load(ordering: .acquiring) {
                if sd_bus_process(bus, nil) > 0 { continue }
                _ = sd_bus_wait(bus, 50_000)
            }
        }
    }

    deinit {
        stopped.isSet.store(true, ordering: .releasing)
        work?.join()
        sd_bus_slot_unref(slot)
        sd_bus_flush_close_unref(bus)
    }

    struct FakePortalFailed: Error, CustomStringConvertible {
        let description: String
    }

    private func handle(_ message: OpaquePointer) -> Int32 {
        guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }),
              let path = sd_bus_message_get_path(message).map({ String(cString: $0) }) else { return 0 }
        if member == "Close" {
            closedPaths.withLock { $0.append(path) }
            reply(to: message) { _ in 0 }
            return 1
        }
        guard member == "OpenFile" || member == "SaveFile" else { return 0 }
        var parent: UnsafePointer<CChar>?, title: UnsafePointer<CChar>?
        sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &parent)
        sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &title)
        var options: [String: String] = [:]
        sd_bus_message_enter_container(message, CChar(UInt8(ascii: "a")), "{sv}")
        while sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), "sv") > 0 {
            var key: UnsafePointer<CChar>?
            sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &key)
            if sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), "s") > 0 {
                var value: UnsafePointer<CChar>?
                sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &value)
                options[String(cString: key!)] = String(cString: value!)
                sd_bus_message_exit_container(message)
            } else {
                sd_bus_message_skip(message, "v")
            }
            sd_bus_message_exit_container(message)
        }
        let token = options["handle_token"] ?? ""
        received.withLock {
            $0.append(Call(member: member, title: String(cString: title!), handleToken: token,
                           currentName: options["current_name"]))
        }
        if case .neverAnswer = behaviour { return 1 }
        let sender = String(cString: sd_bus_message_get_sender(message)!)
        let requestPath = "/org/freedesktop/portal/desktop/request/"
            + sender.drop { $0 == ":" }.map { $0 == "." ? "_" : String($0) }.joined() + "/" + token
        reply(to: message) { reply in
            requestPath.withCString { sd_bus_message_append_basic(reply, CChar(UInt8(ascii: "o")), $0) }
        }
        switch behaviour {
        case .choose(let uri): respond(on: requestPath, to: sender, code: 0, uri: uri)
        case .cancel: respond(on: requestPath, to: sender, code: 1, uri: nil)
        case .stayOpen, .neverAnswer: break
        }
        return 1
    }

    private func reply(to message: OpaquePointer, filling fill: (OpaquePointer) -> Int32) {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return }
        defer { sd_bus_message_unref(reply) }
        _ = fill(reply)
        sd_bus_send(bus, reply, nil)
    }

    private func respond(on path: String, to destination: String, code: UInt32, uri: String?) {
        var signal: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &signal, path, "org.freedesktop.portal.Request", "Response") >= 0,
              let signal else { return }
        defer { sd_bus_message_unref(signal) }
        sd_bus_message_set_destination(signal, destination)
        var response = code
        sd_bus_message_append_basic(signal, CChar(UInt8(ascii: "u")), &response)
        sd_bus_message_open_container(signal, CChar(UInt8(ascii: "a")), "{sv}")
        if let uri {
            sd_bus_message_open_container(signal, CChar(UInt8(ascii: "e")), "sv")
            "uris".withCString { _ = sd_bus_message_append_basic(signal, CChar(UInt8(ascii: "s")), $0) }
            sd_bus_message_open_container(signal, CChar(UInt8(ascii: "v")), "as")
            sd_bus_message_open_container(signal, CChar(UInt8(ascii: "a")), "s")
            uri.withCString { _ = sd_bus_message_append_basic(signal, CChar(UInt8(ascii: "s")), $0) }
            sd_bus_message_close_container(signal)
            sd_bus_message_close_container(signal)
            sd_bus_message_close_container(signal)
        }
        sd_bus_message_close_container(signal)
        sd_bus_send(bus, signal, nil)
    }
}
