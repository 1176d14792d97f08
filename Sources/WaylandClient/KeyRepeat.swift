import Timing

/// Key repeat on the event loop's timers, at the compositor's rate and delay
/// (`wl_keyboard.repeat_info`). Wayland leaves repeat to the client.
final class KeyRepeat {
    /// Repeats per second; 0 disables repeat.
    private(set) var rate: Int32 = 25
    /// Milliseconds from the press to the first repeat.
    private(set) var delay: Int32 = 600

    private let timers: TimerQueue
    private var timer: TimerHandle?
    /// The key code repeating, if any.
    private(set) var code: UInt32?

    init(timers: TimerQueue) {
        self.timers = timers
    }

    /// `wl_keyboard.repeat_info`. A repeat in progress stops; the next press
    /// uses the new values. Negative values (a protocol violation) disable repeat.
    func configure(rate: Int32, delay: Int32) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
        stop()
    }

    /// Starts repeating `code`, replacing any key repeating so far: after
    /// `delay` ms, `action` runs `rate` times per second until `stop()`.
    func start(code: UInt32, _ action: @escaping () -> Void) {
        stop()
        guard rate > 0 else { return }
        self.code = code
        timer = timers.schedule(after: Double(delay) / 1000, repeating: 1 / Double(rate), action)
    }

    /// Stops repeating (release, focus leave, keymap change, keyboard gone).
    func stop() {
        timer?.cancel()
        timer = nil
        code = nil
    }
}
