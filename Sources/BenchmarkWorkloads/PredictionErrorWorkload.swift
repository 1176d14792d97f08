import Canvas
import TouchCore

/// How far the predicted tip (`TipPredictor`) lands from where the stroke
/// really was `horizon` seconds after each sample, against drawing no
/// prediction (the tip at the last real sample), over a set of strokes:
/// minimum-jerk strokes with a finger's jitter (`generatedStrokes`) and
/// strokes read from recordings. Pure arithmetic: the figures are the same
/// on every machine.
public struct PredictionErrorWorkload: Sendable {
    /// One stroke: its samples, times in seconds, in order.
    public typealias Stroke = [TipPredictor.Sample]

    public struct Result: Equatable, Sendable {
        /// Root mean square distance (points) from the predicted tip to the truth.
        public var predictedRMS: Double
        /// The same for the last real sample (no prediction).
        public var unpredictedRMS: Double
        /// The farthest (points) a tip reached past a stroke's end, along
        /// its last direction, from samples within `horizon` of the end.
        public var worstOvershoot: Double
        /// Samples measured, and those the predictor declined.
        public var samples: Int
        public var suppressed: Int

        public var ratio: Double { unpredictedRMS > 0 ? predictedRMS / unpredictedRMS : 1 }
    }

    public let strokes: [Stroke]

    public init(strokes: [Stroke]) {
        self.strokes = strokes
    }

    public func measure(horizon: Double) -> Result {
        var predictedSquares = 0.0, unpredictedSquares = 0.0, count = 0, suppressed = 0, overshoot = 0.0
        for stroke in strokes where stroke.count >= 2 {
            let end = stroke[stroke.count - 1]
            let direction = Self.finalDirection(of: stroke)
            var predictor = TipPredictor()
            for sample in stroke {
                predictor.add(sample)
                let predicted = predictor.predict(after: horizon)
                let tip = predicted ?? sample.location
                if sample.time + horizon <= end.time {
                    let truth = Self.location(in: stroke, at: sample.time + horizon)
                    predictedSquares += square(tip.distance(to: truth))
                    unpredictedSquares += square(sample.location.distance(to: truth))
                    count += 1
                    if predicted == nil { suppressed += 1 }
                } else if let direction {
                    let beyond = (tip - end.location)
                    overshoot = max(overshoot, beyond.dx * direction.dx + beyond.dy * direction.dy)
                }
            }
        }
        return Result(predictedRMS: (predictedSquares / Double(max(count, 1))).squareRoot(),
                      unpredictedRMS: (unpredictedSquares / Double(max(count, 1))).squareRoot(),
                      worstOvershoot: overshoot, samples: count, suppressed: suppressed)
    }

    private func square(_ value: Double) -> Double { value * value }

    /// Where the stroke was at `time`, between the samples around it.
    static func location(in stroke: Stroke, at time: Double) -> Point {
        guard let after = stroke.firstIndex(where: { $0.time >= time }) else { return stroke.last!.location }
        guard after > 0 else { return stroke[0].location }
        let (a, b) = (stroke[after - 1], stroke[after])
        let fraction = (time - a.time) / (b.time - a.time)
        return a.location + (b.location - a.location) * fraction
    }

    /// The unit direction the stroke last moved in (over its last 20 ms);
    /// nil for a stroke that ends where it was.
    static func finalDirection(of stroke: Stroke) -> Vector? {
        let end = stroke[stroke.count - 1]
        let before = stroke.last { $0.time <= end.time - 0.020 } ?? stroke[0]
        let motion = end.location - before.location
        return motion.length > 0.5 ? motion / motion.length : nil
    }

    // MARK: Generated handwriting

    /// `count` minimum-jerk strokes (Flash and Hogan's model of a
    /// reaching hand: position follows 10τ³ − 15τ⁴ + 6τ⁵ from rest to rest),
    /// each a chain of 2 to 4 such movements to random points, 40 to 400
    /// points long over 150 to 500 ms each, sampled at `rate` Hz with
    /// `jitter` points of uniform noise (a touch screen's) and 1 ms
    /// timestamps, as compositors send them. Seeded: the same strokes on
    /// every run.
    public static func generatedStrokes(count: Int, rate: Double = 120, jitter: Double = 0.3,
                                        seed: UInt64 = 25) -> [Stroke] {
        var random = SplitMix(seed: seed)
        var strokes: [Stroke] = []
        for _ in 0..<count {
            var stroke: Stroke = []
            var from = Point(x: random.uniform(100, 900), y: random.uniform(100, 700))
            var start = 0.0
            for _ in 0..<Int(random.uniform(2, 5)) {
                let angle = random.uniform(0, 2 * Double.pi), length = random.uniform(40, 400)
                let to = from + Vector(dx: length * .cos(angle), dy: length * .sin(angle))
                let duration = random.uniform(0.15, 0.5)
                var t = stroke.isEmpty ? 0.0 : 1 / rate
                while t <= duration {
                    let tau = t / duration
                    let s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
                    let jittered = from + (to - from) * s
                        + Vector(dx: random.uniform(-jitter, jitter), dy: random.uniform(-jitter, jitter))
                    let time = ((start + t) * 1000).rounded() / 1000
                    if time > (stroke.last?.time ?? -1) { stroke.append(.init(time: time, location: jittered)) }
                    t += 1 / rate
                }
                start += duration
                from = to
            }
            strokes.append(stroke)
        }
        return strokes
    }
}

/// A small seeded generator (SplitMix64): the workload's strokes must not
/// change between runs or machines.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
