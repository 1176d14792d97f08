import Canvas

extension Drawing {
    /// The oldest drawing file version that holds the finished lines (see
    /// `DrawingFileFormat`), in constant time.
    public var oldestFileVersion: Int { oldestFileVersion(leavingOut: []) }

    /// The same, as if the lines `unsaved` added (changes no file holds
    /// yet) were not there.
    public func oldestFileVersion(leavingOut unsaved: [DrawingChange]) -> Int {
        var styled = store.styledCount, freehand = store.freehandCount
        for case .added(_, let line) in unsaved {
            if !line.style.isStandard { styled -= 1 }
            if line.isFreehand { freehand -= 1 }
        }
        return styled > 0 ? 3 : freehand > 0 ? 2 : 1
    }
}

extension DrawingChange {
    /// The oldest drawing file version whose journal may record this
    /// change (see `DrawingJournal`).
    public var oldestFileVersion: Int {
        switch self {
        case .added(_, let line): DrawingFileFormat.version(for: line)
        // A restyle is an `s` record, even back to the standard style.
        case .moved(_, let from, let to): from.style != to.style ? 3 : DrawingFileFormat.version(for: to)
        case .removed, .cleared: 1
        }
    }
}
