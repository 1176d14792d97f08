import Canvas
import TouchCore

/// The cases of `wl_touch`: strokes, taps and their timing, several
/// fingers, cancel.
enum TouchCases {
    static let all = [oneFingerStroke, twoFingersOneFrame, tap, doubleTap, longPressMove, twoFingerTap,
                      threeFingerTap, cancel]

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// Says what is wrong when the drawing does not hold a line from `a` to `b`.
    static func expectLine(_ evidence: CaseEvidence, from a: Point, to b: Point, new: Bool = true) -> [String] {
        let lines = new ? evidence.newLines : evidence.linesAfter
        guard lines.contains(where: { $0.runs(from: a, to: b) }) else {
            return ["no line from \(a) to \(b) in the drawing; \(new ? "new" : "all") lines: "
                    + (lines.isEmpty ? "none" : lines.map { "\($0.begin)–\($0.end)" }.joined(separator: ", "))]
        }
        return []
    }

    /// Says what is wrong when the frame shows too little black along the
    /// horizontal line from x0 to x1 at y.
    static func expectInk(_ evidence: CaseEvidence, _ x0: Double, _ x1: Double, y: Double) -> [String] {
        guard let frame = evidence.frame, let black = evidence.pixels(.black, x0 + 10, y - 10, x1 - 10, y + 11) else {
            return []
        }
        let least = minimumPixels(length: x1 - x0, width: 10, scale: frame.scale)
        return black >= least ? [] : ["the app's frame shows \(black) black pixels along the line, fewer than \(least)"]
    }

