import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// One writer per drawing: a second opener is refused with the holder's
/// pid, whatever path it takes to the file, and the lock goes with its holder.
@Suite final class DrawingLockTests {
    let directory = NSTemporaryDirectory() + "touchtracker-lock-\(UUID().uuidString)"
    var path: String { directory + "/drawing.json" }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Document.save([Line(begin: Point(x: 1, y: 2), end: Point(x: 3, y: 4))], to: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func aSecondOpenerIsRefusedAndToldWhoHasTheDrawing() throws {
        let first = try Document.open(at: path)
        #expect(first.lock != nil)
        #expect(throws: DocumentError.locked(path: path, holder: getpid())) {
            _ = try Document.open(at: self.path)
        }
        let message = "\(DocumentError.locked(path: path, holder: getpid()))"
        #expect(message.contains("process \(getpid())"), "\(message)")
        #expect(first.lines.count == 1)
    }

    @Test func aCleanReleaseRemovesTheLockFileWhileHoldingIt() throws {
        let first = try Document.open(at: path)
        let lockPath = DrawingLock.lockPath(for: path)
        #expect(FileManager.default.fileExists(atPath: lockPath))
        first.lock?.releaseAndRemove()
        #expect(!FileManager.default.fileExists(atPath: lockPath), "no lock file left")
        let second = try Document.open(at: path)
        #expect(second.lock?.isStillAtItsPath == true, "a new lock file, held")
        #expect(throws: DocumentError.self) { _ = try Document.open(at: self.path) }
    }

    @Test func aLockFileReplacedMeanwhileIsNotTheOldHoldersToRemove() throws {
        let first = try Document.open(at: path)
        let lockPath = DrawingLock.lockPath(for: path)
        try Data("4242\n".utf8).write(to: URL(fileURLWithPath: lockPath + ".other"))
        #expect(rename(lockPath + ".other", lockPath) == 0)
        #expect(first.lock?.isStillAtItsPath == false)
        first.lock?.releaseAndRemove()
        #expect(try Data(contentsOf: URL(fileURLWithPath: lockPath)) == Data("4242\n".utf8), "left alone")
    }

    @Test func theLockGoesWithItsHolder() throws {
        do {
            let first = try Document.open(at: path)
            _ = first
        }
        let second = try Document.open(at: path)
        #expect(second.lines.count == 1)
    }

    @Test func aSymbolicLinkLeadsToTheSameLock() throws {
        let link = directory + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "drawing.json")
        let first = try Document.open(at: path)
        #expect(throws: DocumentError.locked(path: path, holder: getpid())) {
            _ = try Document.open(at: link)
        }
        _ = first
    }

    @Test func aLeftoverLockFileOfACrashedProcessDoesNotBlock() throws {
        // A crashed holder leaves its pid behind, but not the lock.
        try Data("99999\n".utf8).write(to: URL(fileURLWithPath: DrawingLock.lockPath(for: path)))
        let opened = try Document.open(at: path)
        #expect(opened.lines.count == 1)
        let recorded = try String(contentsOfFile: DrawingLock.lockPath(for: path), encoding: .utf8)
        #expect(recorded == "\(getpid())\n")
    }
}
