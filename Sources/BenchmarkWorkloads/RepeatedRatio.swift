/// A ratio of two timings taken in turn (the inspector's motion ÷ a full
/// repaint, say), judged as the median of several repeats' ratios rather
/// than one ratio over the whole run: a stretch of load that slows one side
/// for a while then moves one repeat, not the figure.
public enum RepeatedRatio {
    /// One stretch of the run: the numerator's timings and the
    /// denominator's timed beside them.
    public struct Block {
        public var numerator: [Double]
        public var denominator: [Double]

        public init(numerator: [Double] = [], denominator: [Double] = []) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// `blocks`, in run order, cut into at most `repeats` runs of
    /// consecutive blocks (as even as the count allows; each block in
    /// exactly one); each run gives the median of its numerators ÷ the
    /// median of its denominators. Runs missing either side give none.
    public static func ratios(of blocks: [Block], repeats: Int) -> [Double] {
        let count = max(min(repeats, blocks.count), 1)
        var ratios: [Double] = []
        for part in 0..<count {
            let stretch = blocks[(part * blocks.count / count)..<((part + 1) * blocks.count / count)]
            let numerators = stretch.flatMap(\.numerator), denominators = stretch.flatMap(\.denominator)
            guard !numerators.isEmpty, !denominators.isEmpty else { continue }
            ratios.append(median(numerators) / median(denominators))
        }
        return ratios
    }

    /// The median by the nearest-rank method (the bench's p50).
    public static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "no values")
        let ordered = values.sorted()
        return ordered[max((ordered.count + 1) / 2, 1) - 1]
    }
}
