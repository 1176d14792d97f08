/// A bounded log of the latest changes, addressed by revision.
struct ChangeLog {
    /// Older entries are dropped past this many; a reader that far behind
    /// redraws everything, which is what that many changes would cost anyway.
    static let capacity = 4096

    private(set) var revision: UInt64 = 0
    private var entries: [DrawingChange] = []

    /// The revision before the oldest entry still kept.
    private var oldest: UInt64 { revision - UInt64(entries.count) }

    mutating func append(_ change: DrawingChange) {
        if entries.count == 2 * Self.capacity { entries.removeFirst(Self.capacity) }
        entries.append(change)
        revision += 1
    }

    /// Moves past every reader: each starts over at its next look.
    mutating func forgetThePast() {
        entries.removeAll()
        revision += 1
    }

    func changes(since reader: UInt64) -> ArraySlice<DrawingChange>? {
        precondition(reader <= revision, "revision \(reader) is from the future")
        guard reader >= oldest else { return nil }
        return entries[Int(reader - oldest)...]
    }
}
