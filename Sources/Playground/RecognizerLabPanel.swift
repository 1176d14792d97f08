import TouchCore

/// One experiment of the recognizer lab (`RecognizerLabPage`): a view
/// filling the lab below its panel buttons, with the recognizers the side
/// panel follows while it is shown.
///
/// Every panel has the same three parts, top to bottom: the experiment's
/// own view, its switches in finger-sized rows, and the log of what
/// happened, one line each, as the gesture reference prints it. This class
/// lays them out and keeps and draws the log; a panel says what differs:
/// its view and switches (`layOut(experiment:…)`, `switches`), what the
/// switches set (`applySwitches`) and what the log hears (`appendToLog`).
open class RecognizerLabPanel: View {
    /// The panel's name on its button.
    public let title: String

    /// Every line so far, oldest first, at most `capacity` lines.
    public private(set) var log: [String] = []
    public static let capacity = 200

    /// The order the switches fill their grid in when there is room for two
    /// columns.
    enum SwitchOrder {
        /// Left to right, then down: the switches read as one list.
        case rowByRow
        /// Down the first column, then the second: the two halves of
        /// `switches` stand side by side (one recognizer's each).
        case columnByColumn
    }

    static let text = Color(red: 0.20, green: 0.20, blue: 0.22)
    static let listFont = Font(.monospace, size: 8.5)
    static let lineHeight = 12.0
    /// A switch's row: the app's finger target (`AdwaitaStyle.minimumHitSide`,
    /// issue 22), the whole row the switch's to press.
    static let switchHeight = 40.0
    /// What the log keeps of a short panel, before the experiment's view
    /// gives way.
    static let logMinimum = 60.0
    /// The panel's width from which the switches stand in two columns.
    static let twoColumnWidth = 420.0

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
        clipsToBounds = true
        backgroundColor = Color(red: 0.96, green: 0.96, blue: 0.94)
    }

    /// The recognizers the side panel shows while this panel is shown.
    open var recognizers: [GestureRecognizer] { [] }

    /// Takes in a record of the window's trace while the panel is shown.
    open func observe(_ record: TraceRecord) {}

    // MARK: The switches

    /// The panel's switches, in the order they fill their grid.
    var switches: [LabSwitch] { [] }

    /// Sets the experiment as the switches say: once when they are added,
    /// then after every flip.
    func applySwitches() {}

    /// Adds `switches` to the panel, each applying them all when flipped.
    func addSwitches() {
        for labSwitch in switches {
            labSwitch.onChange = { [unowned self] _ in applySwitches() }
            addSubview(labSwitch)
        }
        applySwitches()
    }

    // MARK: The log

    /// Adds `line` at the end of the log, dropping the oldest beyond
    /// `capacity`.
    func appendToLog(_ line: String) {
        log.append(line)
        if log.count > Self.capacity { log.removeFirst(log.count - Self.capacity) }
        setNeedsDisplay(logRect)
    }

    /// Starts the log over.
    func clearLog() {
        log = []
        setNeedsDisplay(logRect)
    }

    // MARK: Layout and drawing

    /// Puts `experiment` at the top, `heightShare` of the panel's height,
    /// and the switches below it, in one column or, on a wide panel, two.
    /// The switches keep their finger-sized rows; on a short panel the
    /// experiment gives way (to `minimumHeight` at least) so the log keeps
    /// `logMinimum`.
    func layOut(experiment: View, heightShare: Double, minimumHeight: Double, switchOrder: SwitchOrder) {
        let switches = switches
        let columns = bounds.width >= Self.twoColumnWidth ? 2 : 1
        let rows = (switches.count + columns - 1) / columns
        let height = Self.switchHeight
        let room = bounds.height - 8 - 6 - Double(rows) * height - 6 - Self.logMinimum
        experiment.frame = Rect(x: bounds.minX + 10, y: bounds.minY + 8, width: max(0, bounds.width - 20),
                                height: max(minimumHeight, min(bounds.height * heightShare, room)))
        let width = (bounds.width - 20) / Double(columns)
        for (index, labSwitch) in switches.enumerated() {
            let (row, column) = switch switchOrder {
            case .rowByRow: (index / columns, index % columns)
            case .columnByColumn: (index % rows, index / rows)
            }
            labSwitch.frame = Rect(x: bounds.minX + 10 + width * Double(column),
                                   y: experiment.frame.maxY + 6 + height * Double(row), width: width, height: height)
        }
    }

    /// Where the log goes, below the switches.
    var logRect: Rect {
        let top = (switches.map(\.frame.maxY).max() ?? bounds.minY) + 6
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bounds.maxY - top))
    }

    /// The latest lines that fit, oldest at the top, as the reference
    /// prints them.
    open override func draw(_ rect: Rect, in context: DrawingContext) {
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
