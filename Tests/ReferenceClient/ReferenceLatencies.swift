import Presentation
import InspectorModel

/// What the reference client measured: for each input event it committed a
/// frame for, what the compositor said of that frame; and per presented
/// frame, input → on screen from the oldest input it is the first to show,
/// read exactly as the app's recording reads its frames
/// (`FramePresentation`: the event's milliseconds against the presented
/// time on `CLOCK_MONOTONIC`, a steady presentation clock translated onto
/// it), with the median and p99 by the nearest rank, as `touchtracker
/// check` takes them (`PresentationStatistics.percentile`).
///
/// A discarded commit's mark stays in the buffer, so the next presented
/// commit is the first to show its input: counting only each presented
/// commit's own event would leave out the inputs that waited longest. By
/// commit order, not by the order of the answers: a compositor discards a
/// commit as the next one replaces it, before it presents an older one.
public struct ReferenceLatencies {
    /// One input event and the frame committed for it.
    public struct Event: Equatable {
        /// What the event was: "pointer-motion", "touch-down", "tablet-frame"...
        public var kind: String
        /// Its frame, as the compositor answered on it.
        public var frame: FramePresentation

        /// The line written for it once the compositor answered.
        public var line: String {
            let input = "event \(kind) input \(frame.oldestInputTime) ms"
            switch frame.outcome {
            case .discarded:
                return "\(input) discarded"
            case .presented(let time, _, _):
                let presented = "presented \(formatted(time, digits: 6)) s clock \(frame.clock)"
                guard let latency = frame.inputToPresented else { return "\(input) \(presented) on another clock" }
                return "\(input) \(presented) on screen after \(formatted(latency * 1000, digits: 3)) ms"
            case .composited(let time):
                return "\(input) composited \(formatted(time, digits: 6)) s"
            }
        }
    }

    /// Input events a frame was committed for.
    public var committed: Int { commitTimes.count }
    /// Each commit's input time, in commit order.
    private var commitTimes: [UInt32] = []
    /// The newest commit presented so far (its index), -1 before any.
    private var lastPresented = -1
    /// The compositor's answers, in the order they came.
    public private(set) var answered: [Event] = []
    /// Each presented frame, its `oldestInputTime` the oldest input it is
    /// the first to show.
    public private(set) var presentedFrames: [FramePresentation] = []

    public init() {}

    /// A frame committed for input at `time`; returns the commit's index.
    mutating func commit(time: UInt32) -> Int {
        commitTimes.append(time)
        return commitTimes.count - 1
    }

    /// The compositor's answer on the commit `index`: presented, the frame
    /// shows every input committed since the last presented commit.
    mutating func answer(_ event: Event, commit index: Int) {
        answered.append(event)
        guard !event.frame.isDiscarded else { return }
        var frame = event.frame
        if index > lastPresented {
            frame.oldestInputTime = commitTimes[lastPresented + 1]
            lastPresented = index
        }
        presentedFrames.append(frame)
    }

    /// Input → on screen of every presented frame from its oldest input, in seconds.
    public var latencies: [Double] { presentedFrames.compactMap(\.inputToPresented) }

    /// The closing line: median and p99 input → on screen, as `check`
    /// words its presentation row ("median X ms, p99 Y ms over N frames"),
    /// and what became of every commit.
    public func summary(presentation offered: Bool) -> String {
        let discarded = answered.count { $0.frame.isDiscarded }
        let counts = "\(committed) input events committed, \(answered.count - discarded) presented, "
            + "\(discarded) discarded, \(committed - answered.count) unanswered"
        guard offered else {
            return "reference: the compositor offers no wp_presentation: no input → on screen (\(counts))"
        }
        let values = latencies
        guard let median = PresentationStatistics.percentile(0.5, of: values),
              let p99 = PresentationStatistics.percentile(0.99, of: values) else {
            return "reference: no frame presented with a comparable time (\(counts))"
        }
        return "reference: input → on screen median \(formatted(median * 1000, digits: 1)) ms, "
            + "p99 \(formatted(p99 * 1000, digits: 1)) ms over \(values.count) frames (\(counts))"
    }
}

/// `value` with `digits` decimals (no Foundation in the test tools).
func formatted(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale), fraction = String(scaled % Int64(scale))
    let padded = String(repeating: "0", count: digits - fraction.count) + fraction
    return (value < 0 && scaled != 0 ? "-" : "") + (digits == 0 ? "\(whole)" : "\(whole).\(padded)")
}
