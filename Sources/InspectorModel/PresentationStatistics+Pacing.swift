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
    /// were paced by `pacing`; nil when none says.
    public func share(pacedBy pacing: FramePresentation.Pacing) -> Double? {
        let known = framesWithPacing
        return known == 0 ? nil : Double(frames.count { $0.pacing == pacing }) / Double(known)
    }

    /// The input → presented latencies (seconds) of the frames paced by
    /// `pacing`, oldest first.
    public func latencies(pacedBy pacing: FramePresentation.Pacing) -> [Double] {
        frames.filter { $0.pacing == pacing }.compactMap(\.inputToPresented)
    }
}
