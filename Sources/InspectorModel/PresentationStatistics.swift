import Presentation
import TouchCore

/// Input → on screen over the last frames that carried input
/// (`FramePresentation`): the latest latency, its median and 99th
/// percentile, the share of those frames the compositor discarded, and
/// the last refresh and flags. Frames only a frame callback told of
/// (`FramePresentation.isComposited`: no feedback) give the estimate
/// apart, in `estimatedLatencies`, never mixed with the presented ones.
/// The inspector shows it, `check` judges a recording's frames with it,
/// and plots can read `frames`.
public struct PresentationStatistics: Equatable, Sendable {
    /// How many frames with input it summarizes.
    public static let capacity = 120

    /// The last frames with input, oldest first, at most `capacity`.
    public private(set) var frames: [FramePresentation] = []
    /// The input → presented latencies (seconds) of the presented frames
    /// among `frames` whose clocks are comparable, oldest first.
    public private(set) var latencies: [Double] = []
    /// The estimated input → on screen latencies (seconds, input →
    /// composited) of the frames among `frames` that only a frame callback
    /// told of, oldest first; from the app's receipt of the input where the
    /// event times are on another clock (`FramePresentation.receiptToComposited`).
    public private(set) var estimatedLatencies: [Double] = []
    /// How many of `estimatedLatencies` start at the app's receipt.
    public private(set) var estimatesFromReceipt = 0
    /// Presented frames whose event times were not on the presentation clock.
    public private(set) var unrelatedClockFrames = 0
    private let capacity: Int

    public init(capacity: Int = PresentationStatistics.capacity) {
        self.capacity = capacity
    }

    public mutating func add(_ frame: FramePresentation) {
        frames.append(frame)
        count(frame, by: 1)
        if frames.count > capacity { count(frames.removeFirst(), by: -1) }
    }

    /// Adds (`by` 1) or removes (-1) a frame's latency, estimate or
    /// unreadable clock; frames leave oldest first, as their latencies do.
    private mutating func count(_ frame: FramePresentation, by step: Int) {
        if let latency = frame.inputToPresented {
            if step > 0 { latencies.append(latency) } else { latencies.removeFirst() }
        } else if frame.isComposited {
            // Without a plausible start (event times on another clock and
            // no receipt) there is no estimate.
            guard let estimate = frame.inputToComposited ?? frame.receiptToComposited else { return }
            if step > 0 { estimatedLatencies.append(estimate) } else { estimatedLatencies.removeFirst() }
            if frame.receiptToComposited != nil { estimatesFromReceipt += step }
        } else if !frame.isDiscarded {
            unrelatedClockFrames += step
        }
    }

    public var last: Double? { latencies.last }
    public var median: Double? { percentile(0.5) }
    public var p99: Double? { percentile(0.99) }

    /// The nearest-rank percentile `fraction` (0…1) of the latencies.
    public func percentile(_ fraction: Double) -> Double? {
        Self.percentile(fraction, of: latencies)
    }

    /// The estimate's latest, median and 99th percentile (input →
    /// composited), for frames the compositor gave no feedback on.
    public var estimatedLast: Double? { estimatedLatencies.last }
    public var estimatedMedian: Double? { Self.percentile(0.5, of: estimatedLatencies) }
    public var estimatedP99: Double? { Self.percentile(0.99, of: estimatedLatencies) }

    /// Whether the newest frame is known from its frame callback only: the
    /// compositor gives no feedback (now), so the estimate is what to show.
    public var showsEstimate: Bool { frames.last?.isComposited == true }

    /// How many of the frames the compositor answered with feedback
    /// (presented or discarded).
    public var answeredCount: Int { frames.count { !$0.isComposited } }

    /// Input → commit of the frames whose commit time is known, oldest first.
    public var commitLatencies: [Double] { frames.compactMap(\.inputToCommit) }

    /// The nearest-rank percentile `fraction` (0…1) of `values`.
    public static func percentile(_ fraction: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    public var discardedCount: Int { frames.count { $0.isDiscarded } }
    /// The share (0…1) of the frames it answered that the compositor
    /// discarded (a frame callback tells of no discarded frame).
    public var discardedShare: Double {
        answeredCount == 0 ? 0 : Double(discardedCount) / Double(answeredCount)
    }

    /// The refresh period and flags of the newest presented frame.
    public var lastPresented: (refresh: Double?, flags: PresentationFlags)? {
        for frame in frames.reversed() {
            if case .presented(_, let refresh, let flags) = frame.outcome { return (refresh, flags) }
        }
        return nil
    }

    /// The presentation clock of the newest frame the compositor answered.
    public var clock: UInt32? { frames.last { !$0.isComposited }?.clock }

    public static func == (lhs: PresentationStatistics, rhs: PresentationStatistics) -> Bool {
        lhs.frames == rhs.frames && lhs.capacity == rhs.capacity
    }
}
