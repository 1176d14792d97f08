import Testing
import TestSupport
import Timing
@testable import TouchCore

/// The tutorial's tickle, on its own sequences: tickles count 25 points
/// from where the last one counted, and the third one recognizes.
@Suite struct TickleGestureRecognizerTests {
    /// A stage with a 100-point square `picture` at (100, 100) carrying a
    /// tickle recognizer; `transform` scales or turns the picture about its
    /// centre (150, 150).
    struct Picture {
        let stage = GestureStage()
        let picture = View(frame: rect(100, 100, 100, 100))
        let tickle = TickleGestureRecognizer()
        let actions: ActionRecorder

        init(transform: AffineTransform = .identity) {
            picture.transform = transform
            stage.view.addSubview(picture)
            picture.addGestureRecognizer(tickle)
            actions = ActionRecorder(tickle)
        }

        /// Finger `id` goes down at the first point and moves through the
        /// others, 50 ms apart; returns the action count after each move.
        @discardableResult
        func rub(_ points: [(Double, Double)], finger id: Int32 = 1, from time: Double = 0) -> [Int] {
            stage.window.send(down(id, points[0].0, points[0].1, at: time))
            return points.dropFirst().enumerated().map { step, point in
                stage.window.send(move(id, point.0, point.1, at: time + Double(step + 1) * 0.05))
                return actions.count
            }
        }
    }

    @Test func oneHundredToOneThirtyAndBackAndAgainIsATickle() {
        let picture = Picture()
        let counts = picture.rub([(100, 150), (130, 150), (100, 150), (130, 150)])
        #expect(counts == [0, 0, 1], "three strokes, two reversals: recognized at the third stroke")
        #expect(picture.actions.states == [.recognized])
    }

    @Test func aTickleCountsFromWhereTheLastOneCountedNotFromTheTurn() {
        var counter = TickleGestureRecognizer.TickleCounter(startX: 100, distance: 25)
        // In 5-point steps to 140: the first tickle counts at 125, and the
        // stroke on to 140 moves nothing.
        for x in stride(from: 105.0, through: 140, by: 5) { counter.move(to: x) }
        #expect(counter.count == 1 && counter.start == 125)
        // Back to 105: 35 points from the turn at 140, but only 20 from 125.
        for x in stride(from: 135.0, through: 105, by: -5) { counter.move(to: x) }
        #expect(counter.count == 1, "20 points from where the last one counted")
        counter.move(to: 100)
        #expect(counter.count == 2 && counter.start == 100)
    }

    @Test func strokesShorterThan25PointsOrTheSameWayCountNothingMore() {
        var short = TickleGestureRecognizer.TickleCounter(startX: 100, distance: 25)
        for x in [124.0, 100, 124, 100, 124, 100] { short.move(to: x) }
        #expect(short.count == 0)
        var onward = TickleGestureRecognizer.TickleCounter(startX: 100, distance: 25)
        for x in [125.0, 150, 175, 200] { onward.move(to: x) }
        #expect(onward.count == 1, "one long stroke is one tickle")
        onward.move(to: 110)
        #expect(onward.count == 1, "90 points back from 200, but 15 from 125, where the last one counted")
        onward.move(to: 100)
        #expect(onward.count == 2)

        let picture = Picture()
        picture.rub([(100, 150), (124, 150), (100, 150), (124, 150), (100, 150), (124, 150)])
        #expect(picture.actions.count == 0)
    }

    @Test func distancesAreInThePicturesOwnCoordinates() {
        // Doubled, the picture takes 30-point window strokes as 15 points.
        let large = Picture(transform: AffineTransform(scaleX: 2, y: 2))
        large.rub([(120, 150), (150, 150), (120, 150), (150, 150), (120, 150)])
        #expect(large.actions.count == 0)
        // Halved, 15-point window strokes are 30 points of the picture.
        let small = Picture(transform: AffineTransform(scaleX: 0.5, y: 0.5))
        #expect(small.rub([(140, 150), (155, 150), (140, 150), (155, 150)]) == [0, 0, 1])
        // Turned a quarter, the picture's width runs down the window: rubbing
        // across the window is along its height, rubbing down it tickles.
        let across = Picture(transform: AffineTransform(rotationAngle: .pi / 2))
        across.rub([(120, 150), (160, 150), (120, 150), (160, 150), (120, 150)])
        #expect(across.actions.count == 0)
        let along = Picture(transform: AffineTransform(rotationAngle: .pi / 2))
        #expect(along.rub([(150, 120), (150, 160), (150, 120), (150, 160)]) == [0, 0, 1])
    }

