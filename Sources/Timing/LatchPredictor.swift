/// When the compositor next takes ("latches") what a surface committed,
/// predicted from its presentation feedback, so that input is drawn and
/// committed just before that moment instead of at the next frame
/// callback (which comes at a repaint, so a frame drawn then is shown a
/// refresh later).
///
/// - The refresh grid: presented times are `refresh` apart. The grid's
///   phase is the mean of the last presentations' offsets from it, which
///   averages out jitter; a presentation off the grid by more than a tenth
///   of a refresh (another output, a compositor that restarted its repaint
///   loop) starts a new grid. Sequence numbers (`seq`) are not needed: a
///   missed refresh shows as a gap of whole refreshes, and not every
///   compositor counts them.
/// - The latch lead: how long before a presentation the compositor stops
///   taking commits (weston's repaint window, mutter's and KWin's render
///   budget). Learned from frames that came a refresh later than they
///   could have: a commit at `c` first shown at `p`, when the refresh
///   before (`p - refresh`) was still to come, proves the lead exceeds
///   `p - refresh - c`. It only grows, up to one refresh: being early costs
///   a little latency, being late a whole refresh.
/// - The render margin: the 95th percentile of recent render + commit
///   times, plus a millisecond.
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

    /// Presentations needed on one grid before it is trusted.
    public static let requiredPresentations = 3
    /// Presentations the phase is averaged over.
    public static let gridHistory = 8
    /// Render times the margin is taken from.
    public static let renderHistory = 60
    /// Added to the render times' 95th percentile.
    public static let marginSlack = 0.001
    /// Without feedback for this long (the window was idle), the grid is
    /// not trusted: some compositors restart their repaint loop when idle.
    public static let staleAfter = 1.0

    public private(set) var refresh: Double?
    /// Recent presented times on the current grid, oldest first.
    private var presentations: [Double] = []
    /// Recent render + commit durations, oldest first.
    private var renderDurations: [Double] = []
    /// How long before a presentation the compositor stops taking commits.
    public private(set) var latchLead = 0.0

    public init() {}

    /// A frame committed at `committed` was presented at `time`, with the
    /// output's `refresh` (nil for a variable rate: nothing is predicted).
    public mutating func presented(at time: Double, refresh: Double?, committed: Double?) {
        guard let refresh, refresh > 0 else {
            self.refresh = nil
            presentations = []
            return
        }
        if let current = self.refresh, abs(current - refresh) > current / 100 || !fitsGrid(time) {
            presentations = []
        }
        self.refresh = refresh
        presentations.append(time)
        if presentations.count > Self.gridHistory { presentations.removeFirst() }
        if let committed {
            let earlier = time - refresh
            if earlier > committed { latchLead = min(refresh, max(latchLead, earlier - committed)) }
        }
    }

    /// Drawing and committing a frame took `seconds`.
    public mutating func rendered(taking seconds: Double) {
        renderDurations.append(max(0, seconds))
        if renderDurations.count > Self.renderHistory { renderDurations.removeFirst() }
    }

    /// How long before a latch to start drawing: nil before any frame was drawn.
    public var renderMargin: Double? {
        guard !renderDurations.isEmpty else { return nil }
        let sorted = renderDurations.sorted()
        let index = Int((Double(sorted.count - 1) * 0.95).rounded(.up))
        return sorted[index] + Self.marginSlack
    }

    /// The first latch whose deadline is not before `now` and that comes
    /// after `previous` (the latch the last input frame aimed at: one input
    /// frame per refresh). Nil ("unknown") without a trusted grid, after
    /// `staleAfter` without feedback, before any render time is known, or
    /// when the lead and margin leave no time in a refresh.
    public func nextLatch(now: Double, after previous: Double? = nil) -> Latch? {
        guard let refresh, presentations.count >= Self.requiredPresentations, let last = presentations.last,
              now - last <= Self.staleAfter, let margin = renderMargin, latchLead + margin < refresh else { return nil }
        let origin = last + meanOffset(refresh: refresh, from: last)
        var count = ((now + margin + latchLead - origin) / refresh).rounded(.up)
        if let previous {
            count = max(count, ((previous + refresh / 2 + latchLead - origin) / refresh).rounded(.up))
        }
        let presentation = origin + count * refresh
        let latch = presentation - latchLead
        return Latch(presentation: presentation, latch: latch, deadline: latch - margin)
    }

    /// The mean of the presentations' offsets from the grid through `anchor`.
    private func meanOffset(refresh: Double, from anchor: Double) -> Double {
        let offsets = presentations.map { time -> Double in
            let distance = time - anchor
            return distance - (distance / refresh).rounded() * refresh
        }
        return offsets.reduce(0, +) / Double(offsets.count)
    }

    /// Whether `time` lies on the current grid, within a tenth of a refresh.
    private func fitsGrid(_ time: Double) -> Bool {
        guard let refresh, let last = presentations.last else { return true }
        let origin = last + meanOffset(refresh: refresh, from: last)
        let distance = time - origin
        return abs(distance - (distance / refresh).rounded() * refresh) <= refresh / 10
    }
}
