import Canvas
import Document
import Foundation
import Export
import Testing
import TestSupport
import TestFileSystems
import TouchCore

/// Exports that cannot be written, or must not be: the previous file
/// survives a full disk, the error names the system's reason, and odd
/// targets are refused without waiting on them.
@Suite final class ExporterFailureTests {
    let directory = NSTemporaryDirectory() + "touchtracker-export-failure-\(UUID().uuidString)"
    let small = Drawing(lines: [line(20, 30, 180, 30)])

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A drawing whose export takes far more than 64 KiB in every format.
    private static func large() -> Drawing {
        var lines: [Line] = []
        for index in 0..<20_000 {
            let x = Double(index % 200) * 7.3, y = Double(index / 200) * 5.1
            lines.append(line(x, y, x + 31.7 + Double(index % 13), y + 17.9 + Double(index % 7)))
        }
        return Drawing(lines: lines)
    }

    @Test(.enabled(if: ScratchFileSystem.isAvailable, "needs to mount a tmpfs (root): skipped"),
          arguments: ["png", "svg", "pdf"])
    func aFullDiskFailsWithItsReasonAndKeepsThePreviousExport(format: String) throws {
        let disk = try ScratchFileSystem(size: 64 << 10)
        let path = disk.path + "/out." + format
        try Exporter.export(small, to: path)
        let previous = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!previous.isEmpty)
        disk.fill()
        let large = Self.large()
        do {
            try Exporter.export(large, to: path)
            Issue.record("\(format): an export onto a full disk reported success")
        } catch {
            #expect(error == .cannotWrite(path: path, reason: "No space left on device"), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == previous, "the previous export is intact")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "out." + format],
                "no temporary file left behind")
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func aFIFOTargetIsRefusedWithoutWaiting(format: String) throws {
        let path = directory + "/out." + format
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: ExportError.notAFile(path: path, kind: "a FIFO (named pipe)")) {
            try Exporter.export(self.small, to: path)
        }
    }

    @Test func aDirectoryTargetIsRefused() throws {
        let path = directory + "/out.svg"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: ExportError.notAFile(path: path, kind: "a directory")) {
            try Exporter.export(self.small, to: path)
        }
    }

    @Test func theDrawingItselfIsNeverOverwritten() throws {
        let drawingPath = directory + "/drawing.png"
        try Document.save(small.lines, to: drawingPath)
        let link = directory + "/another-name.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: drawingPath)
        for target in [drawingPath, link] {
            #expect(throws: ExportError.wouldOverwriteDrawing(path: target)) {
                try Exporter.export(self.small, to: target, sparing: drawingPath)
            }
        }
        #expect(try Document.load(from: drawingPath) == small.lines)
    }

    @Test func anExportThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/real/picture.png"))
        let link = directory + "/picture.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/picture.png")
        let summary = try Exporter.export(small, to: link)
        #expect(summary.path == directory + "/real/picture.png")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/picture.png")
        let png = try Data(contentsOf: URL(fileURLWithPath: directory + "/real/picture.png"))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func aDrawingAtTheCoordinateLimitsIsScaledToFitWithANote(format: String) throws {
        let limit = Drawing.coordinateLimit
        // Tall and thin, so the PNG scaled to the maximum side stays a few
        // hundred kilobytes of pixels.
        let drawing = Drawing(lines: [line(0, -limit, 0, limit), line(-20, limit, 20, limit)])
        let path = directory + "/huge." + format
        let summary = try Exporter.export(drawing, to: path)
        #expect(summary.fit < 0.01)
        #expect(summary.page.width <= Exporter.maximumSide && summary.page.height <= Exporter.maximumSide)
        #expect(summary.note?.contains("scaled") == true)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 0)
    }
}