    static let oneFingerStroke = ConformanceCase(
        id: "one-finger-stroke",
        rule: "wl_touch: down, each motion and the up end in wl_touch.frame (a frame after the last up too), "
            + "times increasing",
        devices: [.touch], rows: [.frameAfterUp, .timestamps, .outsideSurface], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.stroke(0, from: p(100, 150), to: p(400, 150))
        },
        expect: { evidence in
            expectLine(evidence, from: p(100, 150), to: p(400, 150)) + expectInk(evidence, 100, 400, y: 150)
        })

    static let twoFingersOneFrame = ConformanceCase(
        id: "two-fingers-one-frame",
        rule: "wl_touch: two fingers down in one frame get two ids, and each draws its own line",
        devices: [.touch], rows: [.frameAfterUp, .downUpOneFrame, .timestamps], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.touchDown(0, 100, 250)
            try driver.touchDown(1, 100, 330)
            try driver.touchFrame()
            for step in 1...16 {
                try driver.wait(1.0 / 60)
                let x = 100 + 300 * Double(step) / 16
                try driver.touchMotion(0, x, 250)
                try driver.touchMotion(1, x, 330)
                try driver.touchFrame()
            }
            try driver.touchUp(0)
            try driver.touchUp(1)
            try driver.touchFrame()
        },
        expect: { evidence in
            var failures: [String] = []
            if evidence.mostTouchesAtOnce < 2 {
                failures.append("the two fingers were never down at once (at most \(evidence.mostTouchesAtOnce))")
            }
            if evidence.touchChangesGrouped,
               !evidence.touchFrames.contains(where: { $0.changes.filter { $0.kind == .down }.count == 2 }) {
                failures.append("the two downs sent in one frame arrived in separate wl_touch.frame groups")
            }
            return failures + expectLine(evidence, from: p(100, 250), to: p(400, 250))
                + expectLine(evidence, from: p(100, 330), to: p(400, 330))
                + expectInk(evidence, 100, 400, y: 250) + expectInk(evidence, 100, 400, y: 330)
        })

    static let selectable = Line(begin: Point(x: 100, y: 200), end: Point(x: 500, y: 200))

    static let tap = ConformanceCase(
        id: "tap",
        rule: "wl_touch: a short down and up, each framed, reach the client in time for a tap (the line under it is selected)",
        devices: [.touch], rows: [.frameAfterUp, .timestamps], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [selectable])
            try driver.tap([p(300, 203)])
        },
        expect: { evidence in
            var failures: [String] = []
            if evidence.selectedLine != selectable { failures.append("the tapped line is not selected") }
            if evidence.menuShown == false { failures.append("no menu after the tap") }
            if !evidence.newLines.isEmpty { failures.append("the tap drew \(evidence.newLines.count) line(s)") }
            if let frame = evidence.frame, let accent = evidence.pixels(.accent, tolerance: 40, 90, 185, 510, 216),
               accent < Int(800 * frame.scale * frame.scale) {
                failures.append("the selection's accent ring is not on screen (\(accent) pixels)")
            }
            return failures
        })

    static let doubleTap = ConformanceCase(
        id: "double-tap",
        rule: "wl_touch: two taps 0.1 s apart arrive as two down-up pairs, each framed, close enough for a double tap (clear)",
        devices: [.touch], rows: [.frameAfterUp, .idReuse, .timestamps], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [selectable, Line(begin: Point(x: 100, y: 300), end: Point(x: 500, y: 300))])
            try driver.tap([p(650, 400)])
            try driver.wait(0.1)
            try driver.tap([p(650, 400)])
        },
        expect: { evidence in
            var failures: [String] = []
            if !evidence.linesAfter.isEmpty {
                failures.append("the double tap left \(evidence.linesAfter.count) of 2 lines")
            }
            if let black = evidence.pixels(.black, 90, 190, 510, 311), black > 0 {
                failures.append("\(black) black pixels still where the lines were")
            }
            return failures
        })

    static let longPressMove = ConformanceCase(
        id: "long-press-move",
        rule: "wl_touch: a finger held still for 1 s gets no events from the compositor meanwhile, "
            + "then its motions move the line under it",
        devices: [.touch], rows: [.frameAfterUp, .timestamps, .cancel], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [selectable])
            try driver.touchDown(0, 300, 200)
            try driver.touchFrame()
            try driver.wait(1.0)
            for step in 1...12 {
                try driver.wait(1.0 / 60)
                try driver.touchMotion(0, 300, 200 + 60 * Double(step) / 12)
                try driver.touchFrame()
            }
            try driver.touchUp(0)
            try driver.touchFrame()
        },
        expect: { evidence in
            var failures = expectLine(evidence, from: p(100, 260), to: p(500, 260), new: false)
            if evidence.linesAfter.count != 1 {
                failures.append("\(evidence.linesAfter.count) lines after the move, not 1")
            }
            return failures + expectInk(evidence, 100, 500, y: 260)
        })

    static let strokeToUndo = (from: Point(x: 100, y: 420), to: Point(x: 400, y: 420))

    static let twoFingerTap = ConformanceCase(
        id: "two-finger-tap",
        rule: "wl_touch: two downs within 150 ms and their ups within 0.5 s, all framed, make a two-finger tap (undo)",
        devices: [.touch], rows: [.frameAfterUp, .timestamps], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.stroke(0, from: strokeToUndo.from, to: strokeToUndo.to)
            try driver.wait(0.6)
            try driver.tap([p(600, 400), p(700, 400)], hold: 0.1)
        },
        expect: { evidence in
            var failures: [String] = []
            if evidence.mostTouchesAtOnce < 2 { failures.append("the two fingers were never down at once") }
            if !evidence.linesAfter.isEmpty {
                failures.append("the stroke before the two-finger tap was not undone (\(evidence.linesAfter.count) lines)")
            }
            if let dots = evidence.pixels(.black, 580, 380, 720, 421), dots > 0 {
                failures.append("the two fingers left \(dots) black pixels")
            }
            return failures
        })

    static let threeFingerTap = ConformanceCase(
        id: "three-finger-tap",
        rule: "wl_touch: three downs within 150 ms and their ups, all framed, make a three-finger tap (redo)",
        devices: [.touch], rows: [.frameAfterUp, .timestamps], mustSee: [.frameAfterUp],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.stroke(0, from: strokeToUndo.from, to: strokeToUndo.to)
            try driver.wait(0.6)
            try driver.tap([p(600, 400), p(700, 400)], hold: 0.1)
            try driver.wait(0.6)
            try driver.tap([p(600, 400), p(650, 400), p(700, 400)], hold: 0.1)
        },
        expect: { evidence in
            var failures: [String] = []
            if evidence.mostTouchesAtOnce < 3 { failures.append("three fingers were never down at once") }
            if evidence.linesAfter.count != 1 {
                failures.append("\(evidence.linesAfter.count) lines after undo and redo, not 1")
            }
            return failures + expectLine(evidence, from: strokeToUndo.from, to: strokeToUndo.to)
                + expectInk(evidence, strokeToUndo.from.x, strokeToUndo.to.x, y: strokeToUndo.from.y)
        })

    static let cancel = ConformanceCase(
        id: "touch-cancel",
        rule: "wl_touch.cancel ends every touch of the client: the stroke in progress is dropped, no up follows",
        devices: [.touch], rows: [.cancel, .timestamps], mustSee: [.cancel],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.touchDown(0, 100, 480)
            try driver.touchFrame()
            for step in 1...8 {
                try driver.wait(1.0 / 60)
                try driver.touchMotion(0, 100 + 25 * Double(step), 480)
                try driver.touchFrame()
            }
            try driver.touchCancel()
        },
        expect: { evidence in
            var failures: [String] = []
            if !evidence.linesAfter.isEmpty { failures.append("the cancelled stroke was kept as a line") }
            if let black = evidence.pixels(.black, 90, 470, 310, 491), black > 0 {
                failures.append("\(black) black pixels where the cancelled stroke was")
            }
            return failures
        })
}

extension FrameSnapshot.Colour {
    /// The selection ring's accent blue (GNOME's blue 3, #3584e4).
    static let accent = FrameSnapshot.Colour(red: 53, green: 132, blue: 228)
}
