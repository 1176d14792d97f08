import Platform

/// Runs `conformance --drive`'s commands (`DriveCommand`) through an
/// emulation back end, making each device exist on its first use (mutter
/// and wlroots add the seat's capability only then), and keeps what they
/// hold (`HeldInput`) so that the drive lets go of it before it exits.
final class DriveSession {
    /// A termination signal came during a glide or a sleep, which stopped there.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "stopped by a signal" }
    }

    let backend: EmulationBackend
    /// SIGINT, SIGTERM and SIGHUP (a signalfd): one ends a glide or sleep at
    /// once. Nil: pauses run to their end.
    private let signals: FileDescriptor?
    private var plugged: Set<EmulatedDevice> = []
    /// The fingers, buttons and keys the commands so far pressed and have
    /// not let go.
    private(set) var held = HeldInput()

    init(backend: EmulationBackend, signals: FileDescriptor? = nil) {
        self.backend = backend
        self.signals = signals
    }

    /// Sends `command`; returns what it prints (`node`), if anything. A
    /// glide or sleep pauses here, after a `sync()`, and throws `Stopped`
    /// when a signal ends the pause. What it sends is flushed at once, with
    /// back-pressure (`EmulationBackend.flush`).
    @discardableResult
    func run(_ command: DriveCommand) throws -> String? {
        switch command {
        case .touchDown(let slot, let point):
            try use(.touch)
            try backend.touchDown(slot: slot, at: point)
            held.touchDown(slot)
            try backend.touchFrame()
        case .touchMotion(let slot, let point):
            try use(.touch)
            try backend.touchMotion(slot: slot, to: point)
            try backend.touchFrame()
        case .touchUp(let slot):
            try use(.touch)
            try backend.touchUp(slot: slot)
            held.touchUp(slot)
            try backend.touchFrame()
        case .pointerMotion(let point):
            try use(.pointer)
            try backend.pointerMotion(to: point)
            try backend.pointerFrame()
        case .button(let code, let pressed):
            try use(.pointer)
            try backend.pointerButton(code, pressed: pressed)
            held.pointerButton(code, pressed: pressed)
            try backend.pointerFrame()
        case .key(let code, let pressed):
            try use(.keyboard)
            try backend.key(code, pressed: pressed)
            held.key(code, pressed: pressed)
        case .glide(let steps, let seconds, let paths):
            // Each step at its own time, not a pause after the last: the
            // time sending and syncing take would otherwise stretch a 100 Hz
            // glide. A step sent late (mutter answers a D-Bus call only
            // between its frames, up to 25 ms on) moves the next ones on
            // rather than catching up: steps sent back to back would reach
            // the app a millisecond apart, as no real device moves.
            let interval = seconds / Double(steps)
            var due = Time.monotonicSeconds() + interval
            for step in 1...steps {
                // What came before reaches the compositor before the pause.
                try backend.sync()
                try pause(until: due)
                due = max(due, Time.monotonicSeconds() - interval / 2) + interval
                for path in paths {
                    let point = path.point(step: step, of: steps)
                    switch path.mover {
                    case .pointer: try run(.pointerMotion(to: point))
                    case .finger(let slot): try run(.touchMotion(slot: slot, to: point))
                    }
                }
            }
        case .sleep(let seconds):
            try backend.sync()
            try pause(until: Time.monotonicSeconds() + seconds)
        case .node:
            guard let node = (backend as? MutterRemoteDesktopBackend)?.pipeWireNode ?? (backend as? EISBackend)?.pipeWireNode else {
                throw EmulationUnavailable(reason: "'node': \(backend.name) has no screen-cast stream")
            }
            return String(node)
        case .quit:
            break
        }
        try backend.flush()
        return nil
    }

    /// Lifts every finger, releases every button and key the commands left
    /// held, and waits until the compositor has handled it.
    func letGo() throws {
        guard !held.isEmpty else { return }
        try held.release(through: backend)
        try backend.sync()
    }

    /// Waits until `deadline` (monotonic seconds) in `poll` on the signals;
    /// throws `Stopped` as soon as one arrives (leaving it unread, for the
    /// drive's own loop to see too).
    private func pause(until deadline: Double) throws {
        guard let signals else {
            Time.sleep(seconds: max(0, deadline - Time.monotonicSeconds()))
            return
        }
        var descriptors = [PollDescriptor(fd: signals.rawValue, events: .readable)]
        try Poll.wait(&descriptors) { Int64(max(0, deadline - Time.monotonicSeconds()) * 1_000_000_000) }
        if !descriptors[0].returned.isEmpty { throw Stopped() }
    }

    private func use(_ device: EmulatedDevice) throws {
        guard !plugged.contains(device) else { return }
        try backend.plug(device)
        plugged.insert(device)
    }
}
