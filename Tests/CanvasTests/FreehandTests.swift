@testable import SampleDrawings
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Canvas
import TestSupport
import TouchCore

/// A freehand line through `points` (x, y pairs), pressed fully.
private func freehand(_ points: (Double, Double)...) -> Line {
    Line(freehand: points.map { FreehandPoint(x: $0.0, y: $0.1) })
}

/// The freehand model: a line of many points, measured by the polyline
/// through them, moved by an offset, undone, erased, indexed piece by
/// piece, and extended in constant time while it is drawn.
@Suite struct FreehandLineTests {
    @Test func itsDistanceIsTheExactDistanceToThePolyline() {
        let zigzag = freehand((0, 0), (100, 0), (100, 100), (200, 100))
        #expect(zigzag.distance(to: Point(x: 50, y: 20)) == 20, "above the first piece")
        #expect(zigzag.distance(to: Point(x: 130, y: 50)) == 30, "beside the second")
        #expect(zigzag.distance(to: Point(x: 230, y: 140)) == 50, "past the end: to the last point")
        #expect(zigzag.distance(to: Point(x: 100, y: 50)) == 0, "on it")
        #expect(zigzag.begin == Point(x: 0, y: 0) && zigzag.end == Point(x: 200, y: 100))
        #expect(zigzag.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(zigzag.segmentCount == 3)
    }

    @Test func aLineOfOnePointIsADot() {
        let dot = Line(freehand: [FreehandPoint(x: 10, y: 20, pressure: 0.5)])
        #expect(dot.segmentCount == 1)
        #expect(dot.distance(to: Point(x: 13, y: 24)) == 5)
        #expect(dot.bounds == Rect(x: 10, y: 20, width: 0, height: 0))
        #expect(dot.intersects(Rect(x: 0, y: 0, width: 15, height: 25)))
        #expect(!dot.intersects(Rect(x: 11, y: 0, width: 15, height: 25)))
        let capsule = dot.capsule(0)
        #expect(capsule.begin == capsule.end && capsule.beginWidth == CanvasMetrics.freehandWidth(pressure: 0.5))
    }

    @Test func widthFollowsPressure() {
        #expect(CanvasMetrics.freehandWidth(pressure: 1) == CanvasMetrics.lineWidth)
        #expect(CanvasMetrics.freehandWidth(pressure: 0) == CanvasMetrics.minimumFreehandWidth)
        #expect(CanvasMetrics.freehandWidth(pressure: 0.5) == 5.5)
        let ramp = Line(freehand: [FreehandPoint(x: 0, y: 0, pressure: 0.2), FreehandPoint(x: 50, y: 0, pressure: 0.9)])
        #expect(ramp.capsule(0).beginWidth < ramp.capsule(0).endWidth)
        #expect(!ramp.hasUniformWidth && freehand((0, 0), (1, 1)).hasUniformWidth)
    }

    @Test func aTouchsPressureIsKeptInThousandthsAndFullWithoutOne() {
        #expect(FreehandPoint.pressure(from: nil) == 1, "a finger or the mouse")
        #expect(FreehandPoint.pressure(from: 16384.0 / 65535) == 0.25)
        #expect(FreehandPoint.pressure(from: .nan) == 1)
        #expect(FreehandPoint.pressure(from: 3) == 1 && FreehandPoint.pressure(from: -1) == 0)
    }

    @Test func movingSharesThePointsAndEqualsTheLineDrawnThere() {
        let drawn = freehand((0, 0), (10, 5), (20, 0))
        let moved = drawn.translated(by: Vector(dx: 100, dy: 50))
        #expect(moved == freehand((100, 50), (110, 55), (120, 50)))
        #expect(moved.freehandPoints?.offset == Vector(dx: 100, dy: 50))
        #expect(moved.freehandPoints?.unmoved == drawn.freehandPoints?.unmoved)
        #expect(moved.translated(by: Vector(dx: -100, dy: -50)) == drawn)
        #expect(moved.distance(to: Point(x: 110, y: 60)) == 5)
        #expect(moved != drawn && drawn != line(0, 0, 20, 0))
        #expect(Set([moved, freehand((100, 50), (110, 55), (120, 50))]).count == 1, "equal lines hash alike")
    }

