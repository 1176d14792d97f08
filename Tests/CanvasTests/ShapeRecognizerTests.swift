import Foundation
import SampleDrawings
import Testing
@testable import Canvas
import TouchCore

private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Whether every point of `actual` is within `tolerance` of the point of
/// `expected` at the same place.
private func matches(_ actual: [Point], _ expected: [Point], within tolerance: Double) -> Bool {
    actual.count == expected.count && zip(actual, expected).allSatisfy { $0.distance(to: $1) <= tolerance }
}

/// The shape recognizer on generated hand-drawn strokes (wobble and jitter
/// from a seeded generator) and on a recorded one: each shape is found
/// where it was drawn, and what is no shape stays as drawn.
@Suite struct ShapeRecognizerTests {
    @Test(arguments: [0.0, 0.4, 1.2, 2.5])
    func aWobblyStrokeBecomesTheLineFromItsStartToItsEnd(direction: Double) throws {
        var strokes = HandDrawnStrokes(seed: UInt64(direction * 10) + 1)
        let start = point(100, 300), end = start + Vector(dx: Double.cos(direction), dy: Double.sin(direction)) * 400
        let stroke = strokes.along([start, end])
        guard case .line(let begin, let finish) = try #require(ShapeRecognizer.shape(of: stroke)) else {
            Issue.record("not a line: \(String(describing: ShapeRecognizer.shape(of: stroke)))")
            return
        }
        // 400 points long, wobbling 5.7 points either side.
        #expect(begin.distance(to: start) < 12 && finish.distance(to: end) < 12, "\(begin) → \(finish)")
    }

    @Test(arguments: [0.0, 25.0, -40.0])
    func aClosedFourSidedStrokeBecomesTheRectangleAtItsRotation(degrees: Double) throws {
        var strokes = HandDrawnStrokes(seed: 7)
        let angle = degrees * Double.pi / 180
        let u = Vector(dx: Double.cos(angle), dy: Double.sin(angle)), v = Vector(dx: -u.dy, dy: u.dx)
        let origin = point(300, 200)
        let corners = [origin, origin + u * 300, origin + u * 300 + v * 180, origin + v * 180]
        let stroke = strokes.along(corners + [origin], count: 400)
        guard case .rectangle(let found) = try #require(ShapeRecognizer.shape(of: stroke)) else {
            Issue.record("not a rectangle: \(String(describing: ShapeRecognizer.shape(of: stroke)))")
            return
        }
        // In the order drawn, from the corner it began at; the size is 350, the wobble 3.5.
        #expect(matches(found, corners, within: 10), "\(found)")
    }

    @Test func aRectangleDrawnTheOtherWayRoundKeepsItsOrder() throws {
        var strokes = HandDrawnStrokes(seed: 8)
        let corners = [point(100, 100), point(100, 300), point(400, 300), point(400, 100)]
        let stroke = strokes.along(corners + [corners[0]], count: 300)
        #expect(matches(try #require(ShapeRecognizer.shape(of: stroke)).rectangleCorners, corners, within: 10))
    }

    @Test(arguments: [(150.0, 80.0, 30.0), (120.0, 120.0, 0.0), (200.0, 60.0, -70.0)])
    func aClosedRoundStrokeBecomesTheEllipse(radiusX: Double, radiusY: Double, degrees: Double) throws {
        var strokes = HandDrawnStrokes(seed: 11)
        let angle = degrees * Double.pi / 180
        let stroke = strokes.ellipse(center: point(400, 300), radiusX: radiusX, radiusY: radiusY, angle: angle,
                                     start: 1, turns: 1.05)
        guard case .ellipse(let center, let foundX, let foundY, let foundAngle) = try #require(ShapeRecognizer.shape(of: stroke))
        else {
            Issue.record("not an ellipse: \(String(describing: ShapeRecognizer.shape(of: stroke)))")
            return
        }
        #expect(center.distance(to: point(400, 300)) < 6)
        // The axes may come out swapped (the angle then differs by 90°).
        let radii = [foundX, foundY].sorted(), expected = [radiusX, radiusY].sorted()
        #expect(abs(radii[0] - expected[0]) < 8 && abs(radii[1] - expected[1]) < 8, "\(radii)")
        if radiusX != radiusY {
            let major = foundX > foundY ? foundAngle : foundAngle + Double.pi / 2
            let turn = (major - angle).truncatingRemainder(dividingBy: Double.pi)
            #expect(min(abs(turn), Double.pi - abs(turn)) < 0.08, "the major axis turned \(major) rad")
        }
    }

    @Test func aZigzagBecomesAPolylineThroughItsCorners() throws {
        var strokes = HandDrawnStrokes(seed: 3)
        let vertices = [point(100, 400), point(200, 150), point(320, 420), point(440, 160), point(560, 400)]
        let stroke = strokes.along(vertices, count: 300)
        let shape = try #require(ShapeRecognizer.shape(of: stroke))
        guard case .polyline(let found) = shape else {
            Issue.record("not a polyline: \(shape)")
            return
        }
        #expect(matches(found, vertices, within: 12), "\(found)")
        #expect(shape.name == "polyline of 3 corners")
    }

    @Test func aClosedTriangleBecomesAClosedPolyline() throws {
        var strokes = HandDrawnStrokes(seed: 5)
        let vertices = [point(300, 100), point(500, 420), point(100, 420), point(300, 100)]
        let shape = try #require(ShapeRecognizer.shape(of: strokes.along(vertices, count: 300)))
        guard case .polyline(let found) = shape else {
            Issue.record("not a polyline: \(shape)")
            return
        }
        #expect(matches(found, vertices, within: 12), "\(found)")
        #expect(shape.name == "closed polyline of 3 corners")
    }

    @Test func sixCornersAreThePolylineLimitAndSevenAreAScribble() {
        var strokes = HandDrawnStrokes(seed: 9)
        func zigzag(corners: Int) -> [Point] {
            (0...(corners + 1)).map { point(100 + Double($0) * 80, $0 % 2 == 0 ? 400 : 200) }
        }
        #expect(ShapeRecognizer.shape(of: strokes.along(zigzag(corners: 6), count: 500))?.name == "polyline of 6 corners")
        #expect(ShapeRecognizer.shape(of: strokes.along(zigzag(corners: 7), count: 500)) == nil)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func aScribbleStaysAsDrawn(seed: UInt64) {
        var strokes = HandDrawnStrokes(seed: seed)
        let scribble = strokes.scribble(from: point(400, 300))
        #expect(ShapeRecognizer.shape(of: scribble) == nil)
    }

    @Test func aCurveStaysAsDrawn() {
        var strokes = HandDrawnStrokes(seed: 12)
        let arc = strokes.ellipse(center: point(300, 300), radiusX: 150, radiusY: 150, angle: 0, turns: 0.5)
        #expect(ShapeRecognizer.shape(of: arc) == nil, "a half circle")
        let wave = (0..<200).map { point(100 + Double($0) * 2, 300 + 80 * Double.sin(Double($0) / 199 * 2 * Double.pi)) }
        #expect(ShapeRecognizer.shape(of: wave) == nil, "a wave")
    }

    @Test func aDotStaysAsDrawn() {
        #expect(ShapeRecognizer.shape(of: [point(5, 5), point(5, 5), point(5, 5)]) == nil)
        #expect(ShapeRecognizer.shape(of: [point(5, 5)]) == nil)
    }

    /// The first touch stroke of `Tests/Recordings/mutter-touch.ttrec`, a
    /// drag that mutter 43 delivered from its RemoteDesktop API: every
    /// position of touch 288, down to up.
    @Test func aRecordedDragUnderMutterBecomesALine() throws {
        let stroke = try recordedStroke(touch: 288, in: "mutter-touch")
        #expect(stroke.count > 10)
        #expect(ShapeRecognizer.shape(of: stroke) == .line(begin: point(100, 482), end: point(500, 482)))
    }

    private func recordedStroke(touch id: Int, in name: String) throws -> [Point] {
        // This file is Tests/CanvasTests/ShapeRecognizerTests.swift.
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: directory.appendingPathComponent("Recordings/\(name).ttrec"), encoding: .utf8)
        let marker = "\"id\":\(id),\"x\":"
        var points: [Point] = []
        for part in text.components(separatedBy: marker).dropFirst() {
            let fields = part.split(separator: ",", maxSplits: 2)
            let x = try #require(Double(fields[0]))
            let y = try #require(Double(fields[1].dropFirst("\"y\":".count).prefix { "0123456789.-".contains($0) }))
            points.append(point(x, y))
        }
        return points
    }
}

extension StrokeShape {
    /// A rectangle's corners (none for other shapes), for comparisons.
    fileprivate var rectangleCorners: [Point] {
        if case .rectangle(let corners) = self { return corners }
        return []
    }
}
