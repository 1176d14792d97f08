import TouchCore

/// The recognizer lab's first panel: the gesture reference's experiment as
/// the reference draws it. Two nested views, "View" and "View2" inside it,
/// each with a tap recognizer of its own, and a log of the lines the
/// reference prints: each recognizer's and each view's touch messages and
/// the tap's action (`KT1 touchesBegan`, `View2 tapAction`,
/// `View touchesCancelled`…). Switches set `delaysTouchesBegan`,
/// `cancelsTouchesInView` and `delaysTouchesEnded` of either recognizer.
///
/// Which recognizer is which: UIKit gives a new touch first to the
/// recognizers of its hit view, then to those of the view's ancestors
/// (the touch-events guide: touches go "first to the gesture recognizers
/// attached to the hit-tested view"), and so does the core (deepest
/// first). The reference's log begins `KT1 touchesBegan`, `KT2
/// touchesBegan`, `View2 touchesBegan` for a tap on View2 and ends with
/// `View2 tapAction`: KT1 is the hit view's, View2's, recognizer and KT2
/// View's. Both taps recognize as the finger lifts; KT1, which the lift
/// reaches first, recognizes first and excludes KT2, so View2's action
/// alone runs. View2 passes each message on to View (`super`), so View
/// logs the same messages right after it.
///
/// With UIKit's defaults a tap on View2 prints 9 lines: the two
/// recognizers' and two views' `touchesBegan`, the recognizers'
/// `touchesEnded`, `View2 tapAction`, then the views' `touchesCancelled`
/// (`cancelsTouchesInView`; `delaysTouchesEnded` held their
/// `touchesEnded` until the tap decided). With `delaysTouchesBegan` on,
/// the reference's second log, 5 lines: the views hear nothing, as the
/// tap recognized before the withheld `touchesBegan` would have gone,
/// and a view that saw no touch is not told of its cancellation.
public final class NestedViewsPanel: RecognizerLabPanel {
    let outer = ExperimentView(name: "View", color: Color(red: 0.98, green: 0.86, blue: 0.45))
    public let inner = ExperimentView(name: "View2", color: Color(red: 0.60, green: 0.80, blue: 0.97))
    /// View2's tap recognizer.
    let kt1 = ExperimentTapRecognizer(name: "KT1")
    /// View's tap recognizer.
    let kt2 = ExperimentTapRecognizer(name: "KT2")

    let kt1DelaysTouchesBegan = LabSwitch(title: "KT1 delaysTouchesBegan", isOn: false)
    let kt1CancelsTouchesInView = LabSwitch(title: "KT1 cancelsTouchesInView", isOn: true)
    let kt1DelaysTouchesEnded = LabSwitch(title: "KT1 delaysTouchesEnded", isOn: true)
    let kt2DelaysTouchesBegan = LabSwitch(title: "KT2 delaysTouchesBegan", isOn: false)
    let kt2CancelsTouchesInView = LabSwitch(title: "KT2 cancelsTouchesInView", isOn: true)
    let kt2DelaysTouchesEnded = LabSwitch(title: "KT2 delaysTouchesEnded", isOn: true)
    /// KT1's three, then KT2's (a column each when there is room).
    override var switches: [LabSwitch] {
        [kt1DelaysTouchesBegan, kt1CancelsTouchesInView, kt1DelaysTouchesEnded,
         kt2DelaysTouchesBegan, kt2CancelsTouchesInView, kt2DelaysTouchesEnded]
    }

    init() {
        super.init(title: "Nested views (KT1, KT2)")
        let write: (String) -> Void = { [unowned self] line in appendToLog(line) }
        for view in [outer, inner] { view.write = write }
        for recognizer in [kt1, kt2] { recognizer.write = write }
        inner.addGestureRecognizer(kt1)
        outer.addGestureRecognizer(kt2)
        kt1.addTarget(inner, action: Action("tapAction:")) { view, _ in view.tapAction() }
        kt2.addTarget(outer, action: Action("tapAction:")) { view, _ in view.tapAction() }
        outer.addSubview(inner)
        addSubview(outer)
        addSwitches()
    }

    public override var recognizers: [GestureRecognizer] { [kt1, kt2] }

    override func applySwitches() {
        kt1.delaysTouchesBegan = kt1DelaysTouchesBegan.isOn
        kt1.cancelsTouchesInView = kt1CancelsTouchesInView.isOn
        kt1.delaysTouchesEnded = kt1DelaysTouchesEnded.isOn
        kt2.delaysTouchesBegan = kt2DelaysTouchesBegan.isOn
        kt2.cancelsTouchesInView = kt2CancelsTouchesInView.isOn
        kt2.delaysTouchesEnded = kt2DelaysTouchesEnded.isOn
    }

    // MARK: Layout

    public override func layoutSubviews() {
        layOut(experiment: outer, heightShare: 0.3, minimumHeight: 60, switchOrder: .columnByColumn)
        // View2 takes the outer view's right part, below View's name, so
        // either can be tapped alone.
        inner.frame = Rect(x: outer.bounds.width * 0.4, y: 18, width: outer.bounds.width * 0.6 - 8,
                           height: max(0, outer.bounds.height - 26))
    }
}
