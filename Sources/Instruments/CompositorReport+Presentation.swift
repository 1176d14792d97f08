import InspectorModel
import Presentation

extension CompositorReport.Analysis {
    /// The share of frames with input that may be discarded: the window
    /// had input, so it was visible, and a frame paced by the compositor
    /// is replaced before a latch only rarely.
    static let discardedLimit = 0.05

    func judgePresentation() -> (CompositorReport.Result, String) {
        let frames = presentation.answeredCount
        guard frames > 0 else {
            guard timedInputBatches > 0 else { return (.notSeen, "no input") }
            switch recording.presentationOffered {
            case false?:
                return (.warn, "the compositor offers no wp_presentation: nothing tells when the frames of "
                               + "\(timedInputBatches) input batches reached the screen" + estimateEvidence())
            case true?:
                // sway 1.7 headless: docs/compositors.md says why.
                return (.warn, "the compositor offers wp_presentation but answered none of the feedback asked "
                               + "for the frames of \(timedInputBatches) input batches" + estimateEvidence())
            case nil:
                return (.warn, "no presentation feedback recorded for \(timedInputBatches) input batches: no "
                               + "wp_presentation, none answered, or recorded before touchtracker measured it"
                               + estimateEvidence())
            }
        }
        let discarded = presentation.discardedCount
        let share = "\(discarded) of \(frames) frames with input discarded"
        if presentation.discardedShare > Self.discardedLimit {
            return (.fail, share + " (more than \(Int(Self.discardedLimit * 100)) %) while the window was visible")
        }
        guard let median = presentation.median, let p99 = presentation.p99 else {
            if let clock = presentation.clock, clock != FramePresentation.monotonicClock {
                return (.warn, "presentation clock \(clock) is not CLOCK_MONOTONIC, the events' clock: "
                               + "no latency can be read; \(share)")
            }
            return (.warn, "event times are not on the presentation clock: no latency can be read; \(share)")
        }
        var details: [String] = []
        if let (refresh, flags) = presentation.lastPresented {
            if let refresh { details.append("refresh \(Self.milliseconds(refresh))") }
            details.append(flags.isEmpty ? "no flags" : flags.names.joined(separator: "+"))
        }
        let commits = presentation.commitLatencies
        if let figures = Self.medianAndP99(of: commits) { details.append("input → commit " + figures) }
        if let clock = presentation.clock, clock != FramePresentation.monotonicClock {
            details.append("clock \(clock) translated to CLOCK_MONOTONIC")
        }
        if let pacing = Self.pacingDetails(presentation) { details.append(pacing) }
        return (.pass, "median \(Self.milliseconds(median)), p99 \(Self.milliseconds(p99)) over "
                       + "\(presentation.latencies.count) frames; \(details.joined(separator: ", ")); \(share)")
    }

    /// How many frames were paced for the latch, of those that say (none
    /// do in recordings made before it was logged: nil), and when more than
    /// one pacing occurs the median and p99 input → on screen of each
    /// (latch, frame callback, at once).
    ///
    ///     latch-paced 80 of 120 frames (latch median 11.2 ms, p99 20.1 ms;
    ///     frame callback median 24.0 ms, p99 33.4 ms; at once median 30.2 ms, p99 30.2 ms)
    static func pacingDetails(_ presentation: PresentationStatistics) -> String? {
        let known = presentation.framesWithPacing
        guard known > 0 else { return nil }
        let latch = presentation.latchPacedCount
        var text = "latch-paced \(latch) of \(known) frames"
        guard latch > 0, latch < known else { return text }
        let figures = [(FramePresentation.Pacing.latch, "latch"), (.frameCallback, "frame callback"), (.atOnce, "at once")].compactMap {
            (pacing, name) in medianAndP99(of: presentation.latencies(pacedBy: pacing)).map { "\(name) " + $0 }
        }
        if !figures.isEmpty { text += " (\(figures.joined(separator: "; ")))" }
        return text
    }

    /// Without feedback, the estimate from the frames' frame callbacks
    /// (input → composited, `FramePresentation.composited`) and those
    /// frames' input → commit, after a "; "; empty when the recording has
    /// none (made before the app estimated).
    ///
    ///     ; estimated from frame callbacks: median 17.0 ms, p99 33.1 ms over 120 frames, input → commit …
    private func estimateEvidence() -> String {
        let estimates = presentation.estimatedLatencies
        guard let median = presentation.estimatedMedian, let p99 = presentation.estimatedP99 else { return "" }
        var evidence = "; estimated from frame callbacks: median \(Self.milliseconds(median)), "
            + "p99 \(Self.milliseconds(p99)) over \(estimates.count) frames"
        if presentation.estimatesFromReceipt > 0 {
            evidence += " (\(presentation.estimatesFromReceipt) from the app's receipt of the input: "
                + "the event times are not on its clock)"
        }
        let commits = presentation.frames.filter(\.isComposited).compactMap(\.inputToCommit)
        if let figures = Self.medianAndP99(of: commits) { evidence += ", input → commit " + figures }
        return evidence
    }

    /// "median 16.7 ms, p99 33.4 ms" of `latencies` (seconds); nil for none.
    static func medianAndP99(of latencies: [Double]) -> String? {
        guard let median = PresentationStatistics.percentile(0.5, of: latencies),
              let p99 = PresentationStatistics.percentile(0.99, of: latencies) else { return nil }
        return "median \(milliseconds(median)), p99 \(milliseconds(p99))"
    }

    /// "16.7 ms": milliseconds to a tenth.
    static func milliseconds(_ seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }
}
