@testable import SampleDrawings
import Testing
import TestSupport
import Timing
@testable import TouchCore

/// Long random touch sequences through the real window and many
/// recognizers: whatever happens, once every finger is up and the timers
/// have run, every recognizer is back in possible and no view holds a touch.
@Suite struct GestureRandomizedTests {
    final class AllowsEverything: GestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    /// Every message sequence a view got for one touch is began, moved*,
    /// then ended or cancelled, and nothing after.
    private func wellFormed(_ view: RecordingView) -> Bool {
        var phaseOf: [Touch: Touch.Phase] = [:]
        for call in view.calls {
            for touch in call.touches {
                let previous = phaseOf[touch]
                switch call.phase {
                case .began: if previous != nil { return false }
                case .moved, .ended, .cancelled:
                    if previous != .began && previous != .moved { return false }
                case .stationary: return false
                }
                phaseOf[touch] = call.phase
            }
        }
        return true
    }

    @Test(arguments: 1...24)
    func randomSequencesLeaveNothingBehind(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let window = makeWindow(width: 400, height: 300)
        let clock = window.timers.clock as! ManualClock
        let root = RecordingView("root", frame: rect(0, 0, 400, 300))
        let inner = RecordingView("inner", frame: rect(200, 100, 150, 150))
        let sibling = RecordingView("sibling", frame: rect(20, 200, 100, 80))
        window.addSubview(root)
        root.addSubview(inner)
        root.addSubview(sibling)
        let views = [root, inner, sibling]

        let delegate = AllowsEverything()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesBegan = true
        let singleTap = TapGestureRecognizer()
        singleTap.delaysTouchesBegan = true
        singleTap.require(toFail: doubleTap)
        let longPress = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        pan.delegate = delegate
        let pinch = PinchGestureRecognizer()
        let innerTap = TapGestureRecognizer()
        innerTap.numberOfTouchesRequired = 2
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        let rotation = RotationGestureRecognizer()
        rotation.delegate = delegate
        let tickle = TickleGestureRecognizer()
        tickle.delaysTouchesBegan = true
        let pressWithTap = LongPressGestureRecognizer()
        pressWithTap.numberOfTapsRequired = 1
        pressWithTap.cancelsTouchesInView = false
        for recognizer in [doubleTap, singleTap, longPress, pan, pinch] { root.addGestureRecognizer(recognizer) }
        for recognizer in [innerTap, swipe, rotation, tickle] { inner.addGestureRecognizer(recognizer) }
        sibling.addGestureRecognizer(pressWithTap)
        let recognizers: [GestureRecognizer] = [doubleTap, singleTap, longPress, pan, pinch,
                                                innerTap, swipe, rotation, tickle, pressWithTap]

        var down: [Int32: Point] = [:]
        var nextID: Int32 = 0
        func point(near location: Point? = nil) -> Point {
            if let location, Bool.random(using: &random) {
                // Mostly small moves, so taps, presses and tickles happen too.
                let step = Double.random(in: 0...1, using: &random) < 0.7 ? 8.0 : 60.0
                return Point(x: min(399, max(0, location.x + .random(in: -step...step, using: &random))),
                             y: min(299, max(0, location.y + .random(in: -step...step, using: &random))))
            }
            return Point(x: .random(in: 0..<400, using: &random), y: .random(in: 0..<300, using: &random))
        }

        var lastTap = Point(x: 100, y: 100)
        for _ in 0..<400 {
            // Now and then a gesture on purpose, so the rarer recognizers
            // (double tap, tap-then-press, tickle) also get to recognize.
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<10:
                nextID += 1
                lastTap = Bool.random(using: &random) ? point(near: lastTap) : point()
                window.send(TestSupport.down(nextID, lastTap.x, lastTap.y, at: clock.now))
                window.timers.advance(by: .random(in: 0...0.1, using: &random))
                window.send(up(nextID, at: clock.now))
                window.timers.advance(by: .random(in: 0...0.2, using: &random))
            case 10..<13 where down.isEmpty:
                nextID += 1
                let start = Point(x: .random(in: 210...300, using: &random), y: .random(in: 110...240, using: &random))
                window.send(TestSupport.down(nextID, start.x, start.y, at: clock.now))
                for step in 1...5 {
                    window.timers.advance(by: 0.03)
                    let x = start.x + (step.isMultiple(of: 2) ? 0 : 40)
                    window.send(move(nextID, x, start.y, at: clock.now))
                }
                if Bool.random(using: &random) {
                    window.send(up(nextID, at: clock.now))
                } else {
                    down[nextID] = start
                }
            default:
                break
            }
            var changes: [RawTouch] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let ids = down.keys.sorted()
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<25 where down.count < 10:
                    nextID += 1
                    let location = point()
                    down[nextID] = location
                    changes.append(TestSupport.down(nextID, location.x, location.y, at: clock.now))
                case 0..<70 where !ids.isEmpty:
                    let id = ids.randomElement(using: &random)!
                    let location = point(near: down[id])
                    down[id] = location
                    changes.append(move(id, location.x, location.y, at: clock.now))
                case 70..<92 where !ids.isEmpty:
                    let id = ids.randomElement(using: &random)!
                    down[id] = nil
                    changes.append(up(id, at: clock.now))
                case 92..<96 where !ids.isEmpty:
                    let id = ids.randomElement(using: &random)!
                    down[id] = nil
                    changes.append(cancel(id, at: clock.now))
                default:
                    break
                }
            }
            if !changes.isEmpty {
                window.handle(TouchFrame(changes: changes, timestamp: clock.now))
            }
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<2:
                window.handle(.cancel(at: clock.now))
                down = [:]
            case 2..<60:
                window.timers.advance(by: .random(in: 0...0.1, using: &random))
            case 60..<70:
                window.timers.advance(by: .random(in: 0.1...0.8, using: &random))
            default:
                break
            }
        }
        let ids = down.keys.sorted()
        if !ids.isEmpty {
            window.handle(TouchFrame(changes: ids.map { up($0, at: clock.now) }, timestamp: clock.now))
        }
        window.timers.advance(by: 3)

        for recognizer in recognizers {
            #expect(recognizer.state == .possible, "\(type(of: recognizer)) is \(recognizer.state)")
            #expect(recognizer.numberOfTouches == 0)
        }
        for view in views {
            #expect(view.touchesStillHeld.isEmpty, "\(view.name) holds live touches")
            #expect(wellFormed(view), "\(view.name) got touch messages out of order")
        }
        #expect(window.gestureEnvironment.isIdle)
        #expect(window.timers.count == 0)
    }
}
