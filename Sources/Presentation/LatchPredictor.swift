/// When the compositor next takes ("latches") what a surface committed,
/// predicted from its presentation feedback, so that input is drawn and
/// committed just before that moment instead of at the next frame
/// callback (which comes at a repaint, so a frame drawn then is shown a
/// refresh later).
///
/// - The refresh grid: presented times are a period apart, the output's
///   `refresh` unless the presentations themselves say otherwise by more
///   than a percent (headless weston 10 repaints every 16.1 ms while it
///   announces 16.67 ms): then the period is the least-squares fit of the
///   last presentations, within 5 % of `refresh`. The grid's phase is fitted
///   through them too, which averages out jitter; a presentation off the
///   grid by more than a tenth of a refresh (another output, a compositor
///   that restarted its repaint loop or presents whenever it paints)
///   starts a new grid. The grid is trusted after three presentations on
///   it when all were flagged `vsync`, after eight otherwise: no compositor
///   here flags `vsync` (weston sends no flags, mutter only
///   `hw_completion`), so the grid must show itself, and eight in a row
///   within a tenth of a refresh does not happen by chance (mutter's
///   irregular ones never do). Once a compositor has shown a grid, it
///   keeps repainting at that period when it restarts its repaint loop
///   (after a pause, or after a frame it showed late), only at another
///   phase: three presentations then find the new phase, on the period
///   already known. Where the app restarted it, one does: a frame aimed
///   at a latch but committed after it (a loaded machine woke the app
///   late) found the compositor's repaint gone by, and weston stops its
///   loop at a repaint that finds nothing new and starts it again from
///   that commit; the late frame's presentation, off the grid, is then on
///   the new phase, and a frame callback's wait for the two presentations
///   more cost a refresh on every frame in between. A compositor may also repaint on a cadence of its own
///   that is no multiple of the refresh it announces: headless weston 10
///   announces 16.7 ms but, while busy, repaints every ≈ 25.7 ms (its
///   back end finishes a frame 16 ms after the repaint, and the next
///   repaint is the refresh less its 7 ms repaint window after that). A
///   presentation off the refresh grid, more than a refresh and at most
///   two after the one before, before any grid was trusted, seeds a grid
///   at that gap (`cadence`), fitted afterwards like any other and
///   trusted after eight presentations on it, as a grid without `vsync`
///   must be. Sequence numbers (`seq`) are not needed: a
///   missed refresh shows as a gap of whole refreshes, and not every
///   compositor counts them.
/// - The latch lead: how long before a presentation the compositor stops
///   taking commits (weston's repaint window, mutter's and KWin's render
///   budget). Learned from frames that came a refresh later than they
///   could have: a commit at `c` first shown at `p`, when the refresh
///   before (`p - refresh`) was still to come, proves the lead exceeds
///   `p - refresh - c`. Only a frame shown on a grid of three
///   presentations or more, at most two refreshes after the presentation
///   before, proves anything: a frame shown late, off the grid (nested
///   weston on a busy machine is woken late by its parent's frame event),
///   or after a pause (weston restarting its repaint loop shows frames up
///   to 50 ms after their commit) was late for the compositor's sake, not
///   because it missed the latch. The lead is the largest of the last
///   `leadHistory` such bounds, up to one refresh (being early costs a
///   little latency, being late a whole refresh; up to the grid's period
///   where the compositor repaints on a cadence of its own: weston's lead
///   is the 16 ms from its repaint to its presentation), leaving out those more
///   than a quarter of a refresh above their median: a repaint the
///   compositor skipped under load would otherwise teach a lead of most of
///   a refresh, aim every frame that much earlier or stop latch pacing
///   altogether. Not a lower percentile either: frames paced by frame
///   callbacks, committed a little after the repaint, prove a lead a
///   little short of the real one (nested weston: 6.5 ms against 7.5), and
///   a lead that short had a third of the frames aimed for the latch
///   miss it.
/// - The render margin: the 95th percentile of recent render + commit
///   times, plus an allowance for how late the timer wakes the app for its
///   deadline, at most a third of the period (unless rendering alone takes
///   more). What a late wake-up costs decides the allowance. Where the
///   compositor restarts its repaint loop from a frame that missed its
///   latch (weston), a miss costs the frames after it too, and the
///   allowance is the larger of a millisecond and the 90th percentile of
///   the timer's recent lateness. Where the frames that missed their latch
///   were shown on the grid a period later (a compositor repainting on the
///   display's clock: mutter, KWin, the scripted clean grid), a miss costs
///   that one frame a period, and the allowance is the lateness that makes
///   the expected cost least (at least a quarter of a millisecond): being
///   `L` early costs every frame `L`, and the share of recent wake-ups
///   later than `L` costs a period each. On two cores shared with a build,
///   most wake-ups are a fraction of a millisecond late and one in ten a
///   scheduler tick (3 to 5 ms): covering the tick would cost every frame
///   more than the tenth that miss lose.
///
/// Pure and clock-agnostic: the caller gives times on the presentation
/// clock, which it has checked is its own.
public struct LatchPredictor: Sendable {
    /// A predicted latch and when to start drawing for it.
    public struct Latch: Equatable, Sendable {
        /// When the frame is expected on screen.
        public var presentation: Double
        /// The last moment a commit is taken for that presentation.
        public var latch: Double
        /// When to start drawing: `latch` minus the render margin.
        public var deadline: Double
    }

