import Testing
import TestSupport
import Timing
@testable import TouchCore

@Suite struct SwipeGestureRecognizerTests {
    private func swipe(_ direction: SwipeGestureRecognizer.Direction, touches: Int = 1)
        -> (GestureStage, ActionRecorder) {
        let stage = GestureStage()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        stage.view.addGestureRecognizer(swipe)
        return (stage, ActionRecorder(swipe))
    }

    @Test func recognizesAQuickStrokeInAPermittedDirection() {
        let (stage, actions) = swipe(.right)
        stage.window.send(down(1, 100, 100, at: 0))
        stage.window.send(move(1, 140, 105, at: 0.1))
        #expect(actions.count == 0)
        stage.window.send(move(1, 151, 110, at: 0.2))
        #expect(actions.states == [.ended])
    }

    @Test func strokeInAnotherDirectionFails() {
        var (stage, actions) = swipe(.right)
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 40, 100, at: 0.1))
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, actions) = swipe([.left, .up])
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 100, 40, at: 0.1))
        #expect(actions.states == [.ended])

        (stage, actions) = swipe(.down)
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 140, 160, at: 0.1))  // too diagonal
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func slowOrLiftedStrokeFails() {
        var (stage, actions) = swipe(.right)
        stage.window.send(down(1, 100, 100))
        stage.timers.advance(by: 0.5)
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, actions) = swipe(.right)
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 130, 100, at: 0.1))
        stage.window.send(up(1, at: 0.1))
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func needsItsNumberOfTouches() {
        var (stage, actions) = swipe(.left, touches: 2)
        stage.window.send(down(1, 200, 100), down(2, 200, 150))
        stage.window.send(move(1, 140, 100, at: 0.1), move(2, 140, 150, at: 0.1))
        #expect(actions.states == [.ended])

        (stage, actions) = swipe(.left, touches: 2)
        stage.window.send(down(1, 200, 100))
        stage.window.send(move(1, 100, 100, at: 0.1))
        #expect(actions.count == 0)
        stage.window.send(up(1, at: 0.2))
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, actions) = swipe(.left, touches: 1)
        stage.window.send(down(1, 200, 100), down(2, 200, 150))
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func classifier() {
        let classifier = SwipeClassifier(minimumDistance: 50, maximumOffAxisRatio: 0.5)
        let all: SwipeGestureRecognizer.Direction = [.left, .right, .up, .down]
        #expect(classifier.classify(Vector(dx: 49, dy: 0), permitted: all) == .undecided)
        #expect(classifier.classify(Vector(dx: 50, dy: 25), permitted: all) == .recognized(.right))
        #expect(classifier.classify(Vector(dx: -60, dy: 10), permitted: all) == .recognized(.left))
        #expect(classifier.classify(Vector(dx: 5, dy: -60), permitted: all) == .recognized(.up))
        #expect(classifier.classify(Vector(dx: 5, dy: 60), permitted: all) == .recognized(.down))
        #expect(classifier.classify(Vector(dx: 50, dy: 26), permitted: all) == .failed)
        #expect(classifier.classify(Vector(dx: 0, dy: 60), permitted: .right) == .failed)
    }
}
