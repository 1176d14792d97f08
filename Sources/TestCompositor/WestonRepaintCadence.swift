/// Headless weston 10's repaint loop, as a pure state machine on the
/// times it is given, so the benchmark's scripted compositor can repaint
/// as weston does and a client that commits on every input event can be
/// worked out on the same times (`everyEventLatencies`).
///
/// From weston 10's libweston/compositor.c and the headless back end:
/// `weston_output_finish_frame` schedules the next repaint at the
/// presentation plus the refresh less the repaint window (7 ms by
/// default), and the headless back end finishes each frame 16 ms after
/// its repaint, so a busy output repaints every ≈ 25.7 ms against the
/// 16.7 ms refresh it announces. A repaint that finds nothing new stops
/// the loop (`weston_output_maybe_repaint`); the next commit starts it
/// again (`start_repaint_loop` finishes a frame "now"), so the first
/// repaint comes ≈ 9.7 ms after that commit. A repaint takes every
/// surface's newest commit and sends the frame callbacks; the frame is
/// presented when it finishes, with no flags.
public struct WestonRepaintCadence: Sendable {
    /// The refresh the headless output announces (its 60 Hz mode).
    public static let refresh = 1.0 / 60
    /// weston's default `repaint-window`.
    public static let repaintWindow = 0.007
    /// From a repaint to its presentation: the headless back end's frame timer.
    public static let frameTime = 0.016
    /// From a presentation, or from a commit that starts an idle loop, to
    /// the next repaint.
    public static var toRepaint: Double { refresh - repaintWindow }

    /// When the loop repaints next; nil while a frame is being finished or
    /// the loop is idle.
    public private(set) var nextRepaint: Double?
    /// When the frame of the last repaint is presented; nil when none is
    /// being finished.
    public private(set) var pendingPresentation: Double?

    public init() {}

    /// The next thing the loop does; nil when it is idle.
    public var nextEvent: Double? { nextRepaint ?? pendingPresentation }

    /// A client committed at `time`: an idle loop starts.
    public mutating func committed(at time: Double) {
        if nextEvent == nil { nextRepaint = time + Self.toRepaint }
    }

    /// The repaint due at `nextRepaint`: it shows what was committed
    /// since the last one, if anything was (true); otherwise the loop
    /// stops (false).
    public mutating func repaint(hasNewCommit: Bool) -> Bool {
        guard let time = nextRepaint else { return false }
        nextRepaint = nil
        guard hasNewCommit else { return false }
        pendingPresentation = time + Self.frameTime
        return true
    }

    /// The frame of the last repaint was presented at `pendingPresentation`.
    public mutating func presented() {
        guard let time = pendingPresentation else { return }
        pendingPresentation = nil
        nextRepaint = time + Self.toRepaint
    }

    /// For a client that commits at once at each of `commits` (ascending
    /// seconds; weston-simple-touch commits on every touch event): seconds
    /// from each commit to the presentation that first shows it.
    public static func everyEventLatencies(commits: [Double]) -> [Double] {
        var loop = Self()
        var latencies: [Double] = []
        var next = 0, latched = 0, shown = 0
        while shown < commits.count {
            if next < commits.count, loop.nextEvent.map({ commits[next] <= $0 }) ?? true {
                loop.committed(at: commits[next])
                next += 1
            } else if loop.nextRepaint != nil {
                if loop.repaint(hasNewCommit: next > latched) { latched = next }
            } else if let presentation = loop.pendingPresentation {
                while shown < latched {
                    latencies.append(presentation - commits[shown])
                    shown += 1
                }
                loop.presented()
            } else {
                break
            }
        }
        return latencies
    }
}
