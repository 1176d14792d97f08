import Testing
@testable import WaylandClient

/// A presentation time in seconds as `wp_commit_timer_v1.set_timestamp`
/// takes it: what a compositor reads back must be the time meant.
@Suite struct CommitTimestampTests {
    @Test func secondsSplitIntoHalvesAndNanoseconds() {
        #expect(CommitTimestamp(seconds: 12_345.678_901_234)
                == CommitTimestamp(secondsHigh: 0, secondsLow: 12_345, nanoseconds: 678_901_234))
        #expect(CommitTimestamp(seconds: 4_294_967_296.25)
                == CommitTimestamp(secondsHigh: 1, secondsLow: 0, nanoseconds: 250_000_000))
    }

    @Test func nanosecondsRoundingUpToASecondCarryIntoTheSeconds() {
        // Never 1_000_000_000 nanoseconds, which compositors refuse (invalid_timestamp).
        #expect(CommitTimestamp(seconds: 41.999_999_999_9)
                == CommitTimestamp(secondsHigh: 0, secondsLow: 42, nanoseconds: 0))
    }
}
