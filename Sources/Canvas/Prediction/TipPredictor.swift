import TouchCore

/// Where a stroke's tip will be a little later, from its last samples: the
/// predicted tip that hides about one frame of input → screen latency.
///
/// **Why least squares, not Kalman.** Chromium offers both for
/// `getPredictedEvents` (`LeastSquaresPredictor`, a quadratic fit of each
/// axis over time, and `KalmanPredictor`, a constant-acceleration Kalman
/// filter per axis), and androidx's `MotionEventPredictor` runs a
/// Kalman filter with a jerk term. A Kalman filter needs process and
/// measurement noise tuned per device and report rate, and converges over
/// the first samples of every stroke, exactly where a stroke turns from a
/// dot into a line; a least-squares fit has no state to converge, weighs
/// only the last few milliseconds, is exact for constant velocity and
/// constant acceleration as soon as it has three samples, and averages
/// jitter over the window. So: a quadratic least-squares fit per axis
/// over the samples of the last `window` seconds (at most `maximumSamples`),
/// as Chromium's, with three guards of our own:
///
/// - nothing before `minimumSamples` samples (a dot has no direction);
/// - nothing when the newest sample lies far outside the fit of the ones
///   before it (`turnTolerance`): a sharp turn, a sudden stop or a jump,
///   where extrapolating draws ink the finger never goes;
/// - the acceleration term never reverses the motion, and the predicted
///   step is at most the distance the current speed covers: at a stroke's
///   end the finger decelerates, and a parabola would swing the tip back
///   or past the end.
///
/// A pure value: the canvas keeps one per stroke and feeds it each real
/// sample; nothing it predicts enters the drawing.
public struct TipPredictor: Sendable {
    /// One real sample: where the stroke's tip was at `time` (seconds).
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var location: Point

