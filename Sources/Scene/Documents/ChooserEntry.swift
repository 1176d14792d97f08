import Document
import Platform

/// One drawing the in-app chooser lists: its name, where it is, and a
/// thumbnail of its lines (nil when it is too large to read at once, or
/// not a drawing after all).
package struct ChooserEntry: Equatable {
    package let path: String
    /// What a person calls it: its file name without the extension.
    let name: String
    /// "Recent", or the folder it is in ("~/.local/share/touchtracker").
    let detail: String
    let thumbnail: DrawingThumbnail?

    /// Files up to this size are read for their thumbnail; larger ones
    /// would hold the window up.
    static let thumbnailByteLimit = 1 << 20

    package init(path: String, detail: String) {
        self.path = path
        name = DrawingName.title(ofDrawingAt: path)
        self.detail = detail
        let small = ((try? FileStatus(path: path))?.size).map { $0 <= Self.thumbnailByteLimit } ?? false
        thumbnail = small ? (try? Document.load(from: path)).map(DrawingThumbnail.init(lines:)) : nil
    }

    /// The recent drawings first (most recent first, `recent`), then the
    /// other drawings in `folder` by name, with `folderTitle` as their
    /// detail; each once.
    package static func entries(recent: [String], folder: String, folderTitle: String) -> [ChooserEntry] {
        let recentEntries = recent.map { ChooserEntry(path: $0, detail: "Recent") }
        let names = ((try? FileSystem.names(in: folder)) ?? [])
            .filter(DrawingName.hasDrawingExtension)
            .sorted { $0.lowercased() < $1.lowercased() }
        let inFolder = names.map { "\(folder)/\($0)" }
            .filter { path in !recent.contains(path) && (try? FileStatus(path: path))?.kind == .regular }
            .map { ChooserEntry(path: $0, detail: folderTitle) }
        return recentEntries + inFolder
    }
}
