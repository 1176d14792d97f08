import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// The lasso's changes in the journal (issue 38): a selection moved,
/// scaled, turned, restyled, duplicated and deleted, undone and redone,
/// reads back as the drawing, with the transformed points themselves.
@Suite final class SelectionJournalTests: DrawingFolderFixture {
    init() throws {
        try super.init(name: "selection-journal")
    }

    @Test func everySelectionChangeReadsBackFromTheJournal() throws {
        let red = StrokeStyle(color: .red, width: StrokeWidth(points: 4)!)
        let drawing = Drawing(lines: [
            Line(begin: Point(x: 10, y: 10), end: Point(x: 90, y: 30), style: red),
            Line(freehand: [FreehandPoint(x: 20, y: 50, pressure: 0.4), FreehandPoint(x: 60, y: 70, pressure: 0.9)]),
            Line(freehand: [FreehandPoint(x: 30, y: 30)], style: red),
            Line(begin: Point(x: 500, y: 500), end: Point(x: 510, y: 510)),
        ])
        try Document.saveSnapshot(of: drawing, to: path)
        var revision = drawing.revision
        drawing.select(lassoedBy: Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100),
                                                 Point(x: 0, y: 100)]))
        #expect(drawing.selection.count == 3)
        let pinchAndTurn = SelectionGestures.twoFingerTransform(from: Point(x: 50, y: 50), to: Point(x: 61.3, y: 47.1),
                                                                scale: 1.37, rotation: 0.41)
        drawing.transformSelection(by: pinchAndTurn)
        revision = try append(drawing, since: revision)
        #expect(try Document.load(from: path) == drawing.lines, "scaled and turned")
        drawing.transformSelection(by: AffineTransform(translationX: 0.1, y: 0.2))
        drawing.restyleSelection(color: .blue)
        revision = try append(drawing, since: revision)
        #expect(try Document.load(from: path) == drawing.lines, "moved and recoloured")
        drawing.duplicateSelection(offset: Vector(dx: 20, dy: 20))
        drawing.transformSelection(by: AffineTransform(scaleX: 0.5, y: 0.5))
        drawing.undo()
        drawing.undo()
        drawing.redo()
        drawing.removeSelection()
        revision = try append(drawing, since: revision)
        #expect(try Document.load(from: path) == drawing.lines, "duplicated, undone, redone, deleted")
        _ = revision
    }

    @Test func aReshapedFreehandLineIsWrittenWholeAndAMovedOneAsItsOffset() {
        let stroke = Line(freehand: [FreehandPoint(x: 1, y: 2, pressure: 0.5), FreehandPoint(x: 3, y: 4)],
                          style: StrokeStyle(color: .red, width: StrokeWidth(points: 10)!))
        let scaled = stroke.transformed(by: AffineTransform(scaleX: 2, y: 2))
        #expect(DrawingJournal.Record.records(for: .moved(LineID(7), from: stroke, to: scaled))
                == [.added(7, scaled.restyled(.standard)), .restyled(7, scaled.style)])
        let moved = stroke.translated(by: Vector(dx: 5, dy: 6))
        #expect(DrawingJournal.Record.records(for: .moved(LineID(7), from: stroke, to: moved))
                == [.offset(7, Vector(dx: 5, dy: 6))])
    }
}
