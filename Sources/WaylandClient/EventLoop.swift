import CWaylandClient
import Platform
import Timing

/// The app's single thread of control: one `poll` over the Wayland socket,
/// any watched descriptors and the timer queue's next deadline.
///
/// Each iteration fires due timers, dispatches queued Wayland events, runs
/// the hooks of the `closeInput` and `present` stages (render if dirty),
/// flushes requests, runs the `flushed` and `idle` hooks (save what
/// changed), then sleeps in `poll` until the socket, a watched descriptor
/// or the next timer wakes it. With no timer scheduled it sleeps without a
/// timeout: an idle app makes no wake-ups.
public final class EventLoop {
    /// Timers (gestures, key repeat) on the loop's clock.
    public let timers: TimerQueue
    /// The hooks of each stage (`LoopStage.rawValue`), in the order added.
    /// Hooks must not dispatch events: no roundtrips.
    private var hooks: [[() -> Void]] = Array(repeating: [], count: LoopStage.allCases.count)
    /// An `idle` hook did work this iteration: poll without sleeping.
    private var looksAgain = false
    /// How many times `poll` returned; tests use it to prove the loop sleeps.
    public private(set) var wakeUps = 0

    private let display: Display
    private var running = false
    private var isInsideRun = false
    /// An error a hook or callback could not throw; ends the iteration.
    private var failure: WaylandError?
    private var watches: [FileWatch] = []

    /// Runs `hook` in every iteration, at `stage`.
    public func add(_ stage: LoopStage, _ hook: @escaping () -> Void) {
        hooks[stage.rawValue].append(hook)
    }

    /// Called by an `idle` hook that did work: the loop polls without
    /// sleeping once, so the next iteration presents what that work changed.
    public func lookAgainBeforeSleeping() {
        looksAgain = true
    }

    private func run(_ stage: LoopStage) {
        for hook in hooks[stage.rawValue] { hook() }
    }

    public init(display: Display, clock: Clock) {
        self.display = display
        self.timers = TimerQueue(clock: clock)
    }

    /// Runs until `stop()`; throws the display's error when the connection
    /// fails (protocol error, compositor gone).
    public func run() throws {
        running = true
        isInsideRun = true
        defer {
            running = false
            isInsideRun = false
        }
        while running {
            try runOnce(timeout: nil)
        }
    }

    /// Makes `run()` return after the current iteration.
    public func stop() {
        running = false
    }

    /// Calls `handler` with the returned `poll` events whenever `fd` is ready
    /// for `events`. Keep the watch to cancel it.
    @discardableResult
    public func watch(fd: Int32, events: PollDescriptor.Events,
                      handler: @escaping (PollDescriptor.Events) -> Void) -> FileWatch {
        let watch = FileWatch(fd: fd, events: events, handler: handler)
        watch.loop = self
        watches.append(watch)
        return watch
    }

    /// Makes the current (or next) iteration throw `error`, for callbacks
    /// and hooks that cannot throw (e.g. a failed buffer allocation).
    func fail(_ error: WaylandError) {
        failure = failure ?? error
    }

    fileprivate func remove(_ watch: FileWatch) {
        watches.removeAll { $0 === watch }
    }

    /// One iteration: timers, queued events, hooks, flush, hooks, then one
    /// `poll` that waits at most `timeout` seconds (nil: until something
    /// happens or the next timer is due), then reads and dispatches.
    public func runOnce(timeout: Double?) throws {
        timers.fireDue()
        let pointer = display.pointer
        // prepare_read fails while events are queued: dispatch them first.
        while wl_display_prepare_read(pointer) != 0 {
            guard wl_display_dispatch_pending(pointer) >= 0 else { throw display.error() }
        }
        run(.closeInput)
        run(.present)
        if let failure {
            wl_display_cancel_read(pointer)
            throw failure
        }

        var waylandEvents = PollDescriptor.Events.readable
        if wl_display_flush(pointer) < 0 {
            // A full socket buffer is normal under load: wait until writable.
            guard Errno.current == .wouldBlock else {
                wl_display_cancel_read(pointer)
                throw display.error()
            }
            waylandEvents.insert(.writable)
        }

        looksAgain = false
        run(.flushed)
        run(.idle)

        var descriptors = [PollDescriptor(fd: display.fileDescriptor, events: waylandEvents)]
        let activeWatches = watches
        descriptors += activeWatches.map { PollDescriptor(fd: $0.fd, events: $0.events) }
        // Stopped by a timer, event or hook of this iteration: finish it
        // without sleeping, or `run()` might sleep forever before returning.
        let limit = (isInsideRun && !running) || looksAgain ? 0 : timeout
        do {
            // After a signal, the timeout is worked out again: the loop sleeps for what is left.
            try Poll.wait(&descriptors) {
                Self.pollTimeout(deadline: timers.nextDeadline, now: timers.clock.now, limit: limit)
            }
        } catch {
            wl_display_cancel_read(pointer)
            throw WaylandError.systemCall("poll", errno: error)
        }
        wakeUps += 1

        if !descriptors[0].returned.isDisjoint(with: [.readable, .error, .hangUp]) {
            guard wl_display_read_events(pointer) >= 0 else { throw display.error() }
        } else {
            wl_display_cancel_read(pointer)
        }
        guard wl_display_dispatch_pending(pointer) >= 0 else { throw display.error() }

        for (watch, descriptor) in zip(activeWatches, descriptors.dropFirst()) where !descriptor.returned.isEmpty {
            // An earlier handler may have cancelled this watch.
            guard watch.loop != nil else { continue }
            watch.handler(descriptor.returned)
        }
        timers.fireDue()
    }

    /// The `poll` timeout in nanoseconds for the earliest of `deadline` and
    /// `now + limit`: -1 (sleep until woken) when neither is set, 0 when
    /// already due, otherwise rounded up so the loop never wakes just before
    /// a deadline and spins. Nanoseconds, not milliseconds: a frame drawn
    /// for the compositor's latch must start on time.
    static func pollTimeout(deadline: Double?, now: Double, limit: Double?) -> Int64 {
        let untilDeadline = deadline.map { $0 - now }
        let wait: Double
        switch (untilDeadline, limit) {
        case (nil, nil): return -1
        case (let seconds?, nil): wait = seconds
        case (nil, let seconds?): wait = seconds
        case (let a?, let b?): wait = min(a, b)
        }
        guard wait > 0 else { return 0 }
        let nanoseconds = (wait * 1e9).rounded(.up)
        return nanoseconds >= Double(Int64.max) ? Int64.max : Int64(nanoseconds)
    }
}

/// A descriptor watched by the event loop; `cancel()` stops watching it.
public final class FileWatch {
    let fd: Int32
    let events: PollDescriptor.Events
    let handler: (PollDescriptor.Events) -> Void
    fileprivate weak var loop: EventLoop?

    fileprivate init(fd: Int32, events: PollDescriptor.Events, handler: @escaping (PollDescriptor.Events) -> Void) {
        self.fd = fd
        self.events = events
        self.handler = handler
    }

    public func cancel() {
        loop?.remove(self)
        loop = nil
    }
}
