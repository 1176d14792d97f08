#if canImport(Glibc)
import Glibc
#endif
@testable import Playground
import Testing
import TestSupport
import Timing
import TouchCore

/// The gesture tutorial's page (issue 16), on a fake clock.
@Suite struct PicturesTests {
    @Test func twoPicturesEachWithThreeRecognizersWorkedByFourFingersAtOnce() {
        let stage = PlaygroundStage()
        let monkey = stage.monkey, banana = stage.banana
        let logs = [monkey.pan, monkey.pinch, monkey.rotation, banana.pan, banana.pinch, banana.rotation]
            .map(StateLog.init)
        let monkeyCentre = stage.centre(of: monkey), bananaCentre = stage.centre(of: banana)
        let monkeyScale = monkey.scale, bananaAngle = banana.angle, monkeyAngle = monkey.angle
        // Two fingers each side of each picture's center.
        func fingers(around centre: Point, radius: Double, angle: Double, shift: Vector) -> (Point, Point) {
            let offset = Vector(dx: radius * cos(angle), dy: radius * sin(angle))
            return (centre + shift + offset, centre + shift - offset)
        }
        var positions: [Point] = []
        func place(_ step: Int) {
            let t = Double(step) / 10
            // Monkey: spread to 2.5× (20 → 50 pt), turn a sixth and pan right;
            // banana: spread to 1.4×, turn a quarter back and pan down.
            let (m1, m2) = fingers(around: monkeyCentre, radius: 20 + 30 * t, angle: .pi / 3 * t,
                                   shift: Vector(dx: 40 * t, dy: 0))
            let (b1, b2) = fingers(around: bananaCentre, radius: 25 + 10 * t, angle: -.pi / 2 * t,
                                   shift: Vector(dx: 0, dy: 30 * t))
            positions = [m1, m2, b1, b2]
        }
        place(0)
        stage.send(positions.enumerated().map { (.down, Int32($0.offset + 1), $0.element) })
        for step in 1...10 {
            stage.advance(0.016)
            place(step)
            // All four fingers move in each frame, as a touch screen sends them.
            stage.send(positions.enumerated().map { (.move, Int32($0.offset + 1), $0.element) })
        }
        for log in logs { #expect(log.began, "every recognizer of both pictures recognized") }
        #expect(abs(monkey.scale / monkeyScale - 2.5) < 0.05, "the monkey grew with its fingers: \(monkey.scale)")
        #expect(abs(monkey.angle - monkeyAngle - .pi / 3) < 0.05, "and turned with them")
        #expect(abs(banana.scale - 1.4) < 0.05, "the banana grew with its fingers")
        #expect(abs(banana.angle - bananaAngle + .pi / 2) < 0.05, "and turned with them")
        // Scale and rotation about the fingers' centroid: each picture stayed
        // under its fingers, following the pan (to within what the pan's
        // 10-point hysteresis lets lag before it begins).
        #expect(stage.centre(of: monkey).distance(to: monkeyCentre + Vector(dx: 40, dy: 0)) < 8)
        #expect(stage.centre(of: banana).distance(to: bananaCentre + Vector(dx: 0, dy: 30)) < 8)
        stage.send((1...4).map { (.up, Int32($0), .zero) })
        #expect(stage.sounds.isEmpty, "no tap, no tickle")
    }

    /// The picture stays under the finger from where it went down: it
    /// catches up with the pan's 10-point hysteresis as the pan begins.
    @Test func aDraggedPictureStaysUnderTheFinger() {
        let stage = PlaygroundStage()
        let start = stage.centre(of: stage.monkey)
        stage.down(1, start)
        stage.advance(0.05)
        stage.move(1, start + Vector(dx: 15, dy: 0))
        #expect(stage.centre(of: stage.monkey) == start + Vector(dx: 15, dy: 0))
        stage.advance(0.05)
        stage.move(1, start + Vector(dx: 40, dy: -12))
        #expect(stage.centre(of: stage.monkey) == start + Vector(dx: 40, dy: -12))
    }

    @Test func aTapChompsButASlowDragDoesNot() {
        let stage = PlaygroundStage()
        let start = stage.centre(of: stage.monkey)
        // A slow drag: 30 pt in a second, well within the tap's 45 pt and
        // 1.5 s; the pan recognizes, so the tap (which requires it to fail) fails.
        stage.down(1, start)
        for step in 1...20 {
            stage.advance(0.05)
            stage.move(1, start + Vector(dx: 1.5 * Double(step), dy: 0))
        }
        stage.up(1)
        stage.advance(1)
        #expect(stage.sounds.isEmpty)
        #expect(stage.pictures.cue.isHidden)

        // A tap: the pan fails as the finger lifts, then the tap recognizes.
        let centre = stage.centre(of: stage.monkey)
        stage.down(2, centre)
        stage.advance(0.08)
        stage.up(2)
        #expect(stage.sounds == [.chomp])
        #expect(!stage.pictures.cue.isHidden && stage.pictures.cue.sound == .chomp, "the visual cue shows")
        stage.advance(SoundCueView.duration + 0.01)
        #expect(stage.pictures.cue.isHidden, "and goes")
    }

    @Test func tickleLaughsAfterThreeStrokesOf25Points() {
        let stage = PlaygroundStage()
        let centre = stage.centre(of: stage.banana)
        /// Finger `id` rubs the banana through `targets` (offsets to the
        /// right of where it went down), in 5-pt steps, and lifts.
        func rub(_ id: Int32, _ targets: [Double]) {
            stage.down(id, centre)
            var x = centre.x
            for target in targets {
                while abs(x - (centre.x + target)) > 0.001 {
                    x += (centre.x + target > x ? 1 : -1) * min(5, abs(centre.x + target - x))
                    stage.advance(0.01)
                    stage.move(id, Point(x: x, y: centre.y))
                }
            }
            stage.up(id)
            stage.advance(1)
            stage.banana.stopGliding()
        }
        rub(1, [24, 0, 24, 0, 24])
        #expect(stage.sounds.isEmpty, "24-point strokes are no tickle")
        rub(2, [25, 0])
        #expect(stage.sounds.isEmpty, "two strokes are not yet a tickle")
        rub(3, [25, 0, 25])
        #expect(stage.sounds == [.laugh], "three strokes of 25 points, two reversals")
        #expect(stage.pictures.cue.sound == .laugh || stage.pictures.cue.isHidden)
    }

    @Test func aFlungPictureGlidesSlowsDownAndComesToRestOnScreen() throws {
        let stage = PlaygroundStage()
        let banana = stage.banana
        let page = stage.pictures
        var point = stage.centre(of: banana)
        stage.down(1, point)
        // A fast flick to the right: 20 pt every 10 ms, 2000 pt/s.
        for _ in 0..<3 {
            stage.advance(0.01)
            point = point + Vector(dx: 20, dy: 0)
            stage.move(1, point)
        }
        let released = banana.center
        stage.up(1)
        #expect(banana.isGliding)
        #expect(stage.window.needsAnimationFrame, "the glide asks for frames")
        let glide = try #require(banana.glide)
        // Unclamped it would travel 500 pt: its stop is clamped to the page.
        #expect(glide.target.x < released.x + 400)

        var xs: [Double] = [], steps: [Double] = []
        let frames = stage.runFrames {
            if let last = xs.last { steps.append(banana.center.x - last) }
            xs.append(banana.center.x)
        }
        #expect(!stage.window.needsAnimationFrame, "at rest, no frames are asked for")
        #expect(!banana.isGliding)
        #expect(frames < 120, "it stops within two seconds (\(frames) frames)")
        #expect(xs.first! > released.x, "it glided on")
        #expect(steps.allSatisfy { $0 >= -1e-9 }, "always onward")
        // Ever slower, until the last step settles it on its stop (about a
        // quarter point).
        let gliding = steps.dropLast()
        #expect(zip(gliding, gliding.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "ever slower")
        #expect(steps.last.map { $0 < 2 * Glide.restDistance } == true, "\(steps.suffix(4))")
        let frame = banana.frame
        #expect(page.bounds.contains(frame), "the whole picture stays on the page: \(frame) in \(page.bounds)")
        #expect(abs(frame.maxX - page.bounds.maxX) < 1, "stopped at the edge it was flung to")
        // Nothing more happens: time passing moves nothing.
        let rest = banana.center
        stage.advance(1)
        stage.window.runDisplayLinks(at: stage.now)
        #expect(banana.center == rest)
    }

    @Test func aPictureLetGoPartlyOffThePageComesBack() {
        let stage = PlaygroundStage()
        let monkey = stage.monkey
        var point = stage.centre(of: monkey)
        stage.down(1, point)
        // Slowly, so it does not glide: over the page's left edge.
        let page = stage.pictures
        let distance = monkey.frame.minX - page.bounds.minX + monkey.frame.width / 3
        for _ in 0..<20 {
            stage.advance(0.05)
            point = point + Vector(dx: -distance / 20, dy: 0)
            stage.move(1, point)
        }
        stage.advance(0.2)
        stage.move(1, point)
        stage.up(1)
        #expect(monkey.frame.minX < page.bounds.minX)
        stage.runFrames()
        #expect(page.bounds.contains(monkey.frame))
    }

    @Test func theSidePanelFollowsThePagesRecognizersLive() {
        let stage = PlaygroundStage()
        let panel = stage.playground.panel
        #expect(panel.timeline.rows.map(\.recognizer) == stage.pictures.recognizers.map(\.traceName))
        let centre = stage.centre(of: stage.monkey)
        stage.down(1, centre)
        stage.advance(0.05)
        stage.move(1, centre + Vector(dx: 20, dy: 0))
        let pan = panel.timeline.rows.first { $0.recognizer == "monkey.pan" }
        #expect(pan?.state == .changed || pan?.state == .began)
        #expect(pan?.transitions.first?.from == .possible)
        stage.up(1)
        let after = panel.timeline.rows.first { $0.recognizer == "monkey.pan" }
        #expect(after?.state == .possible)
        #expect(after?.transitions.map(\.to).contains(.ended) == true)
        let tap = panel.timeline.rows.first { $0.recognizer == "monkey.tap" }
        #expect(tap?.transitions.map(\.to).contains(.failed) == true, "the tap failed: it required the pan to fail")
        // A record of another recognizer is not the panel's.
        #expect(!panel.record(.state(recognizer: "tap", from: .possible, to: .ended), at: stage.now))
    }
}
