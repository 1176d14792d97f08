@testable import InspectorModel
import Testing
@testable import TouchCore

/// `LatencyHistogram`: 2 ms bins, a power-of-two scale, and which bars a
/// refresh must repaint.
@Suite struct LatencyHistogramTests {
    @Test func samplesFallIntoTwoMillisecondBinsAndTheRestIntoTheLast() {
        let histogram = LatencyHistogram(milliseconds: [0.5, 1.9, 2, 9, 49.9, 50, 300])
        #expect(histogram.bins[0] == 2 && histogram.bins[1] == 1 && histogram.bins[4] == 1)
        #expect(histogram.bins[24] == 1 && histogram.bins[25] == 2)
        #expect(histogram.count == 7 && histogram.median == 9)
        #expect(histogram.scale == 4)
        #expect(LatencyHistogram(milliseconds: []).median == nil)
    }

    @Test func aNewSampleChangesItsOwnBarUnlessTheScaleDoubles() {
        let five = LatencyHistogram(milliseconds: [10, 10, 10, 30])
        let more = LatencyHistogram(milliseconds: [10, 10, 10, 30, 31])
        #expect(more.changedBins(from: five) == 15...15)
        #expect(five.changedBins(from: five) == nil)
        let taller = LatencyHistogram(milliseconds: [10, 10, 10, 10, 10, 30])
        #expect(taller.scale == 8)
        #expect(taller.changedBins(from: five) == 0...(LatencyHistogram.binCount - 1), "the scale doubled: every bar")
        // A sample leaving one bin and one arriving in another: the bars between.
        let moved = LatencyHistogram(milliseconds: [10, 10, 30, 44])
        #expect(moved.changedBins(from: five) == 5...22)
    }
}
