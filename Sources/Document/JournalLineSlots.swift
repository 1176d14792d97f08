import Canvas

/// The lines a journal replay works on, by the identity the journal gives
/// them (see `DrawingJournal.replay`). Identities are whatever the file
/// says, up to `UInt32.max`, and may be far apart (a session that drew and
/// erased many lines): those below the journal's own count of lines and
/// additions sit in an array, any others in a dictionary. Memory follows
/// the size of the file, never the value of an identity, and a sparse
/// identity costs what a dense one does.
struct JournalLineSlots {
    /// Lines whose identity is below `dense.count`, at that index.
    private var dense: [Line?]
    /// Lines with larger identities.
    private var sparse: [UInt32: Line] = [:]

    /// Room for the identities `contents` can bring densely: its snapshot's
    /// lines and its additions, no more than its largest identity needs.
    init(for contents: DrawingJournal.Contents) {
        var additions = 0
        var largest = contents.ids.last.map(Int.init) ?? -1
        for (_, record) in contents.records {
            guard case .added(let id, _) = record else { continue }
            additions += 1
            largest = max(largest, Int(id))
        }
        dense = Array(repeating: nil, count: min(largest + 1, contents.ids.count + additions))
    }

    subscript(id: UInt32) -> Line? {
        get { Int(id) < dense.count ? dense[Int(id)] : sparse[id] }
        set {
            if Int(id) < dense.count { dense[Int(id)] = newValue } else { sparse[id] = newValue }
        }
    }

    mutating func removeAll() {
        for index in dense.indices { dense[index] = nil }
        sparse.removeAll()
    }

    /// The lines in drawing order, which is the order of their identities
    /// (a session gives each new line a larger one than any before).
    var lines: [Line] {
        dense.compactMap { $0 } + sparse.sorted { $0.key < $1.key }.map(\.value)
    }
}