    @Test func theEraserMeasuresEveryPiece() {
        let hook = freehand((0, 0), (100, 0), (100, 100))
        #expect(hook.squaredDistance(to: line(150, 50, 110, 50)) == 100, "10 from the second piece")
        #expect(hook.squaredDistance(to: line(50, -10, 50, 10)) == 0, "crossing the first")
        #expect(line(50, -10, 50, 10).squaredDistance(to: hook) == 0)
        #expect(hook.squaredDistance(to: freehand((0, 30), (50, 30))) == 900)
    }

    @Test func aDrawingIndexesFreehandLinesPieceByPiece() {
        // A long wavy line, a dot and a straight line: the index answers as a scan does.
        let wave = Line(freehand: (0..<400).map { FreehandPoint(x: Double($0) * 2, y: 100 + 60 * sin(Double($0) / 15)) })
        let dot = Line(freehand: [FreehandPoint(x: 300, y: 300, pressure: 0.3)])
        let drawing = Drawing(lines: [wave, dot, line(0, 200, 800, 210)])
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let point = Point(x: random.unit() * 820 - 10, y: random.unit() * 340 - 10)
            #expect(drawing.store.nearestLine(to: point, within: 20)
                        == drawing.store.nearestLineByLinearScan(to: point, within: 20), "at \(point)")
            let rect = Rect(x: point.x, y: point.y, width: random.unit() * 60, height: random.unit() * 60)
            #expect(drawing.lines(intersecting: rect) == drawing.store.linesByLinearScan(intersecting: rect), "in \(rect)")
        }
        #expect(drawing.nearestLine(to: Point(x: 305, y: 300), within: 20) == drawing.store.ids[1], "the dot")
        #expect(drawing.store.freehandPointCount == 401 && drawing.store.freehandCount == 2)
    }

    @Test func randomFreehandDrawingsAgreeWithTheLinearScan() {
        let area = Rect(x: 0, y: 0, width: 600, height: 400)
        let drawing = Drawing(lines: SampleStrokes.random(count: 300, points: 50, in: area))
        // Moves and removals re-register lines in the index.
        for (index, id) in drawing.store.ids.enumerated() where index % 7 == 0 {
            drawing.move(id, by: Vector(dx: 13.5, dy: -7.25))
        }
        for (index, id) in drawing.store.ids.enumerated() where index % 11 == 0 { drawing.remove(id) }
        for point in SampleLines.randomPoints(count: 1_000, in: area) {
            #expect(drawing.store.nearestLine(to: point, within: 20)
                        == drawing.store.nearestLineByLinearScan(to: point, within: 20))
        }
    }

    @Test func hostileSegmentsGoToTheOversizedList() {
        // Two points a million points apart: millions of cells if registered piece by piece.
        let far = freehand((-999_000, -1e6), (999_000, 1e6), (-999_000, 1e6))
        let drawing = Drawing(lines: [far])
        #expect(drawing.nearestLine(to: Point(x: 0, y: 0), within: 20) == drawing.store.ids[0])
        #expect(drawing.nearestLine(to: Point(x: 0, y: 1e6 - 10), within: 20) == drawing.store.ids[0])
        drawing.move(drawing.store.ids[0], by: Vector(dx: 100, dy: 0))
        #expect(drawing.nearestLine(to: Point(x: 0, y: 0), within: 20) == nil)
        #expect(drawing.nearestLine(to: Point(x: 100, y: 0), within: 20) == drawing.store.ids[0])
    }
}

@Suite struct FreehandDrawingTests {
    private final class FakeTouch {}