        public init(time: Double, location: Point) {
            self.time = time
            self.location = location
        }
    }

    /// The span of samples fitted, seconds: a few reports of any device
    /// (8 ms apart at 120 Hz, 4 ms for pens), short enough to follow a curve.
    public static let window = 0.040
    static let maximumSamples = 8
    /// Not for a stroke's first two samples.
    static let minimumSamples = 3
    /// How far the newest sample may stray from where the fit of the
    /// samples before it put it, as a share of the distance it moved, and
    /// at least `turnFloor` points (a finger's jitter).
    static let turnTolerance = 0.5
    static let turnFloor = 1.5
    /// The longest horizon, seconds: beyond it a prediction is a guess.
    static let maximumHorizon = 0.025

    public private(set) var samples: [Sample] = []

    public init() {}

    /// Takes a real sample (times must not go backwards).
    public mutating func add(_ sample: Sample) {
        if let last = samples.last, sample.time <= last.time {
            // Two reports in one millisecond: the newer position counts.
            samples[samples.count - 1].location = sample.location
            return
        }
        if let runStart, sample.time - runStart < Self.burstSpan {
            samples[samples.count - 1] = sample
        } else {
            samples.append(sample)
            runStart = sample.time
        }
        // Samples older than the window go, but never below the minimum a
        // fit needs (a slow device's reports are farther apart).
        let oldest = sample.time - Self.window
        let stale = samples.firstIndex { $0.time >= oldest } ?? samples.count
        let removable = min(stale, samples.count - Self.minimumSamples)
        if removable > 0 { samples.removeFirst(removable) }
        if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
    }

    /// Reports within this span of the first of a run stand as one: the
    /// newest. Some compositors stamp input when they dispatch it, not
    /// when the device made it: mutter 43's RemoteDesktop motions, made
    /// 10 ms apart, arrive in pairs 0 to 5 ms apart, a frame apart. Taken
    /// at their word, such a pair is a burst of speed that throws the
    /// fit's tip tens of points ahead or behind. 5.5 ms takes mutter's
    /// 5 ms pairs, not a 144 Hz device's 7 ms with a millisecond's
    /// jitter. A fixed span, not one learned from the intervals: bursts
    /// may be most of the reports (a 125 Hz pointer dispatched once per
    /// 60 Hz frame), and after a pause any learned interval is long.
    /// Honest reports lose nothing: a 125 Hz or 144 Hz device's are
    /// farther apart, and a faster one's are thinned to one per span, each
    /// still a true time and place (the fit keeps `maximumSamples`, which
    /// then span more of the window).
    static let burstSpan = 0.0055

    /// When the first report the newest sample stands for came.
    private var runStart: Double?

    /// The tip `horizon` seconds (capped at `maximumHorizon`) after the
    /// newest sample; nil when it should not be drawn.
    public func predict(after horizon: Double) -> Point? {
        let horizon = min(max(horizon, 0), Self.maximumHorizon)
        guard samples.count >= Self.minimumSamples, horizon > 0, let last = samples.last else { return nil }
        // The samples before the newest must have foreseen it.
        if samples.count > Self.minimumSamples, let earlier = Self.fit(samples.dropLast()) {
            let foreseen = earlier.location(at: last.time)
            let moved = last.location.distance(to: samples[samples.count - 2].location)
            if foreseen.distance(to: last.location) > max(Self.turnFloor, Self.turnTolerance * moved) { return nil }
        }
        guard let fit = Self.fit(samples[...]) else { return nil }
        let velocity = fit.velocity(at: last.time)
        let speed = velocity.length
        guard speed > 0 else { return nil }
        var step = velocity * horizon
        let curve = fit.acceleration * (horizon * horizon / 2)
        // Only the part of the acceleration across the motion bends the
        // tip; along it, it may slow the tip but never turn it back.
        let along = (curve.dx * velocity.dx + curve.dy * velocity.dy) / speed
        let across = curve - velocity * (along / speed)
        step = step + velocity * (max(along, -speed * horizon) / speed) + across
        let reach = speed * horizon
        if step.length > reach { step = step * (reach / step.length) }
        return last.location + step
    }

    /// x(t) and y(t) as c0 + c1·τ + c2·τ², τ = t − `origin`.
    struct Quadratic {
        var origin: Double
        var x: (Double, Double, Double)
        var y: (Double, Double, Double)

        func location(at time: Double) -> Point {
            let t = time - origin
            return Point(x: x.0 + x.1 * t + x.2 * t * t, y: y.0 + y.1 * t + y.2 * t * t)
        }

        func velocity(at time: Double) -> Vector {
            let t = time - origin
            return Vector(dx: x.1 + 2 * x.2 * t, dy: y.1 + 2 * y.2 * t)
        }

        var acceleration: Vector { Vector(dx: 2 * x.2, dy: 2 * y.2) }
    }

    /// The least-squares quadratic through `samples` (a line for two);
    /// nil for fewer, or times too close to tell apart.
    static func fit(_ samples: ArraySlice<Sample>) -> Quadratic? {
        guard samples.count >= 2, let origin = samples.last?.time else { return nil }
        // Normal equations in τ (seconds before the newest sample), scaled
        // to milliseconds so the sums stay well conditioned.
        var s = [Double](repeating: 0, count: 5)
        var sx = [Double](repeating: 0, count: 3)
        var sy = [Double](repeating: 0, count: 3)
        for sample in samples {
            let t = (sample.time - origin) * 1000
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 {
                    sx[k] += power * sample.location.x
                    sy[k] += power * sample.location.y
                }
                power *= t
            }
        }
        let quadratic = samples.count >= 3
        func solve(_ b: [Double]) -> (Double, Double, Double)? {
            if quadratic {
                let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
                let d = determinant(m)
                guard abs(d) > 1e-9 else { return nil }
                func replaced(_ column: Int) -> [[Double]] {
                    m.enumerated().map { row, values in
                        values.enumerated().map { $0.offset == column ? b[row] : $0.element }
                    }
                }
                return (determinant(replaced(0)) / d, determinant(replaced(1)) / d * 1000,
                        determinant(replaced(2)) / d * 1_000_000)
            }
            let d = s[0] * s[2] - s[1] * s[1]
            guard abs(d) > 1e-9 else { return nil }
            return ((b[0] * s[2] - b[1] * s[1]) / d, (s[0] * b[1] - s[1] * b[0]) / d * 1000, 0)
        }
        guard let x = solve(sx), let y = solve(sy) else { return nil }
        return Quadratic(origin: origin, x: x, y: y)
    }

    private static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
