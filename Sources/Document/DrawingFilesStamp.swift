import Platform

/// What the drawing's files were (their inodes and sizes) when a session
/// last read or wrote them. Every save changes one of them (a snapshot is a
/// new file renamed over the old one, an append grows the journal), so a
/// different stamp means some other process saved the drawing meanwhile.
public struct DrawingFilesStamp: Equatable, Sendable {
    private struct Entry: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
    }

    private let drawing: Entry?
    private let journal: Entry?

    /// The stamp of the drawing at `drawingPath` and its journal as they are now.
    public init(drawingPath: String) {
        func entry(_ path: String) -> Entry? {
            (try? FileStatus(linkAt: path)).map { Entry(device: $0.device, inode: $0.inode, size: $0.size) }
        }
        drawing = entry(drawingPath)
        journal = entry(DrawingJournal.path(for: drawingPath))
    }
}
