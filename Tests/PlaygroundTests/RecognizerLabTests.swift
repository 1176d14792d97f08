@testable import Playground
import Testing
import TestSupport
import TouchCore

/// The recognizer lab's single and double tap panel (issue 26) on a fake
/// clock: the order of messages the gesture reference documents for a tap
/// recognizer, with and without `delaysTouchesBegan`, and what each switch
/// changes in it. The log is the window's trace, so these are the core's
/// real deliveries.
@Suite struct RecognizerLabTests {
    private func lab(width: Double = 900, height: Double = 600) -> (PlaygroundStage, TapPairPanel) {
        let stage = PlaygroundStage(width: width, height: height)
        stage.playground.showPage(stage.playground.pages.firstIndex { $0 === stage.playground.recognizerLab }!)
        let lab = stage.playground.recognizerLab
        // The panel's button, pressed as a person does.
        stage.down(40, stage.centre(of: lab.panelButtons[1]))
        stage.up(40)
        #expect(lab.currentPanel === lab.tapPair)
        return (stage, lab.tapPair)
    }

    /// A point of the target view, `fraction` of its width from its left.
    private func target(_ stage: PlaygroundStage, _ page: TapPairPanel, at fraction: Double = 0.75) -> Point {
        stage.point(Point(x: page.target.bounds.width * fraction, y: page.target.bounds.midY), of: page.target)
    }

    /// A quick tap of finger `id` at `point`.
    private func tap(_ stage: PlaygroundStage, _ id: Int32, at point: Point) {
        stage.down(id, point)
        stage.advance(0.05)
        stage.up(id)
    }

    /// Flips `labSwitch` by a tap of finger `id`, as a person does.
    private func flip(_ stage: PlaygroundStage, _ labSwitch: LabSwitch, finger id: Int32 = 20) {
        tap(stage, id, at: stage.centre(of: labSwitch))
        stage.advance(1)
    }

    /// Every switch's row is a finger's target (40 pt, as the header bar's
    /// buttons), and a press anywhere in the row flips it, on the page of
    /// the default window (960 × 600 under the header bar), on a narrow one
    /// (a column of switches), and on a short one (the target view gives way;
    /// 380 leaves the panel 300 points under the page bar and the lab's
    /// panel buttons).
    @Test(arguments: [(960.0, 600.0), (400.0, 600.0), (960.0, 380.0)])
    func everySwitchRowIsAFingerTallAndPressedAnywhereInIt(size: (Double, Double)) {
        let (stage, page) = lab(width: size.0, height: size.1)
        for labSwitch in page.switches {
            #expect(labSwitch.frame.height >= 40, "\(labSwitch.title): \(labSwitch.frame)")
            #expect(page.bounds.contains(labSwitch.frame) && !labSwitch.frame.intersects(page.target.frame))
            #expect(labSwitch.frame.maxY <= page.logRect.minY)
        }
        #expect(page.logRect.height >= 60, "room for the log: \(page.logRect)")
        #expect(page.target.frame.height >= 50)
        for (labSwitch, other) in zip(page.switches, page.switches.dropFirst()) {
            #expect(!labSwitch.frame.intersects(other.frame))
        }
        // Far from the pill: 3 pt inside the row's bottom-right corner.
        let disable = page.disable
        tap(stage, 30, at: stage.point(Point(x: disable.bounds.maxX - 3, y: disable.bounds.maxY - 3), of: disable))
        #expect(disable.isOn && !page.singleTap.isEnabled)
    }