    /// Presentations needed on one grid before it is trusted, when all were
    /// flagged `vsync`.
    static let requiredPresentations = 3
    /// Presentations needed on one grid without `vsync`: the presented
    /// times alone must show the grid.
    static let requiredUnflaggedPresentations = 8
    /// Presentations needed on a new grid at the period of one trusted
    /// before: the compositor restarted its repaint loop at another phase.
    static let requiredPresentationsAtAKnownPeriod = 3
    /// Presentations needed on a new grid at a known period that a frame
    /// committed after its latch started (see the type's comment).
    static let requiredPresentationsAfterAMissedLatch = 1
    /// Presentations the grid is fitted to.
    static let gridHistory = 8
    /// How far the fitted period may differ from the announced refresh.
    static let periodTolerance = 0.05
    /// Render times the margin is taken from.
    static let renderHistory = 60
    /// Bounds on the latch lead it is taken from.
    static let leadHistory = 16
    /// Bounds further above their median than this many refreshes are left
    /// out.
    static let leadOutlier = 0.25
    /// Added to the render times' 95th percentile.
    static let marginSlack = 0.001
    /// The least allowance where a missed latch costs one frame a period:
    /// the wake-ups' own lateness is known, and a millisecond more for
    /// every frame would cost more than the rare miss it saves.
    static let cheapMissSlack = 0.00025
    /// Missed latches whose outcome decides what a miss costs.
    static let missHistory = 8
    /// Without feedback for this long (the window was idle), the grid is
    /// not trusted: some compositors restart their repaint loop when idle.
    static let staleAfter = 1.0

    public private(set) var refresh: Double?
    /// Recent presented times on the current grid, oldest first, each with
    /// its count of periods from the grid's first presentation.
    private var presentations: [(count: Double, time: Double)] = []
    /// Whether every presentation on the current grid was flagged `vsync`.
    private var allFlaggedVsync = true
    /// The period of the current grid: `refresh`, or what the presented
    /// times show (see the type's comment).
    public private(set) var period: Double?
    /// The period of the last grid trusted at this refresh: a new grid
    /// starts at it and is trusted sooner.
    private var knownPeriod: Double?
    /// The period the current grid is fitted around: `refresh`, the period
    /// known from an earlier grid, or the compositor's own cadence when
    /// presentations showed one that is no multiple of `refresh` (see the
    /// type's comment).
    private var nominalPeriod: Double?
    /// The newest presentation, on any grid: when the compositor last
    /// showed an input frame.
    private(set) var lastPresentation: Double?
    /// Recent render + commit durations, oldest first.
    private var renderDurations: [Double] = []
    /// How late the timer woke the app for recent deadlines, oldest first.
    private var wakeLateness: [Double] = []
    /// Recent lower bounds on the lead, oldest first: how much earlier
    /// than the refresh before their presentation frames were committed.
    private var leadBounds: [Double] = []
    /// How long before a presentation the compositor stops taking commits.
    public private(set) var latchLead = 0.0
    /// The latch the newest frame aimed at, when it was committed after it;
    /// cleared by the presentation of a frame committed after it.
    private var missedLatch: Double?
    /// The current grid was started by the frame that missed its latch.
    private var startedByMissedLatch = false
    /// For the app's recent missed latches, oldest first: whether the late
    /// frame was shown on the grid (the miss cost it a period) rather than
    /// off it (the compositor restarted its loop from it).
    private var missesKeptTheGrid: [Bool] = []

    public init() {}

