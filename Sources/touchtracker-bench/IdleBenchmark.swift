import TestCompositor
#if canImport(Glibc)
import Glibc
#endif

/// Figure 6: wake-ups of a mapped, untouched window. The real app wiring
/// (`Session`, 10,000 lines, 1920×1080) runs its real `run()` loop, blocking
/// in `poll`, while the test compositor moves to a thread of its own, stays
/// silent for the idle period, then sends `xdg_toplevel.close`; the session
/// saves and returns. The figure is the event loop's `wakeUps` counter
/// (returns from `poll`) over the period, not counting the one the close
/// causes. Supporting evidence: the session thread's
/// `voluntary_ctxt_switches` (/proc/…/task/<tid>/status), read by the
/// compositor thread at 0.25 s and at the end of the period.
enum IdleBenchmark {
    /// The compositor's share of the work, handed to its thread whole. Only
    /// one thread at a time uses the compositor: the main thread does not
    /// touch it between `pthread_create` and `pthread_join`.
    final class SilentCompositor: @unchecked Sendable {
        let compositor: TestCompositor
        let toplevel: TestToplevel
        let seconds: Double
        let sessionThreadStatus: String
        private(set) var contextSwitches: Int?
        private(set) var commitsDuringIdle = 0

        init(compositor: TestCompositor, toplevel: TestToplevel, seconds: Double, sessionThreadStatus: String) {
            self.compositor = compositor
            self.toplevel = toplevel
            self.seconds = seconds
            self.sessionThreadStatus = sessionThreadStatus
        }

        func serve() {
            let commitsBefore = toplevel.surface.commits.count
            sleep(for: 0.25)
            let before = ProcStatus(path: sessionThreadStatus)?.number("voluntary_ctxt_switches")
            sleep(for: seconds - 0.25)
            let after = ProcStatus(path: sessionThreadStatus)?.number("voluntary_ctxt_switches")
            if let before, let after { contextSwitches = after - before }
            // Whatever the client sent meanwhile (it should have sent nothing).
            compositor.dispatch()
            commitsDuringIdle = toplevel.surface.commits.count - commitsBefore
            toplevel.close()
            compositor.dispatch()
        }

        private func sleep(for seconds: Double) {
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        }
    }

    static func run(seconds: Double, verdict: Figure.Verdict) throws -> Figure {
        let bench = try SessionOnTestCompositor(lineCount: 10_000)
        try bench.settle()
        let silent = SilentCompositor(compositor: bench.compositor, toplevel: bench.toplevel, seconds: seconds,
                                      sessionThreadStatus: ProcStatus.currentThreadPath)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<SilentCompositor>.fromOpaque(context!).takeRetainedValue().serve()
            return nil
        }, Unmanaged.passRetained(silent).toOpaque())
        precondition(started == 0, "cannot start the compositor thread")

        let wakeUpsBefore = bench.session.loop.wakeUps
        try bench.session.run()
        pthread_join(thread, nil)
        // The last wake-up is the close ending the session.
        let wakeUps = bench.session.loop.wakeUps - wakeUpsBefore - 1
        return Figure(name: "idle wake-ups of a mapped window over \(Int(seconds)) s", value: Double(wakeUps),
                      unit: "wake-ups", budget: .atMost(0), verdict: verdict, details: [
                          "EventLoop.wakeUps of the real Session.run() against the test compositor on another thread; "
                              + "session thread voluntary context switches from 0.25 s to the end: "
                              + (silent.contextSwitches.map(String.init) ?? "unknown")
                              + "; commits sent while idle: \(silent.commitsDuringIdle)",
                      ])
    }
}
