import Testing
@testable import Canvas
import TouchCore

@Suite struct DrawingTests {
    let a = Line(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
    let b = Line(begin: Point(x: 0, y: 50), end: Point(x: 100, y: 50))
    final class FakeTouch {}

    @Test func severalTouchesDrawSeveralLines() {
        let drawing = Drawing()
        let one = FakeTouch(), two = FakeTouch()
        drawing.beginLine(for: ObjectIdentifier(one), at: Point(x: 0, y: 0))
        drawing.beginLine(for: ObjectIdentifier(two), at: Point(x: 0, y: 50))
        drawing.extendLine(for: ObjectIdentifier(one), to: Point(x: 100, y: 0))
        drawing.extendLine(for: ObjectIdentifier(two), to: Point(x: 100, y: 50))
        drawing.finishLine(for: ObjectIdentifier(one))
        #expect(drawing.lines == [a])
        #expect(drawing.linesInProgress == [ObjectIdentifier(two): b])
        drawing.discardLine(for: ObjectIdentifier(two))
        #expect(drawing.lines == [a])
        #expect(drawing.linesInProgress.isEmpty)
    }

    @Test func undoAndRedoRoundTripEveryKindOfChange() {
        let drawing = Drawing()
        let idA = drawing.add(a)
        let idB = drawing.add(b)
        drawing.move(idA, by: Vector(dx: 5, dy: 5))
        drawing.remove(idB)
        drawing.clear()
        let states: [[Line]] = [[], [a], [a, b], [a.translated(by: Vector(dx: 5, dy: 5)), b],
                                [a.translated(by: Vector(dx: 5, dy: 5))], []]
        for expected in states.reversed().dropFirst() {
            drawing.undo()
            #expect(drawing.lines == expected)
        }
        #expect(!drawing.canUndo)
        #expect(drawing.undo() == nil)
        for expected in states.dropFirst() {
            drawing.redo()
            #expect(drawing.lines == expected)
        }
        #expect(!drawing.canRedo)
        drawing.undo()
        drawing.undo()
        #expect(drawing[idB] == b, "an undone delete brings the line back under its identity")
    }

    @Test func aNewChangeForgetsTheRedoSteps() {
        let drawing = Drawing()
        drawing.add(a)
        drawing.undo()
        #expect(drawing.canRedo)
        drawing.add(b)
        #expect(!drawing.canRedo)
    }

    /// Issue 36: the lines of fingers down at the same time (two fingers
    /// drawing a pinch) are one undo step; a line drawn after they all
    /// lifted is a step of its own.
    @Test func linesDrawnTogetherAreOneUndoStep() {
        let drawing = Drawing()
        let one = FakeTouch(), two = FakeTouch(), three = FakeTouch()
        drawing.beginLine(for: ObjectIdentifier(one), at: Point(x: 0, y: 0))
        drawing.beginFreehand(for: ObjectIdentifier(two), at: FreehandPoint(Point(x: 0, y: 50), pressure: 1))
        drawing.extendLine(for: ObjectIdentifier(one), to: Point(x: 100, y: 0))
        drawing.finishLine(for: ObjectIdentifier(one))
        drawing.extendFreehand(for: ObjectIdentifier(two), to: FreehandPoint(Point(x: 100, y: 50), pressure: 1))
        drawing.finishLine(for: ObjectIdentifier(two))
        drawing.beginLine(for: ObjectIdentifier(three), at: Point(x: 0, y: 90))
        drawing.extendLine(for: ObjectIdentifier(three), to: Point(x: 50, y: 90))
        drawing.finishLine(for: ObjectIdentifier(three))
        let together = Array(drawing.lines.prefix(2))
        #expect(drawing.count == 3)
        drawing.undo()
        #expect(drawing.lines == together, "the later line is a step of its own")
        drawing.undo()
        #expect(drawing.count == 0 && !drawing.canUndo, "one undo took both lines drawn together")
        drawing.redo()
        #expect(drawing.lines == together, "and one redo brings both back")
    }

    /// A step that is no longer on top is never added to: an undo between
    /// two fingers' ends leaves the second finger's line a step of its own.
    @Test func aLineOfStrokesTogetherJoinsOnlyTheTopStep() {
        let drawing = Drawing()
        let one = FakeTouch(), two = FakeTouch()
        drawing.beginLine(for: ObjectIdentifier(one), at: Point(x: 0, y: 0))
        drawing.beginLine(for: ObjectIdentifier(two), at: Point(x: 0, y: 50))
        drawing.extendLine(for: ObjectIdentifier(one), to: Point(x: 100, y: 0))
        drawing.extendLine(for: ObjectIdentifier(two), to: Point(x: 100, y: 50))
        drawing.finishLine(for: ObjectIdentifier(one))
        drawing.undo()
        drawing.finishLine(for: ObjectIdentifier(two))
        #expect(drawing.lines == [b] && !drawing.canRedo)
        drawing.undo()
        #expect(drawing.count == 0 && !drawing.canUndo)
    }

    @Test func aGroupedMoveIsOneUndoStep() {
        let drawing = Drawing()
        let id = drawing.add(a)
        drawing.beginUndoGroup()
        for _ in 0..<50 { drawing.move(id, by: Vector(dx: 1, dy: 2)) }
        drawing.endUndoGroup()
        #expect(drawing[id] == a.translated(by: Vector(dx: 50, dy: 100)))
        drawing.undo()
        #expect(drawing[id] == a)
        drawing.redo()
        #expect(drawing[id] == a.translated(by: Vector(dx: 50, dy: 100)))
    }

    @Test func theSelectionNeverDangles() {
        let drawing = Drawing()
        let id = drawing.add(a)
        drawing.selectedLineID = id
        drawing.remove(id)
        #expect(drawing.selectedLineID == nil)

        drawing.undo()
        drawing.selectedLineID = id
        drawing.clear()
        #expect(drawing.selectedLineID == nil)

        drawing.undo()
        drawing.selectedLineID = id
        drawing.undo() // undoes the add: the selected line goes away
        #expect(drawing[id] == nil)
        #expect(drawing.selectedLineID == nil)
    }

    @Test func clearDiscardsLinesInProgressToo() {
        let drawing = Drawing()
        drawing.add(a)
        drawing.beginLine(for: ObjectIdentifier(FakeTouch()), at: Point(x: 3, y: 3))
        drawing.clear()
        #expect(drawing.lines.isEmpty)
        #expect(drawing.linesInProgress.isEmpty)
    }

    @Test func changeLogTellsAppendsFromOtherChanges() {
        let drawing = Drawing()
        let start = drawing.revision
        let idA = drawing.add(a)
        #expect(drawing.changes(since: start).map(Array.init) == [.added(idA, a)])
        let afterAdd = drawing.revision
        drawing.move(idA, by: Vector(dx: 0, dy: 10))
        drawing.remove(idA)
        let moved = a.translated(by: Vector(dx: 0, dy: 10))
        #expect(drawing.changes(since: afterAdd).map(Array.init) == [.moved(idA, from: a, to: moved), .removed(idA, moved)])
        #expect(drawing.changes(since: drawing.revision)?.isEmpty == true)
    }

    @Test func aReaderTooFarBehindMustStartOver() {
        let drawing = Drawing()
        let id = drawing.add(a)
        let start = drawing.revision
        for _ in 0..<10_000 { drawing.move(id, by: Vector(dx: 1, dy: 0)) }
        #expect(drawing.changes(since: start) == nil)
        #expect(drawing.changes(since: drawing.revision - 10)?.count == 10)
    }

    // MARK: Lines drawn while the drawing opens (issue 24)

    @Test func linesDrawnWhileOpeningFollowTheOpenedOnesAndStayUndoable() throws {
        let opened = (0..<3).map { Line(begin: Point(x: Double($0), y: 200), end: Point(x: 50, y: 200)) }
        let drawing = Drawing()
        let idA = drawing.add(a)
        let idB = drawing.add(b)
        drawing.remove(idA)
        drawing.selectedLineID = idB
        let inProgress = FakeTouch()
        drawing.beginLine(for: ObjectIdentifier(inProgress), at: Point(x: 0, y: 90))

        let added = drawing.takeLines(of: Drawing(lines: opened))
        #expect(drawing.lines == opened + [b], "after the opened lines, in the order drawn")
        let movedB = try #require(drawing.selectedLineID, "the selection follows its line")
        #expect(drawing[movedB] == b)
        #expect(added == [.added(movedB, b)], "what a save must add")

        // A line in progress carries on and comes last.
        drawing.extendLine(for: ObjectIdentifier(inProgress), to: Point(x: 100, y: 90))
        drawing.finishLine(for: ObjectIdentifier(inProgress))
        let c = Line(begin: Point(x: 0, y: 90), end: Point(x: 100, y: 90))
        #expect(drawing.lines == opened + [b, c])

        // Undo goes back through what was drawn meanwhile, never the opened lines.
        drawing.undo()
        #expect(drawing.lines == opened + [b])
        drawing.undo()
        #expect(drawing.lines == opened + [a, b], "the removed line comes back in its place")
        drawing.undo()
        drawing.undo()
        #expect(drawing.lines == opened)
        #expect(drawing.undo() == nil)
        drawing.redo()
        drawing.redo()
        #expect(drawing.lines == opened + [a, b])
    }

    @Test func anEmptyOpeningKeepsEverythingAsDrawn() {
        let drawing = Drawing()
        let id = drawing.add(a)
        let added = drawing.takeLines(of: Drawing())
        #expect(added == [.added(id, a)])
        #expect(drawing.lines == [a])
        #expect(drawing.undo() != nil)
        #expect(drawing.lines.isEmpty)
    }

    // MARK: Another drawing opened in the window (issue 37)

    @Test func replacingEverythingLeavesOnlyTheOpenedLinesAndNothingToUndo() throws {
        let drawing = Drawing()
        let idA = drawing.add(a)
        drawing.add(b)
        drawing.selectedLineID = idA
        let inProgress = FakeTouch()
        drawing.beginLine(for: ObjectIdentifier(inProgress), at: Point(x: 0, y: 90))
        let revision = drawing.revision
        let opened = (0..<3).map { Line(begin: Point(x: Double($0), y: 200), end: Point(x: 50, y: 200)) }

        drawing.replaceAll(with: Drawing(lines: opened))
        #expect(drawing.lines == opened)
        #expect(drawing.selectedLineID == nil && drawing.linesInProgress.isEmpty)
        #expect(!drawing.canUndo && !drawing.canRedo, "the other drawing's steps are not this one's")
        #expect(drawing.undo() == nil)
        #expect(drawing.changes(since: revision) == nil, "renderers start over")
        #expect(drawing.nearestLine(to: Point(x: 25, y: 201), within: 5) != nil, "the opened lines' index came along")
    }
}
