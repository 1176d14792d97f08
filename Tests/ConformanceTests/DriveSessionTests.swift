import Glibc
import Platform
import Testing
@testable import Conformance
@testable import TouchTrackerApp

/// `conformance --drive`'s commands as the back end receives them.
@Suite struct DriveSessionTests {
    /// A back end that writes down what it is asked to do.
    final class RecordingBackend: EmulationBackend {
        let name = "recording"
        var sent: [String] = [] {
            didSet { if let last = sent.last { whenSent(last) } }
        }
        /// Runs after each request is written down.
        var whenSent: (String) -> Void = { _ in }
        func unavailableReason(for device: EmulatedDevice) -> String? { device == .tablet ? "no tablet" : nil }
        func plug(_ device: EmulatedDevice) throws { sent.append("plug \(device.rawValue)") }
        func touchDown(slot: Int, at point: OutputPoint) throws { sent.append("down \(slot) \(point.x) \(point.y)") }
        func touchMotion(slot: Int, to point: OutputPoint) throws { sent.append("motion \(slot) \(point.x) \(point.y)") }
        func touchUp(slot: Int) throws { sent.append("up \(slot)") }
        func touchFrame() throws { sent.append("touch frame") }
        func pointerMotion(to point: OutputPoint) throws { sent.append("move \(point.x) \(point.y)") }
        func pointerButton(_ button: UInt32, pressed: Bool) throws { sent.append("button \(button) \(pressed)") }
        func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws { sent.append("wheel") }
        func pointerFrame() throws { sent.append("pointer frame") }
        func key(_ code: UInt32, pressed: Bool) throws { sent.append("key \(code) \(pressed)") }
        func sync() throws { sent.append("sync") }
        func close() {}
    }

    private func run(_ lines: [String], on backend: RecordingBackend) throws -> [String] {
        let session = DriveSession(backend: backend)
        var printed: [String] = []
        for line in lines {
            for command in try DriveCommand.parse(line: line) {
                if let output = try session.run(command) { printed.append(output) }
            }
        }
        return printed
    }

    @Test func eachDeviceIsPluggedOnItsFirstUseOnly() throws {
        let backend = RecordingBackend()
        _ = try run(["down 9 4 4; up 9; move 4 4; key 42 1; key 42 0", "down 0 1 2"], on: backend)
        #expect(backend.sent == [
            "plug touch", "down 9 4.0 4.0", "touch frame", "up 9", "touch frame",
            "plug pointer", "move 4.0 4.0", "pointer frame",
            "plug keyboard", "key 42 true", "key 42 false",
            "down 0 1.0 2.0", "touch frame",
        ])
    }

    @Test func aGlideSyncsBeforeEachStepAndMovesEveryMoverInTurn() throws {
        let backend = RecordingBackend()
        _ = try run(["glide 2 0 0 0 0 10 0 pointer 5 5 5 25"], on: backend)
        #expect(backend.sent == [
            "sync", "plug touch", "motion 0 5.0 0.0", "touch frame", "plug pointer", "move 5.0 15.0", "pointer frame",
            "sync", "motion 0 10.0 0.0", "touch frame", "move 5.0 25.0", "pointer frame",
        ])
    }

    @Test func nodeIsMuttersAloneAndSaysSo() throws {
        let backend = RecordingBackend()
        #expect(throws: EmulationUnavailable(reason: "'node': recording has no screen-cast stream")) {
            try run(["node"], on: backend)
        }
        #expect(backend.sent.isEmpty)
    }

    /// Issue 34: killed with fingers down, the drive left them down for
    /// good. SIGINT, SIGTERM and SIGHUP are read (a signalfd): a glide or
    /// sleep stops at once, and every finger, button and key still held is
    /// let go before the drive ends. The signal here is a real one, raised
    /// on this thread as the compositor takes the key press.
    @Test func aSignalDuringASleepStopsTheDriveWhichLetsGoOfWhatItHolds() throws {
        let signals = try TerminationSignalFile.open()
        defer { try? signals.close() }
        let backend = RecordingBackend()
        backend.whenSent = { if $0 == "key 42 true" { raise(SIGTERM) } }
        let (input, output) = (try Pipe(), try Pipe())
        try input.write.writeAll("down 0 1 2; down 1 3 4; button 272 1; key 42 1; sleep 60\nup 0\n")
        let status = Program.drive(DriveSession(backend: backend, signals: signals), input: input.read,
                                   output: output.write, signals: signals)
        #expect(status == .failure)
        #expect(backend.sent == [
            "plug touch", "down 0 1.0 2.0", "touch frame", "down 1 3.0 4.0", "touch frame",
            "plug pointer", "button 272 true", "pointer frame", "plug keyboard", "key 42 true", "sync",
            "up 0", "up 1", "touch frame", "button 272 false", "pointer frame", "key 42 false", "sync",
        ])
        #expect(try output.readAvailable() == "ready\n", "the sleep's line never finished")
        TerminationSignalFile.drain(signals)
    }

    @Test func aSignalWhileWaitingForALineLetsGoOfTheFingerDown() throws {
        let signals = try TerminationSignalFile.open()
        defer { try? signals.close() }
        let backend = RecordingBackend()
        backend.whenSent = { if $0 == "down 3 5.0 5.0" { raise(SIGINT) } }
        let (input, output) = (try Pipe(), try Pipe())
        // The input stays open: the drive waits for the next line when the signal comes.
        try input.write.writeAll("down 3 5 5\n")
        let status = Program.drive(DriveSession(backend: backend, signals: signals), input: input.read,
                                   output: output.write, signals: signals)
        #expect(status == .failure)
        #expect(backend.sent == ["plug touch", "down 3 5.0 5.0", "touch frame", "sync", "up 3", "touch frame", "sync"])
        #expect(try output.readAvailable() == "ready\nok\n")
        TerminationSignalFile.drain(signals)
    }

    @Test func theEndOfTheInputLetsGoToo() throws {
        let backend = RecordingBackend()
        let (input, output) = (try Pipe(), try Pipe())
        try input.write.writeAll("move 1 1; button 273 1\nkey 29 1\n")
        input.closeWrite()
        #expect(Program.drive(DriveSession(backend: backend), input: input.read, output: output.write, signals: nil)
                == .success)
        #expect(backend.sent.suffix(4) == ["button 273 false", "pointer frame", "key 29 false", "sync"])
        #expect(try output.readAvailable() == "ready\nok\nok\n")
    }

    /// The two ends of a pipe, closed when released.
    final class Pipe {
        let read: FileDescriptor
        let write: FileDescriptor
        private var writeOpen = true

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw Errno.current }
            read = FileDescriptor(rawValue: ends[0])
            write = FileDescriptor(rawValue: ends[1])
            _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        }

        deinit {
            try? read.close()
            closeWrite()
        }

        /// Ends the input: the reader sees its end.
        func closeWrite() {
            guard writeOpen else { return }
            try? write.close()
            writeOpen = false
        }

        /// Everything written so far (the pipe holds 64 KiB).
        func readAvailable() throws -> String {
            var bytes = [UInt8](repeating: 0, count: 1 << 16)
            let count = (try? read.read(into: &bytes)) ?? 0
            return String(decoding: bytes[..<count], as: UTF8.self)
        }
    }
}
