/// A histogram of latencies as the inspector's charts show it: 2 ms bins up
/// to 50 ms and one bin for the rest, bars scaled to a power of two.
///
/// The scale moves in powers of two, not with the tallest bar, so a new
/// sample changes its own bar (and the one an old sample left) rather than
/// every bar: `changedBins(from:)` is what to repaint.
public struct LatencyHistogram: Equatable, Sendable {
    public static let binWidth = 2.0
    public static let binCount = 26

    /// Samples per bin.
    public let bins: [Int]
    public let count: Int
    /// The median sample (the upper one of an even count), milliseconds.
    public let median: Double?
    /// The count a full-height bar stands for: the smallest power of two
    /// at or above the tallest bar, at least 4.
    public let scale: Int

    public init(milliseconds: [Double]) {
        var bins = [Int](repeating: 0, count: Self.binCount)
        for value in milliseconds where value >= 0 {
            bins[min(Self.binCount - 1, Int(value / Self.binWidth))] += 1
        }
        self.bins = bins
        count = milliseconds.count
        median = milliseconds.isEmpty ? nil : milliseconds.sorted()[milliseconds.count / 2]
        var scale = 4
        while scale < bins.max() ?? 0 { scale *= 2 }
        self.scale = scale
    }

    /// The bins whose bars differ from `other`'s, lowest to highest (every
    /// bin when the scale differs); nil when every bar is the same.
    public func changedBins(from other: LatencyHistogram) -> ClosedRange<Int>? {
        if scale != other.scale { return 0...(Self.binCount - 1) }
        let changed = bins.indices.filter { bins[$0] != other.bins[$0] }
        guard let first = changed.first, let last = changed.last else { return nil }
        return first...last
    }
}
