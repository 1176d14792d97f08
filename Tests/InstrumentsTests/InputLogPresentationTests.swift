@testable import Instruments
import JSONLine
import Testing
@testable import Presentation
import WaylandInput

/// The `--log-input` presentation line: written and read back unchanged.
@Suite struct InputLogPresentationTests {
    private func roundTrip(_ presentation: FramePresentation) throws -> FramePresentation {
        let object = try #require(try JSONValue.parse(InputLog.line(for: presentation)).objectValue)
        return try InputLog.presentation(from: object)
    }

    @Test func presentedAndDiscardedFramesReadBackAsWritten() throws {
        let presented = FramePresentation(outcome: .presented(time: 12.345678, refresh: 0.016667,
                                                             flags: [.vsync, .zeroCopy]),
                                          oldestInputTime: 12_300, clock: 1)
        #expect(InputLog.line(for: presented) == "{\"presentation\":\"presented\",\"inputTime\":12300,\"clock\":1,"
                + "\"time\":12.345678,\"refresh\":0.016667,\"flags\":[\"vsync\",\"zero_copy\"],\"inputToPresented\":0.045678}")
        #expect(try roundTrip(presented) == presented)
        let unknownRefresh = FramePresentation(outcome: .presented(time: 2, refresh: nil, flags: []),
                                               oldestInputTime: 1990, clock: 1)
        #expect(try roundTrip(unknownRefresh) == unknownRefresh)
        let discarded = FramePresentation(outcome: .discarded, oldestInputTime: 7, clock: 1)
        #expect(InputLog.line(for: discarded) == "{\"presentation\":\"discarded\",\"inputTime\":7,\"clock\":1}")
        #expect(try roundTrip(discarded) == discarded)
    }

    /// weston presents on `CLOCK_MONOTONIC_RAW`: the app's translation
    /// onto `CLOCK_MONOTONIC` is written, read back, and gives the latency.
    @Test func aTranslatedClockKeepsItsOffset() throws {
        let raw = FramePresentation(outcome: .presented(time: 10.545, refresh: nil, flags: []),
                                    oldestInputTime: 12_300, clock: 4, toMonotonic: 1.8)
        #expect(InputLog.line(for: raw) == "{\"presentation\":\"presented\",\"inputTime\":12300,\"clock\":4,"
                + "\"time\":10.545,\"flags\":[],\"toMonotonic\":1.8,\"inputToPresented\":0.045}")
        #expect(try roundTrip(raw) == raw)
        var untranslated = raw
        untranslated.toMonotonic = nil
        #expect(untranslated.inputToPresented == nil)
    }

    /// Without feedback, the frame callback's estimate: its own kind of
    /// line, read back as written, never as a presentation.
    @Test func aCompositedFrameReadsBackAsWritten() throws {
        let composited = FramePresentation(outcome: .composited(time: 20.4285), oldestInputTime: 20_410, clock: 1,
                                           committed: 20.4121)
        #expect(InputLog.line(for: composited) == "{\"presentation\":\"composited\",\"inputTime\":20410,\"clock\":1,"
                + "\"committed\":20.4121,\"inputToCommit\":0.0021,\"time\":20.4285,\"inputToComposited\":0.0185}")
        let read = try roundTrip(composited)
        #expect(read == composited)
        #expect(read.inputToPresented == nil && read.inputToComposited == 0.0185)
        let fromReceipt = FramePresentation(outcome: .composited(time: 35_700.6337), oldestInputTime: 899_979_463,
                                            clock: 1, committed: 35_700.6276, received: 35_700.6251)
        #expect(InputLog.line(for: fromReceipt).hasSuffix(
            "\"time\":35700.6337,\"received\":35700.6251,\"receiptToComposited\":0.0086}"))
        #expect(try roundTrip(fromReceipt) == fromReceipt)
        let noTime = try #require(try JSONValue.parse(
            "{\"presentation\":\"composited\",\"inputTime\":1,\"clock\":1}").objectValue)
        #expect(throws: InputLog.UnreadableBatch.self) { try InputLog.presentation(from: noTime) }
    }

    /// Lines written before `committed` was logged, or before the estimate
    /// existed, still read.
    @Test func olderLinesStillRead() throws {
        let object = try #require(try JSONValue.parse(
            "{\"presentation\":\"presented\",\"inputTime\":12300,\"clock\":1,\"time\":12.345678,"
                + "\"refresh\":0.016667,\"flags\":[\"vsync\"],\"inputToPresented\":0.045678}").objectValue)
        let presented = try InputLog.presentation(from: object)
        #expect(presented.committed == nil && abs(presented.inputToPresented! - 0.045678) < 1e-9)
        #expect(!presented.isComposited)
    }

    @Test func aMalformedPresentationIsNamed() throws {
        let object = try #require(try JSONValue.parse("{\"presentation\":\"shown\",\"inputTime\":1,\"clock\":1}").objectValue)
        #expect(throws: InputLog.UnreadableBatch.self) { try InputLog.presentation(from: object) }
        let flag = try #require(try JSONValue.parse(
            "{\"presentation\":\"presented\",\"inputTime\":1,\"clock\":1,\"time\":1,\"flags\":[\"tearing\"]}").objectValue)
        #expect(throws: InputLog.UnreadableBatch.self) { try InputLog.presentation(from: flag) }
    }

    /// Each frame says how it was paced; lines written before that was
    /// logged still read, with no pacing.
    @Test func thePacingReadsBackAndOldLinesWithoutItStillRead() throws {
        let latch = FramePresentation(outcome: .presented(time: 12.345678, refresh: 0.016667, flags: [.vsync]),
                                      oldestInputTime: 12_330, clock: 1, committed: 12.3371, pacing: .latch)
        #expect(InputLog.line(for: latch) == "{\"presentation\":\"presented\",\"inputTime\":12330,\"clock\":1,"
                + "\"committed\":12.3371,\"inputToCommit\":0.0071,\"paced\":\"latch\",\"time\":12.345678,"
                + "\"refresh\":0.016667,\"flags\":[\"vsync\"],\"inputToPresented\":0.015678}")
        #expect(try roundTrip(latch) == latch)
        let discarded = FramePresentation(outcome: .discarded, oldestInputTime: 7, clock: 1, pacing: .frameCallback)
        #expect(InputLog.line(for: discarded)
                == "{\"presentation\":\"discarded\",\"inputTime\":7,\"clock\":1,\"paced\":\"frame-callback\"}")
        #expect(try roundTrip(discarded) == discarded)

        let old = try #require(try JSONValue.parse("{\"presentation\":\"presented\",\"inputTime\":12300,\"clock\":1,"
            + "\"committed\":12.318,\"inputToCommit\":0.018,\"time\":12.345678,\"flags\":[]}").objectValue)
        let read = try InputLog.presentation(from: old)
        #expect(read.pacing == nil && read.committed == 12.318 && !read.isLatchPaced)

        let unknown = try #require(try JSONValue.parse(
            "{\"presentation\":\"discarded\",\"inputTime\":1,\"clock\":1,\"paced\":\"vblank\"}").objectValue)
        #expect(throws: InputLog.UnreadableBatch.self) { try InputLog.presentation(from: unknown) }
    }
}