    /// A frame committed at `committed` was presented at `time`, with the
    /// output's `refresh` (nil for a variable rate: nothing is predicted)
    /// and whether the compositor flagged it `vsync`.
    public mutating func presented(at time: Double, refresh: Double?, committed: Double?, vsync: Bool) {
        guard let refresh, refresh > 0 else {
            self.refresh = nil
            period = nil
            knownPeriod = nil
            nominalPeriod = nil
            presentations = []
            startedByMissedLatch = false
            return
        }
        if let current = self.refresh, abs(current - refresh) > current / 100 {
            // Another output or mode: its grid and lead are learned anew.
            knownPeriod = nil
            presentations = []
            startedByMissedLatch = false
            missesKeptTheGrid = []
            leadBounds = []
            latchLead = min(latchLead, refresh)
        }
        self.refresh = refresh
        defer { lastPresentation = time }
        let missedItsLatch = missedLatch.map { committed ?? -.infinity >= $0 } ?? false
        if missedItsLatch {
            missedLatch = nil
            if isTrusted {
                missesKeptTheGrid.append(fitsGrid(time))
                if missesKeptTheGrid.count > Self.missHistory { missesKeptTheGrid.removeFirst() }
            }
        }
        if !fitsGrid(time) {
            let previous = presentations.last?.time
            presentations = []
            startedByMissedLatch = missedItsLatch && knownPeriod != nil
            if knownPeriod == nil, let previous, time - previous > refresh * (1 + Self.periodTolerance),
               time - previous <= Self.longestCadence * refresh {
                // The compositor's own cadence (see the type's comment),
                // which must show itself in eight presentations.
                nominalPeriod = time - previous
                period = nominalPeriod
                allFlaggedVsync = false
                presentations = [(0, previous)]
            }
        }
        let onEstablishedGrid = presentations.count >= 2
        if presentations.isEmpty {
            period = knownPeriod ?? refresh
            nominalPeriod = period
            allFlaggedVsync = true
        }
        allFlaggedVsync = allFlaggedVsync && vsync
        let period = period ?? refresh
        let gap = presentations.last.map { ((time - $0.time) / period).rounded() }
        presentations.append(((presentations.last?.count ?? 0) + (gap ?? 0), time))
        if presentations.count > Self.gridHistory { presentations.removeFirst() }
        if knownPeriod == nil || presentations.count >= Self.requiredUnflaggedPresentations {
            self.period = fittedPeriod(around: nominalPeriod ?? refresh)
        }
        if isTrusted { knownPeriod = self.period }
        // Only while the compositor was repainting on its grid (see the
        // type's comment).
        if let committed, let gap, gap <= 2, onEstablishedGrid {
            let earlier = time - (self.period ?? refresh)
            if earlier > committed { learnLead(atLeast: earlier - committed, refresh: refresh) }
        }
    }

    /// A cadence of the compositor's own is at most this many refreshes:
    /// slower than that, one input frame a repaint no longer matters.
    static let longestCadence = 2.0

    /// A frame proved the lead exceeds `bound`.
    private mutating func learnLead(atLeast bound: Double, refresh: Double) {
        leadBounds.append(bound)
        if leadBounds.count > Self.leadHistory { leadBounds.removeFirst() }
        let sorted = leadBounds.sorted()
        let median = sorted[sorted.count / 2]
        let largest = sorted.last { $0 <= median + Self.leadOutlier * refresh } ?? median
        latchLead = min(max(refresh, period ?? refresh), largest)
    }

    /// Whether the compositor is repainting: it presented an input frame
    /// within the last `idleAfterPeriods` periods. Weston stops its repaint
    /// loop at the first repaint that finds nothing new and starts it again
    /// from the next commit (its first repaint ≈ 9.7 ms later), so after a
    /// pause a predicted latch is one the compositor will not repaint at:
    /// a frame is then committed at once (`FramePacer`).
    public func isRepainting(now: Double) -> Bool {
        guard let lastPresentation, let period else { return false }
        return now - lastPresentation <= Self.idleAfterPeriods * period
    }

    /// See `isRepainting`: a presentation a period apart, the next
    /// expected, and half a period to spare for a late one.
    static let idleAfterPeriods = 1.5

    /// A frame aimed at `latch` was committed at `time`: when that is after
    /// the latch, the compositor may restart its repaint loop from it (see
    /// the type's comment).
    public mutating func committed(at time: Double, aimedAt latch: Latch) {
        if time > latch.latch { missedLatch = latch.latch }
    }

    /// Drawing and committing a frame took `seconds`; a frame drawn at a
    /// deadline started `wokeLateBy` after it.
    public mutating func rendered(taking seconds: Double, wokeLateBy lateness: Double? = nil) {
        renderDurations.append(max(0, seconds))
        if renderDurations.count > Self.renderHistory { renderDurations.removeFirst() }
        if let lateness {
            wakeLateness.append(max(0, lateness))
            if wakeLateness.count > Self.renderHistory { wakeLateness.removeFirst() }
        }
    }

