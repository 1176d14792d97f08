import Canvas
import Document
import Export
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// `--export` reads the drawing from its file a line at a time: the file it
/// writes is the export of the drawing as the app loads it, journal and all.
@Suite struct ProgramExportStreamingTests {
    typealias Workspace = ProgramTests.Workspace

    @Test func anSVGExportIsTheExportOfTheLoadedDrawing() throws {
        let workspace = try Workspace()
        let lines = [line(50, 100, 300, 100),
                     Line(freehand: [FreehandPoint(x: 10, y: 20, pressure: 0.2), FreehandPoint(x: 40, y: 70, pressure: 0.8)],
                          offset: Vector(dx: 5, dy: -3))]
        try Document.save(lines, to: workspace.drawing)
        try Exporter.export(lines, to: workspace.directory + "/expected.svg")
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.svg"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 2 lines to \(workspace.directory)/out.svg\n")
        #expect(workspace.read("out.svg") == workspace.read("expected.svg"))
    }

    @Test func aJournalsChangesAreExported() throws {
        let workspace = try Workspace()
        let drawing = Drawing(lines: ProgramTests.Workspace.lines + [line(10, 10, 20, 20)])
        try Document.saveSnapshot(of: drawing, to: workspace.drawing)
        let revision = drawing.revision
        drawing.remove(drawing.store.ids[0])
        drawing.move(drawing.store.ids[0], by: Vector(dx: 40, dy: 0))
        try Document.appendToJournal(try #require(drawing.changes(since: revision)), at: workspace.drawing)
        try Exporter.export(drawing.lines, to: workspace.directory + "/expected.svg")
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.svg"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 2 lines to \(workspace.directory)/out.svg\n")
        #expect(workspace.read("out.svg") == workspace.read("expected.svg"))
    }

    @Test func theMessageCountsTheLinesWrittenAndNamesTheOneSkipped() throws {
        let workspace = try Workspace()
        try AppHarness.write(Array(#"{"format":"touchtracker","version":1,"lines":[[50,100,300,100],[0,0,1e300,0]]}"#.utf8),
                             to: workspace.drawing)
        try Exporter.export([line(50, 100, 300, 100)], to: workspace.directory + "/expected.svg")
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.svg"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 1 line to \(workspace.directory)/out.svg\n")
        #expect(result.standardError.contains("\(workspace.drawing): line 1 has an invalid coordinate 1e+300"), "\(result.standardError)")
        #expect(result.standardError.contains("that line was not exported"), "\(result.standardError)")
        #expect(workspace.read("out.svg") == workspace.read("expected.svg"))
    }
}
