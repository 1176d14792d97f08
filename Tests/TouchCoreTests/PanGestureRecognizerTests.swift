import Testing
import TestSupport
import Timing
@testable import TouchCore

@Suite struct PanGestureRecognizerTests {
    @Test func actionsGoOutOnBeganChangedAndCancelledNeverOnFailure() {
        let stage = GestureStage()
        let pan = PanGestureRecognizer()
        stage.view.addGestureRecognizer(pan)
        let actions = ActionRecorder(pan)
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 40, 10))
        stage.window.send(move(1, 60, 10))
        pan.isEnabled = false
        #expect(actions.states == [.began, .changed, .cancelled])
        stage.window.send(up(1))

        let failing = PanGestureRecognizer()
        failing.minimumNumberOfTouches = 2
        stage.view.addGestureRecognizer(failing)
        let failures = ActionRecorder(failing)
        stage.window.send(down(2, 10, 10))
        stage.window.send(move(2, 60, 10))
        stage.window.send(up(2))
        #expect(failures.states.isEmpty, "a pan that never began sends nothing as it fails")
    }

    private func stageWithPan() -> (GestureStage, PanGestureRecognizer, ActionRecorder) {
        let stage = GestureStage()
        let pan = PanGestureRecognizer()
        stage.view.addGestureRecognizer(pan)
        return (stage, pan, ActionRecorder(pan))
    }

    /// As in UIKit, the translation is zero at `.began`: it counts from
    /// where the pan began, and the hysteresis is told apart.
    @Test func beginsPastTheHysteresisWithZeroTranslationThenTracksIt() {
        let (stage, pan, actions) = stageWithPan()
        stage.window.send(down(1, 10, 10, at: 0))
        stage.window.send(move(1, 17, 14, at: 0.02))
        #expect(actions.count == 0)
        stage.window.send(move(1, 20, 10, at: 0.04))
        #expect(actions.states == [.began])
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: 10, dy: 0))
        stage.window.send(move(1, 40, 30, at: 0.06))
        #expect(actions.states == [.began, .changed])
        #expect(pan.translation(in: stage.view) == Vector(dx: 20, dy: 20))
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: 10, dy: 0), "it stays what it was")
        stage.window.send(up(1, at: 0.08))
        #expect(actions.states == [.began, .changed, .ended])
        stage.window.send(down(2, 10, 10, at: 1))
        #expect(pan.translationBeforeBegan(in: nil) == .zero, "the next pan starts afresh")
    }

    @Test func theActionsTranslationStartsAtZero() {
        let (stage, pan, _) = stageWithPan()
        var seen: [Vector] = []
        pan.addTarget(stage.view, action: Action("drag")) { _, recognizer in
            seen.append((recognizer as! PanGestureRecognizer).translation(in: nil))
        }
        stage.window.send(down(1, 0, 0))
        stage.window.send(move(1, 25, 0, at: 0.1))
        stage.window.send(move(1, 30, 0, at: 0.2))
        #expect(seen == [.zero, Vector(dx: 5, dy: 0)])
    }

    @Test func setTranslationGivesIncrementalMoves() {
        let (stage, pan, _) = stageWithPan()
        var moves: [Vector] = []
        pan.addTarget(stage.view, action: Action("drag")) { view, recognizer in
            guard let pan = recognizer as? PanGestureRecognizer, pan.state == .began || pan.state == .changed
            else { return }
            moves.append(pan.translation(in: view))
            pan.setTranslation(.zero, in: view)
        }
        stage.window.send(down(1, 0, 0))
        stage.window.send(move(1, 20, 0, at: 0.1))
        stage.window.send(move(1, 25, 5, at: 0.2))
        stage.window.send(move(1, 27, 5, at: 0.3))
        #expect(moves == [.zero, Vector(dx: 5, dy: 5), Vector(dx: 2, dy: 0)])
    }

    @Test func translationIsInTheAskedViewsCoordinates() {
        let (stage, pan, _) = stageWithPan()
        let scaled = View(frame: rect(0, 0, 100, 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        stage.view.addSubview(scaled)
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 50, 10, at: 0.1))
        #expect(pan.translationBeforeBegan(in: scaled) == Vector(dx: 20, dy: 0))
        stage.window.send(move(1, 90, 10, at: 0.2))
        #expect(pan.translation(in: scaled) == Vector(dx: 20, dy: 0))
        pan.setTranslation(Vector(dx: 5, dy: 0), in: scaled)
        #expect(pan.translation(in: nil) == Vector(dx: 10, dy: 0))
    }

    @Test func velocityIsRecentSpeedAndZeroAfterAPause() {
        let (stage, pan, _) = stageWithPan()
        stage.window.send(down(1, 0, 0, at: 0))
        for step in 1...10 {
            stage.window.send(move(1, Double(step) * 10, 0, at: Double(step) * 0.02))
        }
        #expect(abs(pan.velocity(in: nil).dx - 500) < 1e-6)
        #expect(pan.velocity(in: nil).dy == 0)
        stage.window.send(up(1, at: 0.5))
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func touchCountLimits() {
        var (stage, pan, actions) = stageWithPan()
        pan.minimumNumberOfTouches = 2
        stage.window.send(down(1, 0, 0))
        stage.window.send(move(1, 50, 0, at: 0.1))
        #expect(actions.count == 0)
        stage.window.send(down(2, 50, 50, at: 0.2))
        stage.window.send(move(1, 70, 0, at: 0.3), move(2, 70, 50, at: 0.3))
        #expect(actions.states == [.began])
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: 20, dy: 0), "counted from the second finger")
        // Below the minimum the pan ends.
        stage.window.send(up(2, at: 0.4))
        #expect(actions.states == [.began, .ended])

        (stage, pan, actions) = stageWithPan()
        pan.maximumNumberOfTouches = 1
        stage.window.send(down(1, 0, 0), down(2, 10, 0))
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func fingerJoiningDoesNotJumpTheTranslation() {
        let (stage, pan, _) = stageWithPan()
        stage.window.send(down(1, 0, 0))
        stage.window.send(move(1, 30, 0, at: 0.1))
        stage.window.send(move(1, 40, 0, at: 0.15))
        stage.window.send(down(2, 100, 100, at: 0.2))
        #expect(pan.translation(in: nil) == Vector(dx: 10, dy: 0))
        stage.window.send(move(1, 50, 0, at: 0.3), move(2, 110, 100, at: 0.3))
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
    }

    @Test func liftWithoutMovingFails() {
        let (stage, _, actions) = stageWithPan()
        stage.tap(at: 10, 10)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func velocityEstimatorAveragesTheLastTenthOfASecond() {
        var estimator = VelocityEstimator()
        #expect(estimator.velocity == .zero)
        estimator.add(0, at: 0)
        estimator.add(100, at: 1)
        #expect(estimator.velocity == SIMD2(100, 0))
        estimator.add(110, at: 1.05)
        estimator.add(130, at: 1.1)
        // 1.0 … 1.1 is the window: 30 over 0.1 s.
        #expect(abs(estimator.velocity.x - 300) < 1e-9)
    }
}
