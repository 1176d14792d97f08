import Testing
@testable import TouchTrackerApp

/// `conformance --drive`'s commands as the back end receives them.
@Suite struct DriveSessionTests {
    /// A back end that writes down what it is asked to do.
    final class RecordingBackend: EmulationBackend {
        let name = "recording"
        var sent: [String] = []
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
}