    @Test func extendingAddsPointsInPlaceAndDamagesOnlyTheNewPiece() throws {
        let drawing = Drawing()
        let finger = FakeTouch()
        let touch = ObjectIdentifier(finger)
        let first = drawing.beginFreehand(for: touch, at: FreehandPoint(x: 10, y: 10))
        #expect(first == freehand((10, 10)).paintedBounds, "the dot")
        // Weak: a strong reference here would itself make the samples shared.
        weak var storage = storageOf(drawing.linesInProgress[touch])
        #expect(storage != nil)
        for step in 1...1_000 {
            let damage = try #require(drawing.extendFreehand(for: touch, to: FreehandPoint(x: 10 + Double(step), y: 10)))
            #expect(damage.width <= 1 + 2 * CanvasMetrics.paintReach, "only the new piece")
        }
        #expect(storage != nil && storageOf(drawing.linesInProgress[touch]) === storage, "never copied while it grows")
        #expect(drawing.extendFreehand(for: touch, to: FreehandPoint(x: 1010, y: 10)) == nil, "the same point again")
        #expect(drawing.extendFreehand(for: touch, to: FreehandPoint(x: 1010, y: 10, pressure: 0)) == nil,
                "a pen lifting: lighter where it is, nothing shows")
        #expect(drawing.freehandPointCount == 1001)
        let id = try #require(drawing.finishLine(for: touch))
        #expect(drawing[id]?.freehandPointCount == 1001 && drawing.freehandPointCount == 1001)
        #expect(drawing.canUndo)
        drawing.undo()
        #expect(drawing.count == 0 && drawing.freehandPointCount == 0)
        drawing.redo()
        #expect(drawing[id] == Line(freehand: (0...1000).map { FreehandPoint(x: 10 + Double($0), y: 10) }))
    }

    @Test func pressingHarderInPlaceWidensTheLastPoint() throws {
        let drawing = Drawing()
        let pen = FakeTouch()
        let touch = ObjectIdentifier(pen)
        drawing.beginFreehand(for: touch, at: FreehandPoint(x: 10, y: 10, pressure: 0.1))
        let dot = try #require(drawing.extendFreehand(for: touch, to: FreehandPoint(x: 10, y: 10, pressure: 0.8)))
        #expect(dot.contains(Rect(x: 5, y: 5, width: 10, height: 10)))
        #expect(drawing.linesInProgress[touch]?.freehandPoints.map(Array.init) == [FreehandPoint(x: 10, y: 10, pressure: 0.8)])
        drawing.extendFreehand(for: touch, to: FreehandPoint(x: 20, y: 10, pressure: 0.2))
        drawing.extendFreehand(for: touch, to: FreehandPoint(x: 20, y: 10, pressure: 0.5))
        #expect(drawing.linesInProgress[touch]?.freehandPoints.map(Array.init)
                    == [FreehandPoint(x: 10, y: 10, pressure: 0.8), FreehandPoint(x: 20, y: 10, pressure: 0.5)])
        #expect(drawing.freehandPointCount == 2)
    }

    @Test func theFramesIndexFindsThePiecesInsideTheDamage() throws {
        let drawing = Drawing()
        let finger = FakeTouch(), other = FakeTouch()
        let touch = ObjectIdentifier(finger)
        // A spiral that crosses its own path, so old pieces lie under new damage.
        let points = (0..<600).map { step -> FreehandPoint in
            let angle = Double(step) / 12, radius = 40 + Double(step) / 10
            return FreehandPoint(x: 200 + radius * cos(angle) + Double(step) / 4, y: 200 + radius * sin(angle))
        }
        drawing.beginFreehand(for: touch, at: points[0])
        for point in points.dropFirst() { drawing.extendFreehand(for: touch, to: point) }
        let line = try #require(drawing.linesInProgress[touch])
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            let rect = Rect(x: random.unit() * 400, y: random.unit() * 400, width: random.unit() * 40, height: random.unit() * 40)
            let expected = (0..<line.segmentCount).filter { line.segment($0).intersects(rect) }
            #expect(drawing.freehandSegmentsInProgress(for: touch, touching: rect) == expected)
        }
        let dotTouch = ObjectIdentifier(other)
        drawing.beginFreehand(for: dotTouch, at: FreehandPoint(x: 5, y: 5))
        #expect(drawing.freehandSegmentsInProgress(for: dotTouch, touching: Rect(x: 0, y: 0, width: 10, height: 10)) == [0])
        #expect(drawing.freehandSegmentsInProgress(for: dotTouch, touching: Rect(x: 20, y: 0, width: 10, height: 10)).isEmpty)
    }

    @Test func aMoveIsOneUndoStepAndLeavesThePointsAlone() throws {
        let drawing = Drawing(lines: [freehand((0, 0), (50, 20), (100, 0))])
        let id = drawing.store.ids[0]
        drawing.beginUndoGroup()
        for _ in 0..<10 { drawing.move(id, by: Vector(dx: 3, dy: 1)) }
        drawing.endUndoGroup()
        #expect(drawing[id] == freehand((30, 10), (80, 30), (130, 10)))
        #expect(drawing.nearestLine(to: Point(x: 80, y: 35), within: 20) == id)
        #expect(drawing.nearestLine(to: Point(x: 50, y: 25), within: 4) == nil, "no longer where it was")
        drawing.undo()
        #expect(drawing[id] == freehand((0, 0), (50, 20), (100, 0)))
        #expect(drawing.nearestLine(to: Point(x: 50, y: 25), within: 20) == id)
    }

    @Test func theEraserErasesFreehandLinesWholeAndUndoBringsThemBack() {
        let drawing = Drawing(lines: [freehand((0, 100), (100, 100), (200, 150)), line(0, 300, 200, 300)])
        let tool = FakeTouch()
        let eraser = ObjectIdentifier(tool)
        drawing.beginErasing(for: eraser)
        let erased = drawing.erase(for: eraser, from: Point(x: 150, y: 160), to: Point(x: 160, y: 110))
        #expect(erased == [freehand((0, 100), (100, 100), (200, 150))])
        drawing.finishErasing(for: eraser)
        #expect(drawing.lines == [line(0, 300, 200, 300)])
        drawing.undo()
        #expect(drawing.lines.first == freehand((0, 100), (100, 100), (200, 150)))
    }

    @Test func clearingDropsFreehandLinesInProgress() {
        let drawing = Drawing(lines: [freehand((0, 0), (10, 10))])
        let finger = FakeTouch()
        let touch = ObjectIdentifier(finger)
        drawing.beginFreehand(for: touch, at: FreehandPoint(x: 1, y: 1))
        drawing.extendFreehand(for: touch, to: FreehandPoint(x: 2, y: 2))
        drawing.clear()
        #expect(drawing.linesInProgress.isEmpty && drawing.freehandPointCount == 0)
        #expect(drawing.extendFreehand(for: touch, to: FreehandPoint(x: 3, y: 3)) == nil)
    }

    private func storageOf(_ line: Line?) -> FreehandStorage? {
        guard case .freehand(let storage, _)? = line?.shape else { return nil }
        return storage
    }
}

