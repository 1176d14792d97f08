import TouchCore

/// The touch-events guide's EventInfo: one view overriding all four touch
/// methods and listing every message live, newest first (`EventInfoEntry`):
/// the method, each touch's phase, `tapCount`, location in its view and in
/// the window, and `event.allTouches.count`.
///
/// The page is that view. A nested subview (`nested`) sits inside it with
/// no touch methods of its own: its touches travel up the responder chain
/// to the page, bound to the nested view, so their view coordinates start
/// at its corner while the window's start at the window's. A ring marks
/// each touch where it is.
public final class EventInfoPage: PlaygroundPage {
    /// The nested view whose coordinates the list shows for touches in it.
    public let nested = NestedView()
    /// The rings at the touches, above the nested view.
    private let rings = RingsView()
    /// The messages so far, newest first, at most `capacity`.
    public private(set) var entries: [EventInfoEntry] = []
    /// How many messages the page keeps.
    public static let capacity = 60


    static let background = Color(red: 0.96, green: 0.96, blue: 0.94)
    static let nestedFill = Color(red: 0.78, green: 0.86, blue: 0.97)
    static let text = Color(red: 0.20, green: 0.20, blue: 0.22)
    /// The rings at the touches: GNOME's orange 4.
    static let ring = Color(red: 0xE6 / 255.0, green: 0x61 / 255.0, blue: 0)
    static let listFont = Font(.monospace, size: 8.5)
    static let lineHeight = 12.0

    public init() {
        super.init(title: "EventInfo")
        backgroundColor = Self.background
        addSubview(nested)
        addSubview(rings)
    }

    public override func layoutSubviews() {
        let width = max(60, bounds.width * 0.5)
        nested.frame = Rect(x: bounds.maxX - width - 10, y: bounds.minY + 26, width: width,
                            height: max(40, min(90, bounds.height * 0.3)))
        rings.frame = bounds
    }

    /// Where the list goes, in the page's coordinates.
    var listRect: Rect {
        let top = nested.frame.maxY + 10
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bounds.maxY - top))
    }

    public override func willDisappear() {
        rings.contacts = []
    }

    // MARK: The four touch methods

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        rings.contacts += touches.inOrderOfBeginning
        log(.touchesBegan, touches, event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log(.touchesMoved, touches, event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        rings.contacts.removeAll { touches.contains($0) }
        log(.touchesEnded, touches, event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        rings.contacts.removeAll { touches.contains($0) }
        log(.touchesCancelled, touches, event)
    }

    private func log(_ method: EventInfoEntry.Method, _ touches: Set<Touch>, _ event: Event) {
        let infos = touches.inOrderOfBeginning.map { touch in
            EventInfoEntry.TouchInfo(touch: touch.traced, phase: touch.phase, tapCount: touch.tapCount,
                                     viewName: name(of: touch.view), inView: touch.location(in: touch.view),
                                     inWindow: touch.location(in: nil))
        }
        entries.insert(EventInfoEntry(method: method, touches: infos, allTouchesCount: event.allTouches.count), at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
        setNeedsDisplay(listRect)
        rings.setNeedsDisplay()
    }

    private func name(of view: View?) -> String {
        if view === nested { return "nested" }
        if view === self { return "view" }
        return view?.traceName ?? "none"
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.draw("Touch or click anywhere; the blue view is nested. Newest first:",
                     at: Point(x: bounds.minX + 8, y: bounds.minY + 6), font: Font(size: 9), color: Self.text,
                     width: bounds.width - 16, truncation: .end)
        var y = listRect.minY
        drawing: for entry in entries {
            for line in entry.lines {
                guard y + Self.lineHeight <= bounds.maxY else { break drawing }
                context.draw(line, at: Point(x: bounds.minX + 8, y: y), font: Self.listFont, color: Self.text,
                             width: bounds.width - 16, truncation: .end)
                y += Self.lineHeight
            }
        }
    }

    /// The nested view: no touch methods of its own, a caption at its origin.
    public final class NestedView: View {
        public override init(frame: Rect) {
            super.init(frame: frame)
            backgroundColor = EventInfoPage.nestedFill
        }

        public convenience init() { self.init(frame: .zero) }

        public override func draw(_ rect: Rect, in context: DrawingContext) {
            context.draw("nested view: (0, 0) here", at: Point(x: 4, y: 4), font: Font(size: 8),
                         color: EventInfoPage.text, width: bounds.width - 8, truncation: .end)
        }
    }

    /// A ring at every touch down on the page, over everything.
    final class RingsView: View {
        /// The touches down on the page now, in the order they began.
        var contacts: [Touch] = []

        override init(frame: Rect) {
            super.init(frame: frame)
            isUserInteractionEnabled = false
        }

        override func draw(_ rect: Rect, in context: DrawingContext) {
            context.setStrokeColor(EventInfoPage.ring)
            context.setLineWidth(3)
            for touch in contacts {
                context.beginPath()
                context.addCircle(center: touch.location(in: self), radius: 14)
                context.strokePath()
            }
        }
    }
}
