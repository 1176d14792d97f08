import Testing
import TestCompositor
import Timing
import TouchCore
@testable import TouchTrackerApp

/// Commit for the latch through the whole stack: the scripted compositor
/// repaints on a fake 60 Hz grid (`TestCompositor.repaint`), latching the
/// newest commit and answering frame callbacks and presentation feedback
/// there, as weston's repaint loop does, while a finger drags in motions
/// 8 ms apart. With feedback the app draws each input frame just before
/// the predicted latch; without it, at the frame callback, as before.
@Suite struct LatchPacingEndToEndTests {
    static let refresh = 1.0 / 60
    static let motionInterval = 0.008, step = 2.0

    /// What a drag measured: each motion's time until a repaint showed it,
    /// and the frames drawn and shown meanwhile.
    struct Drag {
        var latencies: [Double] = []
        var framesDrawn = 0
        var framesShown = 0

        var median: Double { latencies.sorted()[latencies.count / 2] }
    }

    /// Drags a finger right in `motions` motions while the compositor
    /// repaints every refresh; the fake clock jumps from one event (a
    /// motion, a repaint, an app timer) to the next.
    private func drag(_ app: AppHarness, motions: Int, flags: UInt32 = 0x3) throws -> Drag {
        let start = Point(x: 40, y: 150)
        var motionIndexOfDraw: [Int] = []
        let paint = app.session.toplevel.onDraw
        app.session.toplevel.onDraw = { [unowned app] target in
            paint?(target)
            // Which motions this frame shows: the line ends at the newest.
            let line = app.canvas.drawing.linesInProgress.values.first
            motionIndexOfDraw.append(line.map { Int((($0.end.x - start.x) / Self.step).rounded()) } ?? -1)
        }
        let surface = app.surface
        let commitsBefore = surface.commits.count, latchedBefore = surface.latchedCommits.count
        var sent: [Double] = []
        var nextRepaint = app.clock.now + Self.refresh
        var nextMotion = app.clock.now + Self.motionInterval
        app.seat.touchDown(on: surface.resource, id: 1, x: start.x, y: start.y, time: app.time)
        app.seat.touchFrame()
        try app.settle()
        let end = app.clock.now + Double(motions) * Self.motionInterval + 4 * Self.refresh
        while app.clock.now < end {
            let timer = app.session.loop.timers.nextDeadline ?? .infinity
            let next = min(nextRepaint, sent.count < motions ? nextMotion : .infinity, timer)
            app.advance(by: max(0, next - app.clock.now))
            if sent.count < motions, app.clock.now >= nextMotion {
                sent.append(app.clock.now)
                app.seat.touchMotion(id: 1, x: start.x + Double(sent.count) * Self.step, y: start.y, time: app.time)
                app.seat.touchFrame()
                nextMotion += Self.motionInterval
            }
            if app.clock.now >= nextRepaint {
                app.compositor.repaint(at: nextRepaint, refresh: Self.refresh, flags: flags)
                nextRepaint += Self.refresh
            }
            try app.settle()
        }
        app.session.toplevel.onDraw = paint

        // Drawn frames are the attached commits, in order.
        let drawnCommits = surface.commits.indices.dropFirst(commitsBefore).filter { surface.commits[$0].attachedBuffer }
        var result = Drag(framesDrawn: motionIndexOfDraw.count)
        var shownUpTo = 0
        for latched in surface.latchedCommits.dropFirst(latchedBefore) {
            guard let draw = drawnCommits.firstIndex(of: latched.commit) else { continue }
            result.framesShown += 1
            let newest = min(motionIndexOfDraw[draw], sent.count)
            while shownUpTo < newest {
                result.latencies.append(latched.time - sent[shownUpTo])
                shownUpTo += 1
            }
        }
        #expect(shownUpTo == motions, "every motion reached the screen")
        return result
    }

    @Test func withFeedbackInputReachesTheScreenInHalfTheTimeWithoutWastedFrames() throws {
        let paced = try AppHarness()
        let latch = try drag(paced, motions: 120)
        #expect(paced.session.toplevel.pacesInputForLatch)
        let callbacks = try AppHarness()
        callbacks.session.toplevel.allowsLatchPacing = false
        let today = try drag(callbacks, motions: 120)
        #expect(!callbacks.session.toplevel.pacesInputForLatch)

        #expect(latch.median <= 0.5 * today.median, "latch p50 \(latch.median), frame callbacks \(today.median)")
        #expect(today.median > Self.refresh, "a frame drawn at the callback is shown a refresh later")
        #expect(Double(latch.framesDrawn) <= 1.2 * Double(latch.framesShown),
                "\(latch.framesDrawn) frames drawn, \(latch.framesShown) shown")
        // Once three feedbacks made a grid (the first frames are paced by
        // frame callbacks), no motion waits more than a refresh and the margin.
        #expect(latch.latencies.suffix(60).max()! <= Self.refresh + 0.002)
    }

    @Test func withoutFeedbackFramesArePacedByFrameCallbacksAsBefore() throws {
        let silent = try AppHarness()
        silent.compositor.answersPresentationFeedback = false
        let withoutFeedback = try drag(silent, motions: 60)
        #expect(!silent.session.toplevel.pacesInputForLatch)
        let callbacks = try AppHarness()
        callbacks.session.toplevel.allowsLatchPacing = false
        let today = try drag(callbacks, motions: 60)
        #expect(withoutFeedback.latencies == today.latencies)
        #expect(withoutFeedback.framesDrawn == today.framesDrawn)
    }

    @Test func onAnotherPresentationClockFramesArePacedByFrameCallbacks() throws {
        let app = try AppHarness(presentationClock: 0)
        let drag = try drag(app, motions: 60)
        #expect(!app.session.toplevel.pacesInputForLatch)
        #expect(drag.median > Self.refresh)
    }

    @Test func withoutVsyncThereIsNoGridToAimAt() throws {
        // mutter's headless monitor presents whenever it paints.
        let app = try AppHarness()
        let drag = try drag(app, motions: 60, flags: 0x2)
        #expect(!app.session.toplevel.pacesInputForLatch)
        #expect(drag.median > Self.refresh)
    }

    @Test func theInspectorSaysWhichPacingIsInUse() throws {
        let app = try AppHarness()
        app.session.toggleInspector()
        #expect(!app.session.inspector.model.pacedForLatch)
        _ = try drag(app, motions: 30)
        #expect(app.session.inspector.model.pacedForLatch)
    }
}
