import BenchmarkWorkloads

/// The reference workload timed in turn with a figure's own samples, so
/// both see the same machine state (load from other processes, frequency,
/// caches): the figure is judged as its own time ÷ this run's reference
/// unit, never as an absolute time (absolute times differ between machines
/// and with load, PLATFORM-NOTES).
struct ReferenceUnits {
    /// The development machine's reference unit, in seconds: the median of
    /// the units the nearest-line (0.361, 0.371 µs), input latency (0.317,
    /// 0.323 µs on the CPU) and straightening (0.311 µs) figures measured
    /// on it in release builds on 2026-12-04, with other engineers' builds
    /// running (load 7–9 on 2 cores). A budget that replaced an absolute
    /// time is that time in these units, so it is exactly as strict there
    /// as it was, and scales elsewhere.
    static let developmentMachineUnit = 0.33e-6

    /// `seconds` on the development machine, in reference units.
    static func units(in seconds: Double) -> Double { seconds / developmentMachineUnit }

    /// Units timed per sample: enough to be timed well, few enough to take
    /// about as long as the sample they are compared with.
    let unitsPerSample: Int
    private var workload = ReferenceWorkload()
    /// Seconds per unit, one value per sample.
    private(set) var perUnit: Samples

    /// Which clock times the samples: the figure's own.
    enum Clock {
        case wall
        case threadCPU
    }

    let clock: Clock

    init(unitsPerSample: Int, clock: Clock = .wall, reservingCapacity capacity: Int = 0) {
        self.unitsPerSample = unitsPerSample
        self.clock = clock
        perUnit = Samples(reservingCapacity: capacity)
    }

    /// Times one sample of `unitsPerSample` units.
    mutating func sample() {
        let units = unitsPerSample
        let seconds = clock == .threadCPU ? Stopwatch.timeOnCPU { workload.run(units: units) }
            : Stopwatch.time { workload.run(units: units) }
        precondition(workload.checksum != 0, "the reference workload must run")
        perUnit.append(seconds / Double(units))
    }

    /// This run's reference unit: the median of the samples, in seconds.
    var unit: Double { perUnit.median }

    /// "reference unit: p50 …, p99 …" for a figure's details.
    var summary: String { "reference unit: \(perUnit.durationSummary), \(unitsPerSample) units per sample" }
}
