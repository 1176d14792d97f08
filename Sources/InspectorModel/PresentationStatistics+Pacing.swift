import Presentation
import TouchCore

/// How the frames summarized were paced (`FramePresentation.Pacing`):
/// whether commit for the latch engaged, and what each pacing gave.
extension PresentationStatistics {
    /// The frames that say how they were paced (lines written before that
    /// was logged do not).
    public var framesWithPacing: Int { frames.count { $0.pacing != nil } }

    public var latchPacedCount: Int { frames.count(where: \.isLatchPaced) }

    /// The share (0…1) of the frames that say how they were paced that
    /// were paced for the latch; nil when none says.
    public var latchPacedShare: Double? {
        let known = framesWithPacing
        return known == 0 ? nil : Double(latchPacedCount) / Double(known)
    }

    /// The input → presented latencies (seconds) of the frames paced by
    /// `pacing`, oldest first.
    public func latencies(pacedBy pacing: FramePresentation.Pacing) -> [Double] {
        frames.filter { $0.pacing == pacing }.compactMap(\.inputToPresented)
    }
}
