@testable import DBus
import Testing
import TestSupport

/// The sd-bus client against a real dbus-daemon of the test's own: calls,
/// replies read argument by argument, errors that name what failed, and a
/// signal awaited.
@Suite struct BusConnectionTests {
    static let daemon = "org.freedesktop.DBus"

    static func busCall(_ member: String, _ arguments: [BusValue] = []) -> MethodCall {
        MethodCall(destination: daemon, path: "/org/freedesktop/DBus", interface: daemon, member: member,
                   arguments: arguments)
    }

    @Test func aMethodsReplyIsReadArgumentByArgument() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        let reply = try connection.call(Self.busCall("GetNameOwner", [.string(Self.daemon)]))
        #expect(reply.signature == "s")
        #expect(try reply.readString() == Self.daemon)
    }

    @Test func aServiceIsFoundOnlyWhileItsNameHasAnOwner() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        #expect(try connection.hasOwner("org.touchtracker.Test") == false)
        // RequestName(name, flags) answers 1 for "now the primary owner".
        let reply = try connection.call(Self.busCall("RequestName", [.string("org.touchtracker.Test"), .uint32(0)]))
        #expect(try reply.readUInt32() == 1)
        let other = try BusConnection(address: bus.address)
        #expect(try other.hasOwner("org.touchtracker.Test"))
    }

    @Test func aPropertyOfAnotherTypeIsAnErrorNamingIt() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        // dbus-daemon's Features property is an array, not a string: the
        // error says which property could not be read.
        #expect {
            try connection.stringProperty(destination: Self.daemon, path: "/org/freedesktop/DBus",
                                          interface: Self.daemon, name: "Features")
        } throws: { error in
            String(describing: error).contains("org.freedesktop.DBus.Features")
        }
    }

    @Test func aMissingServiceIsAnErrorNamedByTheBus() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        let call = MethodCall(destination: "org.gnome.Mutter.RemoteDesktop", path: "/org/gnome/Mutter/RemoteDesktop",
                              interface: "org.gnome.Mutter.RemoteDesktop", member: "CreateSession")
        #expect {
            try connection.call(call)
        } throws: { error in
            let error = error as! BusError
            return error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
                && error.description.hasPrefix("org.gnome.Mutter.RemoteDesktop.CreateSession(): ")
        }
    }

    @Test func argumentsOfTheWrongTypeAreRefusedByTheService() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        #expect {
            try connection.call(Self.busCall("NameHasOwner", [.uint32(7)]))
        } throws: { error in
            (error as! BusError).name == "org.freedesktop.DBus.Error.InvalidArgs"
        }
    }

    @Test func readingAnArgumentOfAnotherTypeSaysWhatWasExpected() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        let reply = try connection.call(Self.busCall("GetNameOwner", [.string(Self.daemon)]))
        #expect {
            try reply.readUInt32()
        } throws: { error in
            String(describing: error) == "expected an argument of type 'u' in a message of signature 's'"
        }
        #expect(try reply.readString() == Self.daemon)
        #expect {
            try reply.readString()
        } throws: { error in
            String(describing: error) == "expected an argument of type 's', but the message (s) has no more"
        }
    }

    @Test func aSignalThatTheActionCausesIsReceived() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address)
        // NameOwnerChanged(name, old owner, new owner) goes out while the
        // RequestName call still waits for its reply.
        let signal = try connection.awaitSignal(sender: Self.daemon, path: "/org/freedesktop/DBus", interface: Self.daemon,
                                                member: "NameOwnerChanged") { () throws(BusError) in
            try connection.call(Self.busCall("RequestName", [.string("org.touchtracker.Signal"), .uint32(0)]))
        }
        #expect(try signal.readString() == "org.touchtracker.Signal")
        #expect(try signal.readString() == "")
    }

    @Test func aSignalThatNeverComesEndsTheWaitWithAnError() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection(address: bus.address, timeout: .milliseconds(200))
        #expect {
            try connection.awaitSignal(sender: Self.daemon, path: "/org/freedesktop/DBus", interface: Self.daemon,
                                       member: "NameLost") { () throws(BusError) in }
        } throws: { error in
            String(describing: error) == "no org.freedesktop.DBus.NameLost signal from org.freedesktop.DBus within 0.2 seconds"
        }
    }

    @Test func noBusAtTheAddressIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-dbus")
        #expect {
            try BusConnection(address: "unix:path=\(directory.path)/none")
        } throws: { error in
            String(describing: error).hasPrefix("cannot connect to the D-Bus bus at 'unix:path=\(directory.path)/none': ")
        }
    }
}