    @Test func aPictureDraggedAlongUnderTheFingerIsStillRubbed() {
        // The picture follows the finger after each move, as a pan moves a
        // picture: the finger hardly moves within it, yet it rubbed it.
        let picture = Picture(transform: AffineTransform(scaleX: 0.5, y: 0.5))
        let window = picture.stage.window
        window.send(down(1, 150, 150))
        for (step, x) in [165.0, 150, 165].enumerated() {
            window.send(move(1, x, 150, at: Double(step + 1) * 0.05))
            picture.picture.center = picture.stage.view.convert(Point(x: x, y: 150), from: nil)
        }
        #expect(picture.actions.states == [.recognized], "15-point strokes are 30 points of the halved picture")
    }

    /// As the tutorial's code, which takes whichever touch the message
    /// holds: a second finger rubbing while the first rests is a tickle.
    @Test func anyFingerInTheViewRubs() {
        let picture = Picture()
        let window = picture.stage.window
        window.send(down(1, 100, 150))
        window.send(down(2, 150, 120, at: 0.05))
        for (step, x) in [180.0, 150, 180].enumerated() {
            window.send(move(2, x, 120, at: 0.1 + Double(step) * 0.05))
        }
        #expect(picture.actions.states == [.recognized], "the second finger's tickle, the first one resting")
    }

    /// A finger that goes down starts the next tickle from where it is,
    /// keeping the count: two strokes of one finger and one of another.
    @Test func aNewFingerCarriesOnTheCount() {
        let picture = Picture()
        let window = picture.stage.window
        picture.rub([(100, 150), (130, 150), (100, 150)])
        #expect(picture.actions.count == 0)
        window.send(down(2, 160, 120, at: 0.2))
        window.send(move(2, 175, 120, at: 0.25))
        #expect(picture.actions.count == 0, "15 points from where the second finger went down")
        window.send(move(2, 185, 120, at: 0.3))
        #expect(picture.actions.states == [.recognized], "25 points: the third tickle")
    }

    /// Two fingers moving in one message move by their mean step: the
    /// distance between them is no rub.
    @Test func twoFingersMovingTogetherMoveByTheirMeanStep() {
        let picture = Picture()
        let window = picture.stage.window
        window.send(down(1, 110, 150), down(2, 180, 150))
        for (step, dx) in [20.0, 0, 20, 0].enumerated() {
            let time = Double(step + 1) * 0.05
            window.send(move(1, 110 + dx, 150, at: time), move(2, 180 + dx, 150, at: time))
        }
        #expect(picture.actions.count == 0, "20-point strokes, however far apart the fingers")
    }

    @Test func liftingOrCancellingBeforeTheThirdTickleFails() {
        let resting = Picture()
        resting.stage.window.send(down(5, 180, 120))
        resting.rub([(100, 150), (130, 150), (100, 150)])
        resting.stage.window.send(up(5, at: 0.2))
        resting.stage.window.send(move(1, 130, 150, at: 0.25))
        #expect(resting.actions.states.isEmpty,
                "the resting finger's lift failed it, as the tutorial's touchesEnded does")
        let picture = Picture()
        picture.rub([(100, 150), (130, 150), (100, 150)])
        picture.stage.window.send(up(1, at: 0.2))
        #expect(picture.actions.states.isEmpty, "failing sends no action")
        #expect(picture.tickle.state == .possible, "and it is ready for the next finger")
        picture.rub([(100, 150), (130, 150), (100, 150)], finger: 2, from: 1)
        picture.stage.window.send(cancel(2, at: 1.2))
        #expect(picture.actions.states.isEmpty)
        #expect(picture.rub([(100, 150), (130, 150), (100, 150), (130, 150)], finger: 3, from: 2) == [0, 0, 1])
    }
}