    /// How long before a latch to start drawing: nil before any frame was
    /// drawn. The render times' 95th percentile plus an allowance for the
    /// timer's lateness, at most a third of the period (see the type's
    /// comment).
    public var renderMargin: Double? {
        guard !renderDurations.isEmpty else { return nil }
        let render = Self.percentile(renderDurations, 0.95)
        let period = period ?? refresh
        let margin = render + latenessAllowance(missCost: period)
        guard let period else { return margin }
        return min(margin, max(render + Self.marginSlack, period / 3))
    }

    /// Whether the app's recent missed latches were all shown on the grid,
    /// a period late, and there was at least one.
    public var missesKeepTheGrid: Bool {
        !missesKeptTheGrid.isEmpty && !missesKeptTheGrid.contains(false)
    }

    /// How much later than the timer's deadline to allow the app to wake
    /// (see the type's comment): at least `marginSlack`, or `cheapMissSlack`
    /// where a miss costs one frame a period.
    private func latenessAllowance(missCost period: Double?) -> Double {
        guard !wakeLateness.isEmpty else { return Self.marginSlack }
        guard missesKeepTheGrid, let period else {
            return max(Self.marginSlack, Self.percentile(wakeLateness, 0.9))
        }
        let sorted = wakeLateness.sorted()
        var best = (allowance: Self.cheapMissSlack, cost: Double.infinity)
        var covered = 0
        for lateness in sorted {
            let allowance = max(Self.cheapMissSlack, lateness)
            while covered < sorted.count, sorted[covered] <= allowance { covered += 1 }
            let cost = allowance + Double(sorted.count - covered) / Double(sorted.count) * period
            if cost < best.cost { best = (allowance, cost) }
        }
        return best.allowance
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[Int((Double(sorted.count - 1) * fraction).rounded(.up))]
    }

    /// The first latch whose deadline is not before `now` and that comes
    /// after `previous` (the latch the last input frame aimed at: one input
    /// frame per refresh). Nil ("unknown") without a trusted grid, after
    /// `staleAfter` without feedback, before any render time is known, or
    /// when the lead and margin leave no time in a refresh.
    public func nextLatch(now: Double, after previous: Double? = nil) -> Latch? {
        guard isTrusted, let period, let origin = gridOrigin(), let last = presentations.last,
              now - last.time <= Self.staleAfter, let margin = renderMargin, latchLead + margin < period else { return nil }
        var count = ((now + margin + latchLead - origin) / period).rounded(.up)
        if let previous {
            count = max(count, ((previous + period / 2 + latchLead - origin) / period).rounded(.up))
        }
        let presentation = origin + count * period
        let latch = presentation - latchLead
        return Latch(presentation: presentation, latch: latch, deadline: latch - margin)
    }

    /// Whether enough presentations lie on the current grid to aim at it.
    private var isTrusted: Bool {
        let required = startedByMissedLatch ? Self.requiredPresentationsAfterAMissedLatch
            : allFlaggedVsync ? Self.requiredPresentations
            : knownPeriod != nil ? Self.requiredPresentationsAtAKnownPeriod : Self.requiredUnflaggedPresentations
        return presentations.count >= required
    }

    /// The period the presentations show, by least squares over their
    /// counts, when it differs from `nominal` (the refresh, or the
    /// compositor's own cadence) by more than a percent and less than
    /// `periodTolerance`; otherwise `nominal`.
    private func fittedPeriod(around refresh: Double) -> Double {
        guard let first = presentations.first, let last = presentations.last, last.count > first.count else { return refresh }
        let meanCount = presentations.map(\.count).reduce(0, +) / Double(presentations.count)
        let meanTime = presentations.map(\.time).reduce(0, +) / Double(presentations.count)
        var covariance = 0.0, variance = 0.0
        for presentation in presentations {
            covariance += (presentation.count - meanCount) * (presentation.time - meanTime)
            variance += (presentation.count - meanCount) * (presentation.count - meanCount)
        }
        let fitted = covariance / variance
        let departure = abs(fitted - refresh) / refresh
        return departure > 0.01 && departure <= Self.periodTolerance ? fitted : refresh
    }

    /// Where the grid through the presentations puts count 0: the mean of
    /// their offsets from the period, which averages out jitter.
    private func gridOrigin() -> Double? {
        guard let period, !presentations.isEmpty else { return nil }
        let origins = presentations.map { $0.time - $0.count * period }
        return origins.reduce(0, +) / Double(origins.count)
    }

    /// Whether `time` lies on the current grid, within a tenth of a refresh.
    private func fitsGrid(_ time: Double) -> Bool {
        guard let period, let origin = gridOrigin() else { return true }
        let distance = time - origin
        return abs(distance - (distance / period).rounded() * period) <= period / 10
    }
}
