@testable import InspectorModel
import Testing
@testable import TouchCore

/// `StripChart`: a sweeping strip chart's columns, on explicit event times
/// (the compositor's clock, here a fake one): an event changes the columns
/// since the previous one and the cleared gap ahead, nothing else.
@Suite struct StripChartTests {
    /// 150 columns over 2 s: 13⅓ ms a column, as the inspector's.
    private func chart(origin: Double = 10, minimumScale: Double = 100, maximumScale: Double = 1_000_000) -> StripChart {
        StripChart(columnCount: 150, window: 2, origin: origin, minimumScale: minimumScale, maximumScale: maximumScale)
    }

    @Test func theFirstValueFillsTheFirstColumnAndClearsTheGapAhead() {
        var chart = chart()
        #expect(chart.add(40, at: 10) == .columns([0..<5]))
        #expect(chart.columns[0] == StripChart.Column(low: 40, high: 40))
        #expect(chart.columns.dropFirst().allSatisfy { $0 == nil })
        #expect(chart.latest == 40 && chart.newestPosition == 0)
    }

    @Test func anEventChangesOnlyTheColumnsSinceThePreviousAndTheGap() {
        var chart = chart()
        _ = chart.add(0, at: 10)
        // 41 ms later: three columns on, the line from 0 to 90 over them.
        #expect(chart.add(90, at: 10.041) == .columns([1..<8]))
        #expect(chart.columns[1] == StripChart.Column(low: 0, high: 30))
        #expect(chart.columns[2] == StripChart.Column(low: 30, high: 60))
        #expect(chart.columns[3] == StripChart.Column(low: 60, high: 90))
        #expect(chart.columns[4...7].allSatisfy { $0 == nil }, "the gap ahead")
        // 5 ms later, the same column: its span grows, nothing else moves
        // but the gap (already clear).
        #expect(chart.add(20, at: 10.045) == .columns([3..<8]))
        #expect(chart.columns[3] == StripChart.Column(low: 20, high: 90))
    }

    @Test func aMinuteOfEventsEvery8MsEachChangeASliver() {
        var chart = chart()
        var widest = 0
        for step in 0..<7_500 {
            guard case .columns(let ranges) = chart.add(50, at: 10 + 0.008 * Double(step)) else {
                Issue.record("event \(step) repainted the whole chart")
                return
            }
            widest = max(widest, ranges.reduce(0) { $0 + $1.count })
        }
        #expect(widest <= 1 + StripChart.gap, "at most the new column and the gap: \(widest)")
    }

    @Test func theSweepWrapsAfterTheWindowAndOverwritesTheOldestColumns() {
        var chart = chart()
        _ = chart.add(10, at: 10)
        _ = chart.add(10, at: 11.98)       // column 148
        #expect(chart.newestPosition == 148)
        // 2.0133 s: column 151, position 1, joined from 148 (149, 150→0, 151→1).
        #expect(chart.add(30, at: 12.0134) == .columns([149..<150, 0..<6]))
        #expect(chart.newestPosition == 1)
        #expect(chart.columns[0] != nil && chart.columns[1]?.high == 30, "the oldest overwritten")
        #expect(chart.columns[2...5].allSatisfy { $0 == nil })
    }

    @Test func aPauseLeavesAGapInsteadOfALine() {
        var chart = chart()
        _ = chart.add(10, at: 10)
        // 300 ms without events: 22 columns on, past the join limit.
        #expect(chart.add(10, at: 10.3) == .columns([1..<27]))
        #expect(chart.columns[1...21].allSatisfy { $0 == nil }, "nothing drawn while nothing came")
        #expect(chart.columns[22] == StripChart.Column(low: 10, high: 10))
    }

    @Test func aPauseLongerThanTheWindowRepaintsItAll() {
        var chart = chart()
        _ = chart.add(10, at: 10)
        #expect(chart.add(10, at: 20) == .whole)
        #expect(chart.columns.compactMap { $0 }.count == 1, "only the newest column shows")
    }

    @Test func theScaleGrowsIn125StepsAndRepaintsTheWhole() {
        var chart = chart()
        #expect(chart.scale == 100)
        _ = chart.add(50, at: 10)
        #expect(chart.add(130, at: 10.01) == .whole)
        #expect(chart.scale == 200)
        #expect(chart.add(180, at: 10.02) != .whole, "still inside")
        #expect(chart.add(4_100, at: 10.03) == .whole)
        #expect(chart.scale == 5_000)
        #expect([1.0, 3, 10, 11, 99, 0.3].map(StripChart.step(above:)) == [1, 5, 10, 20, 100, 0.5])
    }

    @Test func aCappedScaleDrawsLargerValuesAtTheTop() {
        var chart = chart(minimumScale: 10, maximumScale: 100)
        _ = chart.add(8, at: 10)
        #expect(chart.add(400, at: 10.02) == .whole)
        #expect(chart.scale == 100)
        #expect(chart.add(900, at: 10.04) != .whole, "the cap reached: no more growing")
        #expect(chart.latest == 900)
    }

    @Test func anEventTimedBeforeTheNewestCountsAsTheNewest() {
        var chart = chart()
        _ = chart.add(10, at: 10.1)
        #expect(chart.add(60, at: 10.0) == .columns([7..<12]))
        #expect(chart.columns[7] == StripChart.Column(low: 10, high: 60))
    }
}
