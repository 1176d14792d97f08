#if canImport(Glibc)
import Glibc
#endif

/// Timings of repeated runs of one operation: benchmarks compare medians
/// and percentiles of these, never a single timing.
struct Samples {
    private(set) var values: [Double] = []

    init(reservingCapacity capacity: Int = 0) {
        values.reserveCapacity(capacity)
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    var count: Int { values.count }

    /// The `p`th percentile (0...100) by the nearest-rank method: p50 is the
    /// median, p99 the value 99 % of samples do not exceed.
    func percentile(_ p: Double) -> Double {
        precondition(!values.isEmpty, "no samples")
        let ordered = values.sorted()
        let rank = Int((p / 100 * Double(ordered.count)).rounded(.up))
        return ordered[min(max(rank, 1), ordered.count) - 1]
    }

    var median: Double { percentile(50) }
    var minimum: Double { values.min()! }
    var maximum: Double { values.max()! }

    /// "p50 X, p99 Y, max Z (n samples)" with durations in readable units.
    var durationSummary: String {
        "p50 \(Format.duration(median)), p99 \(Format.duration(percentile(99))), "
            + "max \(Format.duration(maximum)) (\(count) samples)"
    }
}

/// The monotonic clock every benchmark reads (`CLOCK_MONOTONIC`, as
/// Timing's `SystemClock`), in seconds.
enum Stopwatch {
    static var now: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), in
    /// seconds: what it ran, without the time other processes had the CPU.
    static var threadCPU: Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// The calling thread's CPU seconds `body` took.
    static func timeOnCPU(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPU
        try body()
        return threadCPU - start
    }

    /// Seconds `body` took.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now
        try body()
        return now - start
    }
}
