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
    public let singleTap = TapGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()

    public let cancelsTouchesInView = LabSwitch(title: "cancelsTouchesInView", isOn: true)
    public let delaysTouchesBegan = LabSwitch(title: "delaysTouchesBegan", isOn: false)
    public let delaysTouchesEnded = LabSwitch(title: "delaysTouchesEnded", isOn: true)
    public let singleRequiresDouble = LabSwitch(title: "single requires double to fail", isOn: false)
    /// On: the delegate's `gestureRecognizerShouldBegin` allows; off: refuses.
    public let shouldBegin = LabSwitch(title: "delegate shouldBegin: allow", isOn: true)
    /// On: the delegate's `shouldReceive(touch)` says yes only in the
    /// view's right half (the reference's example); off: everywhere.
    public let rightHalfOnly = LabSwitch(title: "shouldReceiveTouch: right half only", isOn: false)
    /// On: both recognizers' `isEnabled` is off, at once, mid-gesture too.
    public let disable = LabSwitch(title: "Disable (isEnabled off)", isOn: false)
    public var switches: [LabSwitch] {
        [cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, singleRequiresDouble, shouldBegin,
         rightHalfOnly, disable]
    }

    /// Every message so far, oldest first, at most `capacity` lines.
    public private(set) var log: [String] = []
    public static let capacity = 200

    static let names: Set<String> = [LabTargetView.name, "singleTap", "doubleTap"]
    static let text = Color(red: 0.20, green: 0.20, blue: 0.22)
    static let listFont = Font(.monospace, size: 8.5)
    static let lineHeight = 12.0
    /// A switch's row: the app's finger target (`AdwaitaStyle.minimumHitSide`,
    /// issue 22), the whole row the switch's to press.
    public static let switchHeight = 40.0
    /// What the log keeps of a short page, before the target view gives way.
    static let logMinimum = 60.0

    public init() {
        super.init(title: "Single & double tap")
        backgroundColor = Color(red: 0.96, green: 0.96, blue: 0.94)
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
        for labSwitch in switches {
            labSwitch.onChange = { [unowned self] _ in applySwitches() }
            addSubview(labSwitch)
        }
        applySwitches()
    }

    public override var recognizers: [GestureRecognizer] { [singleTap, doubleTap] }

    /// Sets the recognizers as the switches say (the delegate reads its own
    /// switches when asked).
    private func applySwitches() {
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
        log.append(line)
        if log.count > Self.capacity { log.removeFirst(log.count - Self.capacity) }
        setNeedsDisplay(logRect)
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

    /// Starts the log over.
    public func clearLog() {
        log = []
        setNeedsDisplay(logRect)
    }

    // MARK: Layout and drawing

    public override func layoutSubviews() {
        let columns = bounds.width >= 420 ? 2 : 1
        let rows = (switches.count + columns - 1) / columns
        let height = Self.switchHeight
        // The switches keep their finger-sized rows; on a short page the
        // target view gives way (to 50 points at least) so the log keeps
        // `logMinimum`.
        let room = bounds.height - 8 - 6 - Double(rows) * height - 6 - Self.logMinimum
        target.frame = Rect(x: bounds.minX + 10, y: bounds.minY + 8, width: max(0, bounds.width - 20),
                            height: max(50, min(bounds.height * 0.24, room)))
        let width = (bounds.width - 20) / Double(columns)
        for (index, labSwitch) in switches.enumerated() {
            let row = index / columns, column = index % columns
            labSwitch.frame = Rect(x: bounds.minX + 10 + width * Double(column),
                                   y: target.frame.maxY + 6 + height * Double(row), width: width, height: height)
        }
    }

    /// Where the log goes, below the switches.
    var logRect: Rect {
        let top = (switches.last?.frame.maxY ?? bounds.minY) + 6
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bounds.maxY - top))
    }

    /// The latest lines that fit, oldest at the top, as the reference
    /// prints them.
    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let area = logRect
        let fitting = max(0, Int((area.height - 4) / Self.lineHeight))
        var y = area.minY
        for line in log.suffix(fitting) {
            context.draw(line, at: Point(x: area.minX + 10, y: y), font: Self.listFont, color: Self.text,
                         width: area.width - 20, truncation: .end)
            y += Self.lineHeight
        }
    }
}
