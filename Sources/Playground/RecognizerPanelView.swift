import InspectorModel
import TouchCore

/// The playground's side panel: each recognizer of the page, its state and
/// its last transitions, live (the inspector's `RecognizerTimeline`). The
/// app's renderer paints it with the inspector's
/// `RecognizerTimelinePainter`; on any other context it is a dark panel.
public final class RecognizerPanelView: View {
    public private(set) var timeline = RecognizerTimeline()
    /// The rows the panel shows: the page's recognizers' names, then its own rows.
    private var names: Set<String> = []

    /// The panel's dark fill where the inspector's painter is not used.
    static let background = Color(red: 0.08, green: 0.09, blue: 0.11)

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public convenience init() { self.init(frame: .zero) }

    /// Starts over with `recognizers` as they are now, then `ownRows`
    /// (rows a page feeds itself), all in possible.
    public func show(_ recognizers: [GestureRecognizer], ownRows: [String] = []) {
        let rows = recognizers.map { RecognizerTimeline.Row(recognizer: $0.traceName, state: $0.state) }
            + ownRows.map { RecognizerTimeline.Row(recognizer: $0, state: .possible) }
        timeline = RecognizerTimeline(rows: rows)
        names = Set(rows.map(\.recognizer))
        setNeedsDisplay()
    }

    /// Takes in a trace record that arrived at `time`; state changes of
    /// the rows shown change the panel. Returns whether it did.
    @discardableResult
    public func record(_ record: TraceRecord, at time: Double) -> Bool {
        guard case .state(let name, _, _) = record, names.contains(name) else { return false }
        timeline.record(record, at: time)
        setNeedsDisplay()
        return true
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.fill(bounds, with: Self.background)
    }
}
