import Testing
import Presentation

/// `FramePresentation`'s latencies from a damaged file's times: none, and no trap.
@Suite struct FramePresentationTests {
    @Test func aTimeNoMillisecondCountHoldsHasNoLatency() {
        #expect(FramePresentation.difference(from: 0, to: 1e308) == nil)
        #expect(FramePresentation.difference(from: 0, to: -1e300) == nil)
        #expect(FramePresentation.difference(from: 0, to: .infinity) == nil)
        let presented = FramePresentation(outcome: .presented(time: 1e17, refresh: nil, flags: []), oldestInputTime: 7,
                                          clock: FramePresentation.monotonicClock, committed: 1e300)
        #expect(presented.inputToPresented == nil)
        #expect(presented.inputToCommit == nil)
    }

    @Test func aTimeOnTheEventsClockStillHasItsLatency() throws {
        #expect(abs(try #require(FramePresentation.difference(from: 1000, to: 1.016)) - 0.016) < 1e-9)
        // Across the wrap of the 32-bit milliseconds.
        let wrapped = try #require(FramePresentation.difference(from: UInt32.max, to: 4_294_967.296 + 0.015))
        #expect(abs(wrapped - 0.016) < 1e-9)
    }
}
