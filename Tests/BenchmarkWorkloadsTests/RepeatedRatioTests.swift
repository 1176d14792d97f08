import BenchmarkWorkloads
import Testing

@Suite struct RepeatedRatioTests {
    /// Ten blocks of motions (0.4 ms) and full repaints (2.6 ms), the
    /// motions of blocks 4 and 5 slowed threefold by other processes: one
    /// repeat of five shows it, their median does not, while one ratio over
    /// the whole run would have moved.
    @Test func aStretchOfLoadMovesOneRepeatNotTheMedian() {
        var blocks = (0..<10).map { _ in
            RepeatedRatio.Block(numerator: Array(repeating: 0.4e-3, count: 20), denominator: [2.6e-3, 2.6e-3])
        }
        for loaded in [4, 5] { blocks[loaded].numerator = Array(repeating: 1.2e-3, count: 20) }
        let ratios = RepeatedRatio.ratios(of: blocks, repeats: 5)
        #expect(ratios.count == 5)
        #expect(ratios.filter { abs($0 - 0.4 / 2.6) < 1e-9 }.count == 4)
        #expect(abs(RepeatedRatio.median(ratios) - 0.4 / 2.6) < 1e-9)
    }

    /// Each block counts in exactly one repeat, in run order; a run of
    /// fewer blocks than repeats (a quick run) gives a repeat per block.
    @Test func repeatsCutTheBlocksInOrder() {
        let blocks = (1...6).map { RepeatedRatio.Block(numerator: [Double($0)], denominator: [1]) }
        // Pairs (1, 2), (3, 4), (5, 6): nearest-rank medians 1, 3, 5.
        #expect(RepeatedRatio.ratios(of: blocks, repeats: 3) == [1, 3, 5])
        #expect(RepeatedRatio.ratios(of: Array(blocks.prefix(2)), repeats: 5) == [1, 2])
    }

    @Test func aRepeatWithoutEitherSideGivesNoRatio() {
        let blocks = [RepeatedRatio.Block(numerator: [1], denominator: [2]), RepeatedRatio.Block(numerator: [1])]
        #expect(RepeatedRatio.ratios(of: blocks, repeats: 2) == [0.5])
    }
}
