/// One strip chart of the inspector's charts (speed, event interval,
/// pressure or tilt of one contact): `columnCount` columns over `window`
/// seconds, each holding the span of values the line crosses in it.
///
/// It sweeps rather than scrolls, as a patient monitor does: column
/// positions follow time from the contact's first event, the newest column
/// overwrites the oldest once the window is full, and a few cleared columns
/// ahead of it mark where the sweep is. A scrolling chart would change every
/// pixel of its plot with each event; this one changes only the columns
/// since the last event (what `add` returns), so a motion repaints a sliver.
public struct StripChart: Equatable, Sendable {
    /// The values a column's line spans, bottom to top.
    public struct Column: Equatable, Sendable {
        public var low: Double
        public var high: Double
    }

    /// What an `add` changed.
    public enum Change: Equatable, Sendable {
        /// These column positions, in order (two ranges where the sweep
        /// wrapped).
        case columns([Range<Int>])
        /// Every column: the scale grew, or the sweep went all the way round.
        case whole
    }

    public let columnCount: Int
    public let window: Double
    /// The columns by position, nil where nothing was drawn (or cleared).
    public private(set) var columns: [Column?]
    /// The value at the top of the plot: the smallest step of 1, 2, 5 × 10ⁿ
    /// from `minimumScale` up that holds every value added, at most
    /// `maximumScale` (values above it are drawn at the top).
    public private(set) var scale: Double
    let maximumScale: Double
    /// The newest value.
    public private(set) var latest: Double?

    /// Time zero of the sweep: the contact's first event.
    private let origin: Double
    /// The absolute column (counted from `origin`, not wrapped) and value
    /// of the newest point.
    private var newest: Newest?

    private struct Newest: Equatable, Sendable {
        var column: Int
        var value: Double
    }

    /// Cleared columns ahead of the newest, where the sweep is.
    public static let gap = 4
    /// Events further apart than this many columns are not joined: the
    /// chart shows a pause or dropped events as a gap.
    static let joinLimit = 10

    init(columnCount: Int, window: Double, origin: Double, minimumScale: Double, maximumScale: Double) {
        precondition(columnCount > Self.gap && window > 0 && minimumScale > 0 && maximumScale >= minimumScale)
        self.columnCount = columnCount
        self.window = window
        self.origin = origin
        self.scale = minimumScale
        self.maximumScale = maximumScale
        columns = Array(repeating: nil, count: columnCount)
    }

    /// The position of the newest column, nil before the first value.
    var newestPosition: Int? { newest.map { $0.column % columnCount } }

    private func absoluteColumn(at time: Double) -> Int {
        Int((max(0, time - origin) / window * Double(columnCount)).rounded(.down))
    }

    /// Draws the line on to `value` at `time` (an event's time; a time
    /// before the newest counts as the newest's) and returns the columns
    /// that changed.
    public mutating func add(_ value: Double, at time: Double) -> Change {
        let column = max(absoluteColumn(at: time), newest?.column ?? 0)
        let previous = newest
        newest = Newest(column: column, value: value)
        latest = value
        var rescaled = false
        if value > scale, scale < maximumScale {
            scale = min(maximumScale, Self.step(above: value))
            rescaled = true
        }
        guard let previous else {
            set(column, to: Column(low: value, high: value))
            clearGap(after: column)
            return rescaled ? .whole : .columns(positions(column...(column + Self.gap)))
        }
        let first: Int
        if column == previous.column {
            first = column
            let old = columns[column % columnCount] ?? Column(low: value, high: value)
            set(column, to: Column(low: min(old.low, value), high: max(old.high, value)))
        } else if column - previous.column <= Self.joinLimit {
            // The straight line from the previous point: each column spans
            // the part of it over that column.
            first = previous.column + 1
            let steps = Double(column - previous.column)
            for index in first...column {
                let start = previous.value + (value - previous.value) * Double(index - 1 - previous.column) / steps
                let end = previous.value + (value - previous.value) * Double(index - previous.column) / steps
                set(index, to: Column(low: min(start, end), high: max(start, end)))
            }
        } else {
            // A pause: nothing drawn since the previous point (at most one
            // sweep's worth to clear).
            first = previous.column + 1
            for index in max(first, column - columnCount)..<column { set(index, to: nil) }
            set(column, to: Column(low: value, high: value))
        }
        clearGap(after: column)
        let last = column + Self.gap
        if rescaled || last - first + 1 >= columnCount { return .whole }
        return .columns(positions(first...last))
    }

    private mutating func set(_ column: Int, to value: Column?) { columns[column % columnCount] = value }

    private mutating func clearGap(after column: Int) {
        for index in (column + 1)...(column + Self.gap) { set(index, to: nil) }
    }

    /// Absolute columns as positions: one range, or two where they wrap.
    private func positions(_ range: ClosedRange<Int>) -> [Range<Int>] {
        let start = range.lowerBound % columnCount, end = start + range.count
        if end <= columnCount { return [start..<end] }
        return [start..<columnCount, 0..<(end - columnCount)]
    }

    /// The smallest of 1, 2, 5 × 10ⁿ at or above `value`.
    static func step(above value: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= value { return factor * magnitude }
        return 10 * magnitude
    }
}
