import Platform

/// Runs `conformance --drive`'s commands (`DriveCommand`) through an
/// emulation back end, making each device exist on its first use (mutter
/// and wlroots add the seat's capability only then).
final class DriveSession {
    let backend: EmulationBackend
    private var plugged: Set<EmulatedDevice> = []

    init(backend: EmulationBackend) {
        self.backend = backend
    }

    /// Sends `command`; returns what it prints (`node`), if anything. A
    /// glide or sleep pauses here, after a `sync()`.
    @discardableResult
    func run(_ command: DriveCommand) throws -> String? {
        switch command {
        case .touchDown(let slot, let point):
            try use(.touch)
            try backend.touchDown(slot: slot, at: point)
            try backend.touchFrame()
        case .touchMotion(let slot, let point):
            try use(.touch)
            try backend.touchMotion(slot: slot, to: point)
            try backend.touchFrame()
        case .touchUp(let slot):
            try use(.touch)
            try backend.touchUp(slot: slot)
            try backend.touchFrame()
        case .pointerMotion(let point):
            try use(.pointer)
            try backend.pointerMotion(to: point)
            try backend.pointerFrame()
        case .button(let code, let pressed):
            try use(.pointer)
            try backend.pointerButton(code, pressed: pressed)
            try backend.pointerFrame()
        case .key(let code, let pressed):
            try use(.keyboard)
            try backend.key(code, pressed: pressed)
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
                Time.sleep(seconds: max(0, due - Time.monotonicSeconds()))
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
            Time.sleep(seconds: seconds)
        case .node:
            guard let node = (backend as? MutterRemoteDesktopBackend)?.pipeWireNode else {
                throw EmulationUnavailable(reason: "'node': \(backend.name) has no screen-cast stream")
            }
            return String(node)
        case .quit:
            break
        }
        return nil
    }

    private func use(_ device: EmulatedDevice) throws {
        guard !plugged.contains(device) else { return }
        try backend.plug(device)
        plugged.insert(device)
    }
}
