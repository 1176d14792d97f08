/// Estimates how fast a value (a position, a scale, an angle) is changing
/// from timestamped samples.
///
/// The velocity is the average over the samples of the last `window` seconds
/// (0.1 s) before the latest one, so a finger that paused before lifting has
/// velocity zero, and one noisy sample does not dominate. Scalars use `y = 0`.
struct VelocityEstimator {
    static let window = 0.1

    private var samples: [(time: Double, value: SIMD2<Double>)] = []

    mutating func add(_ value: SIMD2<Double>, at time: Double) {
        if let last = samples.last, time < last.time { return }
        samples.append((time, value))
        let horizon = time - Self.window
        // Keep one sample at or before the horizon so the window is spanned.
        while samples.count > 2, samples[1].time <= horizon {
            samples.removeFirst()
        }
    }

    mutating func add(_ value: Double, at time: Double) {
        add(SIMD2(value, 0), at: time)
    }

    /// Forgets the samples, keeping their storage: a pan starts over at
    /// each change of fingers, and growing the buffer again cost each
    /// gesture a few allocations.
    mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
    }

    /// Change per second; zero until two samples at different times exist.
    var velocity: SIMD2<Double> {
        guard let last = samples.last else { return .zero }
        let horizon = last.time - Self.window
        guard let first = samples.first(where: { $0.time >= horizon && $0.time < last.time })
            ?? samples.last(where: { $0.time < last.time }) else { return .zero }
        let elapsed = last.time - first.time
        guard elapsed > 0 else { return .zero }
        return (last.value - first.value) / elapsed
    }
}
