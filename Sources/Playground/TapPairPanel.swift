import TouchCore

/// The recognizer lab's second panel: a view with a single-tap and a
/// double-tap recognizer, switches for what decides who gets which
/// message, and the order of the messages as they happen (the view's
/// touches, the recognizers' touches, their state changes and actions),
/// one line each in `log`.
///
/// The log comes from the window's trace (`observe(_:)`), so it shows what
/// the core really did, not what the panel expects it to do.
public final class TapPairPanel: RecognizerLabPanel, GestureRecognizerDelegate {
    /// The view the recognizers are attached to.
    public let target = LabTargetView()
    let singleTap = TapGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()

    public let cancelsTouchesInView = LabSwitch(title: "cancelsTouchesInView", isOn: true)
    public let delaysTouchesBegan = LabSwitch(title: "delaysTouchesBegan", isOn: false)
    public let delaysTouchesEnded = LabSwitch(title: "delaysTouchesEnded", isOn: true)
    let singleRequiresDouble = LabSwitch(title: "single requires double to fail", isOn: false)
    /// On: the delegate's `gestureRecognizerShouldBegin` allows; off: refuses.
    let shouldBegin = LabSwitch(title: "delegate shouldBegin: allow", isOn: true)
    /// On: the delegate's `shouldReceive(touch)` says yes only in the
    /// view's right half (the reference's example); off: everywhere.
    let rightHalfOnly = LabSwitch(title: "shouldReceiveTouch: right half only", isOn: false)
    /// On: both recognizers' `isEnabled` is off, at once, mid-gesture too.
    let disable = LabSwitch(title: "Disable (isEnabled off)", isOn: false)
    override var switches: [LabSwitch] {
        [cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, singleRequiresDouble, shouldBegin,
         rightHalfOnly, disable]
    }

    static let names: Set<String> = [LabTargetView.name, "singleTap", "doubleTap"]

    init() {
        super.init(title: "Single & double tap")
        singleTap.name = "singleTap"
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        for recognizer in [singleTap, doubleTap] {
            recognizer.delegate = self
            target.addGestureRecognizer(recognizer)
        }
        singleTap.addTarget(target, action: Action("handleSingleTap:")) { target, _ in target.count(.single) }
        doubleTap.addTarget(target, action: Action("handleDoubleTap:")) { target, _ in target.count(.double) }
        addSubview(target)
        addSwitches()
    }

    public override var recognizers: [GestureRecognizer] { [singleTap, doubleTap] }

    /// Sets the recognizers as the switches say (the delegate reads its own
    /// switches when asked).
    override func applySwitches() {
        for recognizer in [singleTap, doubleTap] {
            recognizer.cancelsTouchesInView = cancelsTouchesInView.isOn
            recognizer.delaysTouchesBegan = delaysTouchesBegan.isOn
            recognizer.delaysTouchesEnded = delaysTouchesEnded.isOn
            recognizer.isEnabled = !disable.isOn
        }
        target.showsRightHalfOnly = rightHalfOnly.isOn
    }

    // MARK: The delegate

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBegin.isOn
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        !rightHalfOnly.isOn || touch.location(in: target).x >= target.bounds.midX
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        singleRequiresDouble.isOn && gestureRecognizer === singleTap && other === doubleTap
    }

    // MARK: The log

    /// Takes the window's trace: the messages of the view and of the two
    /// recognizers become lines of the log.
    public override func observe(_ record: TraceRecord) {
        guard let line = Self.line(for: record) else { return }
        appendToLog(line)
    }

    /// The log's line for `record`, nil for records of anything else.
    static func line(for record: TraceRecord) -> String? {
        switch record {
        case .touches(let phase, let receiver, _):
            guard names.contains(receiver) else { return nil }
            return "\(receiver) \(methodName(phase))"
        case .state(let recognizer, let from, let to):
            guard names.contains(recognizer) else { return nil }
            return "\(recognizer) state \(from) → \(to)"
        case .action(let recognizer, let action, _):
            guard names.contains(recognizer) else { return nil }
            return "\(recognizer) action \(action)"
        case .indirectGesture, .actionWalk:
            return nil
        }
    }

    static func methodName(_ phase: Touch.Phase) -> String {
        switch phase {
        case .began: "touchesBegan"
        case .moved, .stationary: "touchesMoved"
        case .ended: "touchesEnded"
        case .cancelled: "touchesCancelled"
        }
    }

    // MARK: Layout

    public override func layoutSubviews() {
        layOut(experiment: target, heightShare: 0.24, minimumHeight: 50, switchOrder: .rowByRow)
    }
}
