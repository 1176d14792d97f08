import Canvas
import Document
import Foundation
import Export
import SampleDrawings
import Testing
import TestSupport
import TouchCore

/// An export read from the drawing's file a line at a time (`--export`)
/// writes the bytes an export of the loaded lines writes.
@Suite final class ExporterStreamingTests {
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    var drawingPath: String { directory + "/drawing.json" }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-export-stream")
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Exports `lines` loaded and streamed from a saved file; expects the same bytes and summary.
    private func expectSameExport(of lines: [Line], format: String = "svg",
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Document.save(lines, to: drawingPath)
        let loaded = try Exporter.export(try Document.load(from: drawingPath), to: directory + "/loaded.\(format)")
        let drawing = try SavedDrawing(path: drawingPath)
        let streamed = try Exporter.export(drawing, to: directory + "/streamed.\(format)", sparing: drawingPath)
        #expect(streamed.page == loaded.page && streamed.fit == loaded.fit && streamed.note == loaded.note,
                sourceLocation: sourceLocation)
        #expect(try bytes(directory + "/streamed.\(format)") == bytes(directory + "/loaded.\(format)"),
                sourceLocation: sourceLocation)
    }

    let straightAndFreehand = [
        line(20, 30, 180, 30),
        Line(freehand: [FreehandPoint(x: 10.5, y: 20, pressure: 0.5), FreehandPoint(x: 30, y: -4.75, pressure: 0.5),
                        FreehandPoint(x: 60, y: 10, pressure: 0.5)]),
        Line(freehand: [FreehandPoint(x: 10, y: 20, pressure: 0.1), FreehandPoint(x: 40, y: 70, pressure: 0.9),
                        FreehandPoint(x: 45, y: 90.25, pressure: 0.4)], offset: Vector(dx: -7.5, dy: 3)),
        Line(freehand: [FreehandPoint(x: 7, y: 8, pressure: 0.5)], offset: Vector(dx: 100, dy: -12.5)),
        line(-40.125, 1e-3, 50, 160),
    ]

    @Test func straightAndFreehandLinesWithOffsets() throws {
        try expectSameExport(of: straightAndFreehand)
        try expectSameExport(of: straightAndFreehand, format: "png")
    }

    @Test func aDrawingScaledToFit() throws {
        let wide = [line(-500_000, 0, 500_000, 30), line(0, -2_000, 10, 2_000)]
        try expectSameExport(of: wide)
        try Document.save(wide, to: drawingPath)
        #expect(try Exporter.export(SavedDrawing(path: drawingPath), to: directory + "/wide.svg").note != nil)
    }

    @Test func anEmptyDrawing() throws {
        try expectSameExport(of: [])
        try expectSameExport(of: [], format: "png")
    }

    @Test func manyLinesOverSeveralChunks() throws {
        try expectSameExport(of: SampleLines.random(count: 5_000, in: Rect(x: 0, y: 0, width: 1920, height: 1080)))
    }

    @Test func aDrawingWithJournalChangesExportsItsCurrentLines() throws {
        let drawing = Drawing(lines: straightAndFreehand)
        try Document.saveSnapshot(of: drawing, to: drawingPath)
        let revision = drawing.revision
        drawing.remove(drawing.store.ids[0])
        drawing.move(drawing.store.ids[1], by: Vector(dx: 300, dy: 400))
        try Document.appendToJournal(try #require(drawing.changes(since: revision)), at: drawingPath)
        try Exporter.export(drawing.lines, to: directory + "/current.svg")
        try Exporter.export(SavedDrawing(path: drawingPath), to: directory + "/streamed.svg", sparing: drawingPath)
        #expect(try bytes(directory + "/streamed.svg") == bytes(directory + "/current.svg"))
    }
}
