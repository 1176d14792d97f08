import TestCompositor

/// How the scripted compositor repaints in `LatchPacingBenchmark`, driven
/// on the real clock between the session's polls.
protocol RepaintCadence {
    /// From the repaint that takes a commit to its presentation.
    static var presentationDelay: Double { get }
    /// When the benchmark must look again (the session's poll sleeps until it).
    var nextEvent: Double { get }
    /// Repaints or presents if due.
    mutating func repaintIfDue(_ bench: SessionOnTestCompositor)
    /// For a client that commits on every input event, sent at `sent`:
    /// seconds from each to its presentation, on this cadence.
    func referenceLatencies(sent: [Double]) -> [Double]
}

/// The clean 60 Hz grid: a repaint every refresh on the real clock,
/// presenting at once, whether or not anything was committed.
struct Grid: RepaintCadence {
    static let presentationDelay = 0.0
    var next: Double
    /// Every repaint so far, for the reference.
    private var repaints: [Double] = []

    init(next: Double) {
        self.next = next
    }

    var nextEvent: Double { next }

    /// Repaints if one is due; a repaint missed by a stalled process
    /// is skipped, as a display does not wait.
    mutating func repaintIfDue(_ bench: SessionOnTestCompositor) {
        let now = Stopwatch.now
        guard now >= next else { return }
        bench.compositor.repaint(at: next, refresh: LatchPacingBenchmark.refresh)
        repaints.append(next)
        next += LatchPacingBenchmark.refresh
        while next <= now { next += LatchPacingBenchmark.refresh }
    }

    /// A commit made at once is shown at the first repaint after it.
    func referenceLatencies(sent: [Double]) -> [Double] {
        sent.map { time in (repaints.first { $0 >= time } ?? next) - time }
    }
}

/// Headless weston 10's cadence (`WestonRepaintCadence`): repaints
/// ≈ 25.7 ms apart while busy, ≈ 9.7 ms after a commit from idle,
/// presented 16 ms after, no flags.
struct WestonLikeCadence: RepaintCadence {
    static let presentationDelay = WestonRepaintCadence.frameTime
    /// While idle, how often the benchmark looks for a commit that starts
    /// the loop (the loop's start is timed from it).
    static let idlePoll = 0.001
    private var loop = WestonRepaintCadence()
    /// The surface's commits the last repaint had seen.
    private var commitsSeen = 0

    var nextEvent: Double { loop.nextEvent ?? Stopwatch.now + Self.idlePoll }

    mutating func repaintIfDue(_ bench: SessionOnTestCompositor) {
        bench.compositor.dispatch()
        let commits = bench.surface.commits.count
        if commits > commitsSeen { loop.committed(at: Stopwatch.now) }
        let now = Stopwatch.now
        if let presentation = loop.pendingPresentation, now >= presentation {
            bench.compositor.presentLatched(at: presentation, refresh: WestonRepaintCadence.refresh, flags: 0)
            loop.presented()
        }
        if let repaint = loop.nextRepaint, now >= repaint, loop.repaint(hasNewCommit: commits > commitsSeen) {
            bench.compositor.repaintPresentingLater(at: repaint)
            commitsSeen = commits
        }
    }

    func referenceLatencies(sent: [Double]) -> [Double] {
        WestonRepaintCadence.everyEventLatencies(commits: sent)
    }
}