/// The freehand tool on the canvas, with its real recognizers.
@Suite struct FreehandCanvasTests {
    @Test func aFingerDrawsEveryPointItPassesAtFullWidth() throws {
        let harness = CanvasHarness()
        harness.canvas.tool = .freehand
        harness.send(harness.down(1, 50, 50))
        for (x, y) in [(80.0, 60.0), (120, 40), (160, 90), (200, 50)] { harness.send(harness.move(1, x, y)) }
        harness.send(harness.up(1))
        #expect(harness.drawing.lines == [freehand((50, 50), (80, 60), (120, 40), (160, 90), (200, 50))])
        #expect(harness.changes == 1)
    }

    @Test func aPenDrawsWithItsPressure() throws {
        let harness = CanvasHarness(kind: .pen)
        harness.canvas.tool = .freehand
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        func change(_ phase: RawTouch.Phase, _ x: Double, _ pressure: Double) -> RawTouch {
            RawTouch(device: pen, id: 1, phase: phase, location: Point(x: x, y: 100), timestamp: harness.clock.now,
                     pressure: pressure)
        }
        harness.send(change(.down, 20, 0.1))
        for step in 1...8 { harness.send(change(.move, 20 + 20 * Double(step), 0.1 + 0.1 * Double(step))) }
        harness.send(change(.up, 0, 0))
        let line = try #require(harness.drawing.lines.first)
        let pressures = try #require(line.freehandPoints).map(\.pressure)
        #expect(pressures == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    }

    @Test func theKeysPickTheToolAndSayItChanged() {
        let harness = CanvasHarness()
        harness.canvas.becomeFirstResponder()
        var told: [DrawingTool] = []
        harness.canvas.onToolChange = { told.append($0) }
        #expect(harness.key(.character("f")))
        #expect(harness.canvas.tool == .freehand)
        #expect(harness.key(.character("F"), .shift), "Shift+F too")
        #expect(harness.key(.character("l")))
        #expect(harness.canvas.tool == .lines)
        #expect(told == [.freehand, .lines], "told only of changes")
        #expect(!harness.key(.character("f"), .control), "Ctrl+F is not a tool key")
        #expect(harness.canvas.tool == .lines)
    }

    @Test func aStrokeBegunWithOneToolGoesOnWithIt() {
        let harness = CanvasHarness()
        harness.canvas.tool = .freehand
        harness.send(harness.down(1, 50, 50))
        harness.send(harness.move(1, 80, 90))
        harness.canvas.tool = .lines
        harness.send(harness.move(1, 120, 50))
        harness.send(harness.up(1))
        #expect(harness.drawing.lines == [freehand((50, 50), (80, 90), (120, 50))])
    }

    @Test func aTapOnAFreehandLineSelectsItAndDeleteRemovesIt() {
        let harness = CanvasHarness(lines: [freehand((100, 100), (150, 180), (200, 100))])
        harness.tap(152, 170)
        #expect(harness.drawing.selectedLineID == harness.drawing.store.ids[0])
        #expect(harness.canvas.deleteSelectedLine())
        #expect(harness.drawing.count == 0)
        #expect(harness.canvas.undo())
        #expect(harness.drawing.count == 1)
    }

    @Test func aLongPressPicksAFreehandLineUpAndAPanMovesIt() {
        let harness = CanvasHarness(lines: [freehand((100, 100), (150, 180), (200, 100))])
        harness.canvas.tool = .freehand
        harness.send(harness.down(1, 150, 175))
        harness.advance(by: 0.6)
        for step in 1...5 { harness.send(harness.move(1, 150 + 10 * Double(step), 175 + 4 * Double(step))) }
        harness.send(harness.up(1))
        #expect(harness.drawing.lines == [freehand((150, 120), (200, 200), (250, 120))], "moved by the pan, nothing drawn")
        harness.canvas.undo()
        #expect(harness.drawing.lines == [freehand((100, 100), (150, 180), (200, 100))])
    }

    @Test func aStrokeLongerThanTheLimitGoesOnAsANewLine() throws {
        let harness = CanvasHarness()
        harness.canvas.tool = .freehand
        harness.send(harness.down(1, 0, 10))
        let total = Drawing.strokePointLimit + 50
        for step in 1..<total { harness.send(harness.move(1, Double(step) * 0.01, 10 + Double(step % 2))) }
        harness.send(harness.up(1))
        let lines = harness.drawing.lines
        #expect(lines.count == 2)
        #expect(lines.map(\.freehandPointCount) == [Drawing.strokePointLimit, 51])
        #expect(lines[0].end == lines[1].begin, "the second goes on where the first stopped")
        #expect(harness.changes == 2)
    }
}
