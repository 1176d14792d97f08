import Instruments

/// Where the app's window lies on the output, found before the cases run:
/// the emulated pointer (else a finger) goes to a likely point, and where
/// the app received it gives the offset.
extension ConformanceRunner {
    /// Finds where the window is in the compositor's coordinates: the
    /// pointer (else a finger, away from any line) goes to a likely point,
    /// and the position the app receives there gives the offset.
    func locateWindow() throws {
        let guesses = [backend.layoutSize.map { OutputPoint(x: $0.x / 2, y: $0.y / 2) }].compactMap { $0 }
            + [OutputPoint(x: 640, y: 400), OutputPoint(x: 480, y: 320), OutputPoint(x: 300, y: 300),
               OutputPoint(x: 960, y: 540)]
        let usePointer = backend.unavailableReason(for: .pointer) == nil
        if !usePointer, let reason = backend.unavailableReason(for: .touch) {
            throw EmulationUnavailable(reason: "no pointer or touch to find the window with (\(reason))")
        }
        try backend.plug(usePointer ? .pointer : .touch)
        try awaitCapability(usePointer ? .pointer : .touch)
        for guess in guesses {
            let first = batches.count
            if usePointer {
                try backend.pointerMotion(to: guess)
                try backend.pointerFrame()
            } else {
                try backend.touchDown(slot: 9, at: guess)
                try backend.touchFrame()
                try backend.touchUp(slot: 9)
                try backend.touchFrame()
            }
            try backend.sync()
            var seen: OutputPoint?
            try waitUntil(timeout: 1) {
                seen = Self.firstPosition(in: batches[first...])
                return seen != nil
            }
            if let seen {
                windowOffset = OutputPoint(x: guess.x - seen.x, y: guess.y - seen.y)
                // A finger's tap must not count as a first tap of a case.
                if !usePointer { try wait(Self.settleTime) } else { try confirmWindowOffset(near: guess) }
                return
            }
        }
        throw EmulationFailure(description: "the app's window received no input at any of "
            + guesses.map { "(\(Int($0.x)), \(Int($0.y)))" }.joined(separator: ", "))
    }

    /// Moves the pointer a point to and fro near `guess` until two
    /// positions in a row give the same offset: a compositor may still be
    /// moving or animating the window it has just mapped (mutter's map
    /// animation scales it for a quarter of a second, and the positions it
    /// reports meanwhile are off by up to 27 points).
    private func confirmWindowOffset(near guess: OutputPoint) throws {
        for attempt in 1...20 {
            try wait(0.05)
            let point = OutputPoint(x: guess.x + Double(attempt % 2), y: guess.y)
            let first = batches.count
            try backend.pointerMotion(to: point)
            try backend.pointerFrame()
            try backend.sync()
            var seen: OutputPoint?
            try waitUntil(timeout: 1) {
                seen = Self.firstPosition(in: batches[first...])
                return seen != nil
            }
            guard let seen else { continue }
            let offset = OutputPoint(x: point.x - seen.x, y: point.y - seen.y)
            if let previous = windowOffset, abs(previous.x - offset.x) < 0.01, abs(previous.y - offset.y) < 0.01 { return }
            windowOffset = offset
        }
    }

    /// Waits until the seat's latest capabilities include `device`'s: events
    /// sent before the app has bound the device never reach it, and a
    /// compositor may add the capability only as the device is plugged
    /// (mutter on its first event).
    func awaitCapability(_ device: EmulatedDevice) throws {
        _ = try waitUntil(timeout: Self.deliveryTimeout) {
            for entry in batches.reversed() {
                guard case .batch(.seatCapabilities(_, let pointer, let keyboard, let touch), _, _) = entry.item else { continue }
                switch device {
                case .pointer: return pointer
                case .keyboard: return keyboard
                case .touch: return touch
                case .tablet: return true
                }
            }
            return false
        }
    }

    /// The first surface position a pointer or touch batch carries.
    static func firstPosition(in entries: ArraySlice<Recording.Entry>) -> OutputPoint? {
        for entry in entries {
            guard case .batch(let event, _, _) = entry.item else { continue }
            switch event {
            case .pointer(let frame):
                for pointerEvent in frame.events {
                    switch pointerEvent {
                    case .enter(let x, let y), .motion(let x, let y): return OutputPoint(x: x, y: y)
                    case .leave, .button, .releasedByLeave, .axis: break
                    }
                }
            case .touch(let frame):
                if let down = frame.changes.first(where: { $0.kind == .down }) { return OutputPoint(x: down.x, y: down.y) }
            case .pointerGesture, .tabletTool, .key, .keyboardFocus, .seatCapabilities:
                break
            }
        }
        return nil
    }

    /// The compositor point of canvas point (x, y).
    func outputPoint(_ x: Double, _ y: Double) throws -> OutputPoint {
        guard let windowOffset else { throw EmulationFailure(description: "the window has not been found") }
        let canvas = session.firstWindow.canvas.frame
        return OutputPoint(x: canvas.minX + x + windowOffset.x, y: canvas.minY + y + windowOffset.y)
    }
}
