import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// A drawing path (and its journal's) in a temporary folder of its own,
/// removed with the suite instance: what the journal and recovery suites
/// each set up the same way.
class DrawingFolderFixture {
    let directory: String
    var path: String { directory + "/drawing.json" }
    var journalPath: String { DrawingJournal.path(for: path) }

    /// `name`: part of the folder's name, so a leftover says whose it is.
    init(name: String) throws {
        directory = NSTemporaryDirectory() + "touchtracker-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Appends everything that changed in `drawing` since `revision` to the
    /// journal, as a save does; returns the new revision.
    @discardableResult
    func append(_ drawing: Drawing, since revision: UInt64) throws -> UInt64 {
        try Document.appendToJournal(try #require(drawing.changes(since: revision)), at: path)
        return drawing.revision
    }

    /// A short straight line starting at (x, y).
    func line(_ x: Double, _ y: Double) -> Line {
        Line(begin: Point(x: x, y: y), end: Point(x: x + 10, y: y + 5))
    }
}
