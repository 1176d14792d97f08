import Timing

/// Turns Ctrl+wheel and Shift+wheel into indirect pinches, so a mouse can
/// scale and rotate what pinch and rotation recognizers drive, as a
/// touchpad pinch does.
///
/// A burst of wheel clicks with Ctrl (scale) or Shift (rotate; Ctrl wins
/// when both are held) is one gesture: the first click begins it where the
/// pointer is (hit-tested there, like a touchpad pinch), each click changes
/// it, and it ends once the wheel has been still for `quietTime`, on the
/// window's timers. A click with the other modifier ends the burst at once
/// and begins a new one. Wheel steps without either modifier are not
/// gestures, and are left to the caller.
public final class WheelGestures {
    /// Seconds without a click that end a burst: long enough to span the
    /// gaps between the clicks of one turn of the wheel, short enough that
    /// the gesture's end follows the hand.
    static let quietTime = 0.25
    /// Scale change of one click with Ctrl: wheel up (away from the user)
    /// zooms in by 10 %, down zooms out, as in browsers.
    static let scalePerClick = 1.1
    /// Rotation of one click with Shift: 15°, wheel down turns clockwise.
    static let rotationPerClick = Double.pi / 12

    private enum Mode {
        case scale, rotate
    }

    private struct Burst {
        var mode: Mode
        var gesture: IndirectGesture
        var quietTimer: TimerHandle?
    }

    private unowned let window: Window
    private var bursts: [InputDeviceID: Burst] = [:]

    public init(window: Window) {
        self.window = window
    }

    /// One wheel step of `clicks` (positive: down, or right; fractions for
    /// smooth scrolling) from `device`'s pointer at `location` (window
    /// coordinates), with `modifiers` held. Returns whether it was a
    /// gesture step (Ctrl or Shift held).
    @discardableResult
    public func wheel(_ clicks: Double, device: InputDeviceID, at location: Point, modifiers: KeyModifiers,
                      timestamp: Double) -> Bool {
        let mode: Mode
        if modifiers.contains(.control) {
            mode = .scale
        } else if modifiers.contains(.shift) {
            mode = .rotate
        } else {
            return false
        }
        guard clicks != 0 else { return true }
        if let running = bursts[device], running.mode != mode { end(device, at: timestamp) }
        var burst = bursts[device] ?? begin(mode, device: device, at: location, timestamp: timestamp)
        switch mode {
        case .scale: burst.gesture.scale *= Double.pow(Self.scalePerClick, -clicks)
        case .rotate: burst.gesture.rotation += clicks * Self.rotationPerClick
        }
        burst.gesture.phase = .changed
        burst.gesture.timestamp = timestamp
        burst.quietTimer?.cancel()
        burst.quietTimer = window.timers.schedule(after: Self.quietTime) { [weak self] in
            self?.end(device, at: timestamp + Self.quietTime)
        }
        bursts[device] = burst
        window.handle(burst.gesture)
        return true
    }

    private func begin(_ mode: Mode, device: InputDeviceID, at location: Point, timestamp: Double) -> Burst {
        let gesture = IndirectGesture(device: device, source: .wheel, kind: .pinch, phase: .began,
                                      location: location, fingers: 0, timestamp: timestamp)
        window.handle(gesture)
        return Burst(mode: mode, gesture: gesture)
    }

    /// The wheel stayed still (or the modifier changed): the burst ends at
    /// `timestamp`, `quietTime` after its last click at the latest.
    private func end(_ device: InputDeviceID, at timestamp: Double) {
        guard var burst = bursts.removeValue(forKey: device) else { return }
        burst.quietTimer?.cancel()
        burst.gesture.phase = .ended
        burst.gesture.timestamp = timestamp
        window.handle(burst.gesture)
    }
}
