import Glibc
import Testing
@testable import Conformance
@testable import TouchTrackerApp

/// What the conformance runner lets go of after a case: under mutter 43 the
/// `touch-cancel` case is skipped at its cancel with its finger still down,
/// and the app (rightly) ignored the next case's pointer drag while that
/// finger stayed down.
@Suite struct HeldInputTests {
    /// A back end that writes down what it is asked to send.
    final class RecordingBackend: EmulationBackend {
        let name = "recording"
        var sent: [String] = []
        func unavailableReason(for device: EmulatedDevice) -> String? { nil }
        func plug(_ device: EmulatedDevice) throws {}
        func touchDown(slot: Int, at point: OutputPoint) throws { sent.append("down \(slot)") }
        func touchMotion(slot: Int, to point: OutputPoint) throws { sent.append("motion \(slot)") }
        func touchUp(slot: Int) throws { sent.append("up \(slot)") }
        func touchFrame() throws { sent.append("touch frame") }
        func pointerMotion(to point: OutputPoint) throws { sent.append("motion") }
        func pointerButton(_ button: UInt32, pressed: Bool) throws {
            sent.append("button \(button) \(pressed ? "pressed" : "released")")
        }
        func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws { sent.append("wheel") }
        func pointerFrame() throws { sent.append("pointer frame") }
        func key(_ code: UInt32, pressed: Bool) throws { sent.append("key \(code) \(pressed ? "pressed" : "released")") }
        func sync() throws {}
        func close() {}
    }

    @Test func aFingerLeftDownByACaseSkippedAtItsCancelIsLifted() throws {
        // The touch-cancel case's script: a finger down, then a cancel the
        // interface lacks (mutter), which skips the case there.
        var held = HeldInput()
        held.touchDown(0)
        let backend = RecordingBackend()
        try held.release(through: backend)
        #expect(backend.sent == ["up 0", "touch frame"])
        #expect(held.isEmpty)
    }

    @Test func everyFingerButtonAndKeyStillHeldIsLetGoInOneFramePerDevice() throws {
        var held = HeldInput()
        held.touchDown(2)
        held.touchDown(1)
        held.touchDown(0)
        held.touchUp(0)
        held.pointerButton(0x111, pressed: true)
        held.pointerButton(0x110, pressed: true)
        held.key(29, pressed: true)
        held.key(44, pressed: true)
        held.key(44, pressed: false)
        let backend = RecordingBackend()
        try held.release(through: backend)
        #expect(backend.sent == ["up 1", "up 2", "touch frame",
                                 "button 272 released", "button 273 released", "pointer frame",
                                 "key 29 released"])
    }

    @Test func whatWasLetGoCancelledOrUnpluggedIsNotReleasedAgain() throws {
        var held = HeldInput()
        held.touchDown(0)
        held.touchDown(1)
        held.touchCancelled()
        held.pointerButton(0x110, pressed: true)
        held.pointerButton(0x110, pressed: false)
        held.key(42, pressed: true)
        held.unplugged(.keyboard)
        #expect(held.isEmpty)
        let backend = RecordingBackend()
        try held.release(through: backend)
        #expect(backend.sent.isEmpty)
    }

    /// Issue 34: `conformance` killed by a signal left what its case held
    /// pressed on the compositor. The runner reads SIGINT, SIGTERM and
    /// SIGHUP on the app's loop: its next turn stops the run (and `run`
    /// then lets go of what the case held).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalStopsTheConformanceRunAtTheLoopsNextTurn(signal: Int32) throws {
        let app = try AppHarness()
        let runner = ConformanceRunner(session: app.session, backend: RecordingBackend())
        defer { runner.close() }
        // To this thread, which the runner's signalfd has the signals blocked in.
        raise(signal)
        #expect(throws: ConformanceRunner.Stopped.self) { try runner.wait(30) }
        #expect(runner.stopRequested)
    }
}