    @Test func theReferencesOrderWithDefaultSettings() {
        let (stage, page) = lab()
        stage.down(1, target(stage, page))
        // The recognizers see the touch first, then the view.
        #expect(page.log == ["singleTap touchesBegan", "doubleTap touchesBegan", "view touchesBegan"])
        page.clearLog()
        stage.advance(0.05)
        stage.up(1)
        // On the lift the single tap recognizes and sends its action; the
        // double tap, sharing the touch, fails; then the view's touch is
        // cancelled, not ended.
        #expect(page.log == [
            "singleTap touchesEnded", "doubleTap touchesEnded",
            "singleTap state possible → ended", "singleTap action handleSingleTap:",
            "doubleTap state possible → failed",
            "view touchesCancelled",
            "singleTap state ended → possible", "doubleTap state failed → possible",
        ])
        #expect(page.target.singleTaps == 1 && page.target.doubleTaps == 0)
    }

    @Test func theReferencesOrderWithDelaysTouchesBegan() {
        let (stage, page) = lab()
        flip(stage, page.delaysTouchesBegan)
        #expect(page.singleTap.delaysTouchesBegan && page.doubleTap.delaysTouchesBegan)
        page.clearLog()
        tap(stage, 1, at: target(stage, page))
        // The view gets nothing at all: the recognizer recognized before
        // the withheld touchesBegan was released.
        #expect(page.log == [
            "singleTap touchesBegan", "doubleTap touchesBegan",
            "singleTap touchesEnded", "doubleTap touchesEnded",
            "singleTap state possible → ended", "singleTap action handleSingleTap:",
            "doubleTap state possible → failed",
            "singleTap state ended → possible", "doubleTap state failed → possible",
        ])
    }

    @Test func withoutCancelsTouchesInViewTheViewsTouchEnds() {
        let (stage, page) = lab()
        flip(stage, page.cancelsTouchesInView)
        page.clearLog()
        tap(stage, 1, at: target(stage, page))
        let view = page.log.filter { $0.hasPrefix("view ") }
        #expect(view == ["view touchesBegan", "view touchesEnded"])
        let action = page.log.firstIndex(of: "singleTap action handleSingleTap:")
        #expect(action != nil && action! < page.log.firstIndex(of: "view touchesEnded")!,
                "the end was held while the double tap could still recognize: \(page.log)")
    }

    @Test func singleRequiresDoubleToFailWaitsForTheDoubleTap() {
        let (stage, page) = lab()
        flip(stage, page.singleRequiresDouble)
        page.clearLog()
        tap(stage, 1, at: target(stage, page))
        #expect(!page.log.contains("singleTap action handleSingleTap:"), "it waits: \(page.log)")
        #expect(!page.log.contains("view touchesEnded"), "delaysTouchesEnded holds the view's end")
        stage.advance(0.4)
        // The double tap's window passed: it fails, the single tap recognizes,
        // and the view's held touch is cancelled.
        let rest = Array(page.log.drop { $0 != "doubleTap state possible → failed" })
        #expect(rest.prefix(3) == ["doubleTap state possible → failed", "singleTap state possible → ended",
                                   "singleTap action handleSingleTap:"], "\(page.log)")
        #expect(page.log.last(where: { $0.hasPrefix("view ") }) == "view touchesCancelled")
        // A double tap: the double's action only; the single fails.
        page.clearLog()
        let point = target(stage, page)
        tap(stage, 2, at: point)
        stage.advance(0.1)
        tap(stage, 3, at: point)
        stage.advance(1)
        #expect(page.log.filter { $0.contains("action") } == ["doubleTap action handleDoubleTap:"], "\(page.log)")
        #expect(page.log.contains("singleTap state possible → failed"))
        #expect(page.target.singleTaps == 1 && page.target.doubleTaps == 1)
    }

    @Test func withoutDelaysTouchesEndedTheViewsEndArrivesAtOnce() {
        let (stage, page) = lab()
        flip(stage, page.singleRequiresDouble)
        flip(stage, page.delaysTouchesEnded)
        #expect(!page.singleTap.delaysTouchesEnded && !page.doubleTap.delaysTouchesEnded)
        page.clearLog()
        tap(stage, 1, at: target(stage, page))
        #expect(page.log.filter { $0.hasPrefix("view ") } == ["view touchesBegan", "view touchesEnded"])
        stage.advance(0.4)
        #expect(page.log.contains("singleTap action handleSingleTap:"))
        #expect(page.log.filter { $0.hasPrefix("view ") } == ["view touchesBegan", "view touchesEnded"],
                "the touch had ended: nothing to cancel")
    }

    @Test func aDelegateRefusingToBeginFailsTheTapAndTheViewKeepsItsTouch() {
        let (stage, page) = lab()
        flip(stage, page.shouldBegin)
        page.clearLog()
        tap(stage, 1, at: target(stage, page))
        stage.advance(1)
        #expect(!page.log.contains { $0.contains("action") }, "\(page.log)")
        #expect(page.log.contains("singleTap state possible → failed"))
        #expect(!page.log.contains("singleTap state possible → ended"))
        #expect(page.log.filter { $0.hasPrefix("view ") } == ["view touchesBegan", "view touchesEnded"])
        #expect(page.target.singleTaps == 0)
    }

    @Test func shouldReceiveTouchRightHalfOnlyKeepsTheLeftHalfFromTheRecognizers() {
        let (stage, page) = lab()
        flip(stage, page.rightHalfOnly)
        page.clearLog()
        tap(stage, 1, at: target(stage, page, at: 0.25))
        stage.advance(1)
        #expect(page.log == ["view touchesBegan", "view touchesEnded"], "the recognizers never saw it")
        page.clearLog()
        tap(stage, 2, at: target(stage, page, at: 0.75))
        stage.advance(1)
        #expect(page.log.first == "singleTap touchesBegan")
        #expect(page.log.contains("singleTap action handleSingleTap:"))
    }

    @Test func disablingMidGestureStopsTheRecognizersAndTheViewKeepsItsTouch() {
        let (stage, page) = lab()
        stage.down(1, target(stage, page))
        #expect(page.singleTap.numberOfTouches == 1)
        page.clearLog()
        // A second finger flips Disable while the first is still down.
        tap(stage, 2, at: stage.centre(of: page.disable))
        #expect(!page.singleTap.isEnabled && !page.doubleTap.isEnabled)
        #expect(page.log.contains { $0.hasPrefix("singleTap state possible → ") && !$0.hasSuffix("ended") },
                "\(page.log)")
        #expect(page.singleTap.numberOfTouches == 0, "the recognizer let go of the touch")
        stage.advance(0.02)
        stage.up(1)
        stage.advance(1)
        #expect(!page.log.contains { $0.contains("action") })
        #expect(page.log.last(where: { $0.hasPrefix("view ") }) == "view touchesEnded", "\(page.log)")
        // Disabled, a tap reaches the view only.
        page.clearLog()
        tap(stage, 3, at: target(stage, page))
        stage.advance(1)
        #expect(page.log == ["view touchesBegan", "view touchesEnded"])
    }

    @Test func theLogKeepsItsNewestLines() {
        let (stage, page) = lab()
        for index in 0..<40 {
            tap(stage, Int32(index), at: target(stage, page))
            stage.advance(1)
        }
        #expect(page.log.count == TapPairPanel.capacity)
        #expect(page.log.last == "doubleTap state failed → possible")
    }
}
