import TouchCore

/// The touch-events guide's EventInfo: one view overriding all four touch
/// methods and logging every message as the guide does (`EventInfoEntry`):
/// the method with `touches.count`, then every touch of `event.allTouches`
/// with its place in the view and in the window, its phase and `tapCount`.
/// The page shows the messages newest first; `listsNewestFirst` off (the
/// switch at its top left) shows them in the guide's order, oldest first,
/// as its console does.
///
/// The page is that view. A nested subview (`nested`) sits inside it with
/// no touch methods of its own: its touches travel up the responder chain
/// to the page, bound to the nested view. A ring marks each touch where it
/// is.
public final class EventInfoPage: PlaygroundPage {
    /// The nested view whose coordinates the list shows for touches in it.
    let nested = NestedView()
    /// The rings at the touches, above the nested view.
    private let rings = RingsView()
    /// Flips `listsNewestFirst`.
    let newestFirstSwitch = LabSwitch(title: "newest first", isOn: true)
    /// Whether the list shows the newest message at the top (the page's
    /// way) or the oldest, as the guide's console does.
    var listsNewestFirst: Bool {
        get { newestFirstSwitch.isOn }
        set {
            guard newValue != newestFirstSwitch.isOn else { return }
            newestFirstSwitch.isOn = newValue
            setNeedsDisplay(listRect)
        }
    }
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

    init() {
        super.init(title: "EventInfo")
        // It logs every finger's messages.
        isMultipleTouchEnabled = true
        backgroundColor = Self.background
        addSubview(nested)
        addSubview(newestFirstSwitch)
        addSubview(rings)
        newestFirstSwitch.onChange = { [unowned self] _ in setNeedsDisplay(listRect) }
    }

    public override func layoutSubviews() {
        let width = max(60, bounds.width * 0.5)
        nested.frame = Rect(x: bounds.maxX - width - 10, y: bounds.minY + 26, width: width,
                            height: max(40, min(90, bounds.height * 0.3)))
        newestFirstSwitch.frame = Rect(x: bounds.minX + 8, y: bounds.minY + 26,
                                       width: max(0, nested.frame.minX - bounds.minX - 18), height: 40)
        rings.frame = bounds
    }

    /// Where the list goes, in the page's coordinates.
    var listRect: Rect {
        let top = nested.frame.maxY + 10
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bounds.maxY - top))
    }

    override func willDisappear() {
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
        // The guide loops over the event's touches, not the message's.
        let infos = event.allTouches.inOrderOfBeginning.map { touch in
            EventInfoEntry.TouchInfo(touch: touch.traced, phase: touch.phase, tapCount: touch.tapCount,
                                     viewName: name(of: touch.view), inSelf: touch.location(in: self),
                                     inWindow: touch.location(in: nil))
        }
        entries.insert(EventInfoEntry(method: method, touchesCount: touches.count, allTouches: infos), at: 0)
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
        context.draw("Touch or click anywhere; the blue view is nested.",
                     at: Point(x: bounds.minX + 8, y: bounds.minY + 6), font: Font(size: 9), color: Self.text,
                     width: bounds.width - 16, truncation: .end)
        var y = listRect.minY
        for line in visibleLines {
            context.draw(line, at: Point(x: bounds.minX + 8, y: y), font: Self.listFont, color: Self.text,
                         width: bounds.width - 16, truncation: .end)
            y += Self.lineHeight
        }
    }

    /// The lines the list has room for: the newest message's first, or, in
    /// the guide's order, the last lines its console would show.
    var visibleLines: [String] {
        let room = Int(listRect.height / Self.lineHeight)
        if listsNewestFirst { return Array(entries.lazy.flatMap(\.lines).prefix(room)) }
        return Array(entries.reversed().flatMap(\.lines).suffix(room))
    }

    /// The nested view: no touch methods of its own, a caption at its origin.
    public final class NestedView: View {
        public override init(frame: Rect) {
            super.init(frame: frame)
            backgroundColor = EventInfoPage.nestedFill
            // Every finger on it reaches the page through the responder
            // chain, not only the first.
            isMultipleTouchEnabled = true
        }

        convenience init() { self.init(frame: .zero) }

        public override func draw(_ rect: Rect, in context: DrawingContext) {
            context.draw("nested view", at: Point(x: 4, y: 4), font: Font(size: 8),
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
