@testable import Playground
import Testing
import TestSupport
import TouchCore

/// The recognizer lab's first panel (issue 41): the gesture reference's
/// experiment with two nested views and a tap recognizer each, on a fake
/// clock. Its two printed logs are golden files, compared line by line.
@Suite struct NestedViewsLabTests {
    private func lab(width: Double = 900, height: Double = 600) -> (PlaygroundStage, NestedViewsPanel) {
        let stage = PlaygroundStage(width: width, height: height)
        stage.playground.showPage(stage.playground.pages.firstIndex { $0 === stage.playground.recognizerLab }!)
        return (stage, stage.playground.recognizerLab.nestedViews)
    }

    /// A quick tap of finger `id` at `point`, then time for every decision.
    private func tap(_ stage: PlaygroundStage, _ id: Int32, at point: Point) {
        stage.down(id, point)
        stage.advance(0.05)
        stage.up(id)
        stage.advance(1)
    }

    private func tapInner(_ stage: PlaygroundStage, _ panel: NestedViewsPanel, finger id: Int32 = 1) {
        tap(stage, id, at: stage.centre(of: panel.inner))
    }

    /// Flips `labSwitch` by a tap, as a person does.
    private func flip(_ stage: PlaygroundStage, _ labSwitch: LabSwitch) {
        tap(stage, 20, at: stage.centre(of: labSwitch))
    }

    @Test func theLabOpensOnTheNestedViewsAndTheSidePanelFollowsThePanelShown() {
        let (stage, panel) = lab()
        let lab = stage.playground.recognizerLab
        #expect(lab.currentPanel === panel)
        #expect(stage.playground.panel.timeline.rows.map(\.recognizer) == ["KT1", "KT2"])
        tap(stage, 1, at: stage.centre(of: lab.panelButtons[1]))
        #expect(lab.currentPanel === lab.tapPair && panel.superview == nil)
        #expect(stage.playground.panel.timeline.rows.map(\.recognizer) == ["singleTap", "doubleTap"])
        tap(stage, 2, at: stage.centre(of: lab.panelButtons[0]))
        #expect(lab.currentPanel === panel)
        #expect(stage.playground.panel.timeline.rows.map(\.recognizer) == ["KT1", "KT2"])
    }

    @Test func aTapOnView2WithUIKitsDefaultsPrintsTheReferencesFirstLog() throws {
        let (stage, panel) = lab()
        #expect(panel.inner.superview === panel.outer)
        #expect(!panel.kt1.delaysTouchesBegan && panel.kt1.cancelsTouchesInView && panel.kt1.delaysTouchesEnded)
        tapInner(stage, panel)
        try GoldenFile.expect(panel.log, toMatch: "recognizer-lab-nested-views-defaults.txt")
    }

    /// The reference's second log comes with `delaysTouchesBegan` on: on
    /// KT1, on KT2 (View's recognizer holds View2's messages too, as it
    /// observes the touch), or on both.
    @Test(arguments: [[true, false], [false, true], [true, true]])
    func withDelaysTouchesBeganATapOnView2PrintsTheReferencesSecondLog(delaying: [Bool]) throws {
        let (stage, panel) = lab()
        if delaying[0] { flip(stage, panel.kt1DelaysTouchesBegan) }
        if delaying[1] { flip(stage, panel.kt2DelaysTouchesBegan) }
        #expect(panel.kt1.delaysTouchesBegan == delaying[0] && panel.kt2.delaysTouchesBegan == delaying[1])
        panel.clearLog()
        tapInner(stage, panel)
        try GoldenFile.expect(panel.log, toMatch: "recognizer-lab-nested-views-delays-touches-began.txt")
    }

    @Test func aTapOnViewAloneRunsViewsActionAndOnlyKT2SeesIt() {
        let (stage, panel) = lab()
        tap(stage, 1, at: stage.point(Point(x: 8, y: panel.outer.bounds.maxY - 8), of: panel.outer))
        #expect(panel.log == ["KT2 touchesBegan", "View touchesBegan", "KT2 touchesEnded", "View tapAction",
                              "View touchesCancelled"])
    }

    /// KT1, which recognizes, no longer cancels: the views' held
    /// `touchesEnded` goes once the tap has decided.
    @Test func withoutKT1sCancelsTouchesInViewTheViewsTouchesEnd() {
        let (stage, panel) = lab()
        flip(stage, panel.kt1CancelsTouchesInView)
        panel.clearLog()
        tapInner(stage, panel)
        #expect(Array(panel.log.suffix(3)) == ["View2 tapAction", "View2 touchesEnded", "View touchesEnded"],
                "\(panel.log)")
        #expect(!panel.log.contains { $0.hasSuffix("touchesCancelled") })
    }

    /// Without delaysTouchesEnded on either the log is the defaults':
    /// the tap recognizes at the lift itself, so the views' end of that
    /// same lift is cancelled, not held (as the touch-events guide's
    /// double-tap example: its second tap's end is cancelled either way).
    @Test func withoutDelaysTouchesEndedATapRecognizedAtTheLiftStillCancels() throws {
        let (stage, panel) = lab()
        flip(stage, panel.kt1DelaysTouchesEnded)
        flip(stage, panel.kt2DelaysTouchesEnded)
        #expect(!panel.kt1.delaysTouchesEnded && !panel.kt2.delaysTouchesEnded)
        panel.clearLog()
        tapInner(stage, panel)
        try GoldenFile.expect(panel.log, toMatch: "recognizer-lab-nested-views-defaults.txt")
    }

    /// Every switch is a finger's target (40 pt) and a press anywhere in
    /// its row flips it; the nested views and the log keep their room.
    @Test(arguments: [(960.0, 600.0), (400.0, 600.0)])
    func everySwitchIsFingerTall(size: (Double, Double)) {
        let (stage, panel) = lab(width: size.0, height: size.1)
        for labSwitch in panel.switches {
            #expect(labSwitch.frame.height >= 40, "\(labSwitch.title): \(labSwitch.frame)")
            #expect(panel.bounds.contains(labSwitch.frame) && !labSwitch.frame.intersects(panel.outer.frame))
            #expect(labSwitch.frame.maxY <= panel.logRect.minY)
            for other in panel.switches where other !== labSwitch {
                #expect(!labSwitch.frame.intersects(other.frame))
            }
        }
        #expect(panel.logRect.height >= 60 && panel.inner.frame.height >= 30)
        for button in stage.playground.recognizerLab.panelButtons { #expect(button.frame.height >= 40) }
        let switchToFlip = panel.kt2DelaysTouchesEnded
        tap(stage, 30, at: stage.point(Point(x: switchToFlip.bounds.maxX - 3, y: switchToFlip.bounds.maxY - 3),
                                      of: switchToFlip))
        #expect(!switchToFlip.isOn && !panel.kt2.delaysTouchesEnded)
    }
}
