import Render
import Timing
import TouchCore

/// The inspector overlay (issue 14), opened and closed with F12 or from the
/// canvas menu: it feeds an `InspectorModel` with the touch frames the
/// window receives, the window's trace and the session's commits, and
/// damages only what each of them changes (a contact's old and new ring
/// and label, a line group of the panel, one recognizer's row), so a
/// motion with the overlay open still repaints a few small rectangles.
///
/// While it is closed it keeps nothing and costs nothing: the session
/// feeds it only while it is open, and only then is the window's tracer
/// set for it.
final class InspectorOverlay {
    private(set) var isOpen = false
    private(set) var model = InspectorModel()
    /// Where the canvas lies in the window: the panel sits at its corner.
    var canvasFrame: Rect {
        didSet {
            guard isOpen, canvasFrame != oldValue else { return }
            damageEverything(on: oldValue)
            damageEverything(on: canvasFrame)
        }
    }
    /// Whether the compositor offers presentation feedback, for the panel.
    var presentationOffered = true
    /// Whether the compositor left the window's feedback requests
    /// unanswered; the panel says so.
    var presentationUnanswered = false {
        didSet {
            guard isOpen, presentationUnanswered != model.presentationUnanswered else { return }
            model.presentationUnanswered = presentationUnanswered
            damage(layout.presentation)
        }
    }
    /// Called after it opens or closes (the session sets the tracer then).
    var onToggle: (() -> Void)?

    /// Ages and rates change without input: while contacts are shown,
    /// their labels are repainted this often (seconds).
    static let refreshInterval = 0.25

    private let timers: TimerQueue
    private let recognizers: () -> [GestureRecognizer]
    private let damage: (Rect) -> Void
    private var refresh: TimerHandle?
    private var latencyUpdate: TimerHandle?
    /// Most lines of a frame are lines of the frame before.
    private let textCache = PanelTextCache()

    /// - Parameters:
    ///   - recognizers: the canvas's recognizers, whose timeline it shows.
    ///   - damage: receives the window rectangles to repaint.
    init(timers: TimerQueue, canvasFrame: Rect, recognizers: @escaping () -> [GestureRecognizer],
         damage: @escaping (Rect) -> Void) {
        self.timers = timers
        self.canvasFrame = canvasFrame
        self.recognizers = recognizers
        self.damage = damage
    }

    private var layout: InspectorLayout { InspectorLayout(canvasFrame: canvasFrame, timeline: model.timeline) }
    private var now: Double { timers.clock.now }

    func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Shows the panel with the recognizers as they are now; contacts
    /// already down show from their next move.
    func open() {
        guard !isOpen else { return }
        isOpen = true
        model = InspectorModel(timeline: RecognizerTimeline(recognizers: recognizers()))
        model.presentationOffered = presentationOffered
        model.presentationUnanswered = presentationUnanswered
        damage(layout.panel)
        onToggle?()
    }

    /// Takes everything away; the drawing under it is repainted.
    func close() {
        guard isOpen else { return }
        damageEverything(on: canvasFrame)
        isOpen = false
        model = InspectorModel()
        refresh?.cancel()
        latencyUpdate?.cancel()
        onToggle?()
    }

    /// A frame the window is about to handle.
    func observe(_ frame: TouchFrame) {
        guard isOpen else { return }
        let updates = model.receive(frame, at: now)
        for update in updates {
            // One rectangle for the old and the new place: a motion moves
            // a few points.
            let bounds = [update.before, update.after].compactMap { $0 }
                .map { InspectorLayout.contactBounds(at: $0.location, in: canvasFrame) }
            if let first = bounds.first { damage(bounds.dropFirst().reduce(first) { $0.union($1) }) }
        }
        damage(layout.frames)
        keepRefreshing()
    }

    /// A record of the window's tracer.
    func record(_ record: TraceRecord) {
        guard isOpen else { return }
        let rows = model.timeline.rows.count
        guard let row = model.record(record, at: now) else { return }
        // A recognizer it did not know makes the panel taller.
        damage(model.timeline.rows.count == rows ? layout.timelineRow(row) : layout.panel)
    }

    /// A frame is being committed now. The latency it measures shows in the
    /// next frame: damage raised while drawing would be lost with this one.
    func committed() {
        guard isOpen, model.committed(at: now), latencyUpdate?.isActive != true else { return }
        latencyUpdate = timers.schedule(after: 0) { [unowned self] in
            if isOpen { damage(layout.latency) }
        }
    }

    /// The compositor told what became of a frame with input (this comes
    /// between frames, so its damage reaches the next one).
    func presented(_ frame: FramePresentation, pacedForLatch: Bool) {
        guard isOpen else { return }
        model.presented(frame)
        model.pacedForLatch = pacedForLatch
        damage(layout.presentation)
    }

    /// Paints the overlay where `damage` touches it (the session's last
    /// painting step: it covers everything else).
    func paint(into buffer: PixelBuffer, damage: [Rect]) {
        guard isOpen else { return }
        InspectorPainter.paint(model, now: now, canvasFrame: canvasFrame, into: buffer, damage: damage,
                               textCache: textCache)
    }

    /// Damages all the overlay paints on a canvas at `frame`.
    private func damageEverything(on frame: Rect) {
        damage(InspectorLayout(canvasFrame: frame, timeline: model.timeline).panel)
        for contact in model.contacts { damage(InspectorLayout.contactBounds(at: contact.location, in: frame)) }
    }

    private func keepRefreshing() {
        if model.contacts.isEmpty {
            refresh?.cancel()
            refresh = nil
            return
        }
        guard refresh?.isActive != true else { return }
        refresh = timers.schedule(after: Self.refreshInterval, repeating: Self.refreshInterval) { [unowned self] in
            for contact in model.contacts { damage(InspectorLayout.contactBounds(at: contact.location, in: canvasFrame)) }
        }
    }
}
