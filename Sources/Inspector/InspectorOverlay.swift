import InspectorModel
import Render
import Presentation
import Timing
import TouchCore

/// The inspector overlay (issue 14), opened and closed with F12 or from the
/// canvas menu: it feeds an `InspectorModel` with the touch frames the
/// window receives, the window's trace and the session's commits, and
/// damages only what each of them changes (a contact's old and new ring
/// and label, a line group of the panel, one recognizer's row, the charts'
/// new columns and values), so a motion with the overlay open still
/// repaints a few small rectangles.
///
/// What changes without input of its own (the latencies, the histograms,
/// the contacts' ages) asks for no frame of its own while input comes: it
/// is repainted with the next frame of input, the histograms and ages at
/// most every `refreshInterval`, or by a tick that often once input stops.
/// A frame of its own would hold the frame callback that the next input
/// then waits for (and, on a nested compositor, queue behind it).
///
/// While it is closed it keeps nothing and costs nothing: the session
/// feeds it only while it is open, and only then is the window's tracer
/// set for it.
package final class InspectorOverlay {
    package private(set) var isOpen = false
    private(set) var model = InspectorModel()
    /// Where the canvas lies in the window: the panel sits at its corner.
    package var canvasFrame: Rect {
        didSet {
            guard isOpen, canvasFrame != oldValue else { return }
            damageEverything(on: oldValue)
            damageEverything(on: canvasFrame)
        }
    }
    /// Whether the compositor offers presentation feedback, for the panel.
    package var presentationOffered = true
    /// The modern protocols the compositor offers ("cursor2"), for the panel.
    package var protocolsOffered: [String] = []
    /// Whether the compositor left the window's feedback requests
    /// unanswered; the panel says so.
    package var presentationUnanswered = false {
        didSet {
            guard isOpen, presentationUnanswered != model.presentationUnanswered else { return }
            model.presentationUnanswered = presentationUnanswered
            damage(layout.presentation)
        }
    }
    /// Called after it opens or closes (the session sets the tracer then).
    package var onToggle: (() -> Void)?

    /// Ages and rates change without input: while contacts are shown,
    /// their labels are repainted this often (seconds); the charts'
    /// histograms at most this often.
    static let refreshInterval = 0.25

    /// Figures that changed since they were painted.
    private struct Pending: OptionSet {
        let rawValue: Int
        static let latency = Pending(rawValue: 1)
        static let presentation = Pending(rawValue: 2)
        static let histograms = Pending(rawValue: 4)
    }

    private let timers: TimerQueue
    private let recognizers: () -> [GestureRecognizer]
    private let damage: (Rect) -> Void
    private var pending: Pending = []
    /// When the histograms and the contacts' ages were last repainted.
    private var lastRefresh = -Double.infinity
    /// Whether a frame of input came since the tick before.
    private var inputSinceTick = false
    private var tick: TimerHandle?
    private var endedChartsRemoval: TimerHandle?
    /// Most lines of a frame are lines of the frame before.
    private let textCache = PanelTextCache()

    /// - Parameters:
    ///   - recognizers: the canvas's recognizers, whose timeline it shows.
    ///   - damage: receives the window rectangles to repaint.
    package init(timers: TimerQueue, canvasFrame: Rect, recognizers: @escaping () -> [GestureRecognizer],
         damage: @escaping (Rect) -> Void) {
        self.timers = timers
        self.canvasFrame = canvasFrame
        self.recognizers = recognizers
        self.damage = damage
    }

    private var arrangement: InspectorArrangement { InspectorPainter.arrangement(model, canvasFrame: canvasFrame) }
    private var layout: InspectorLayout { arrangement.text }
    private var now: Double { timers.clock.now }

    package func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Shows the panel with the recognizers as they are now; contacts
    /// already down show from their next move.
    func open() {
        guard !isOpen else { return }
        isOpen = true
        model = InspectorModel(timeline: RecognizerTimeline(recognizers: recognizers()))
        model.presentationOffered = presentationOffered
        model.protocolsOffered = protocolsOffered
        model.presentationUnanswered = presentationUnanswered
        for panel in arrangement.panels { damage(panel) }
        onToggle?()
    }

    /// Takes everything away; the drawing under it is repainted.
    func close() {
        guard isOpen else { return }
        damageEverything(on: canvasFrame)
        isOpen = false
        model = InspectorModel()
        pending = []
        lastRefresh = -.infinity
        tick?.cancel()
        endedChartsRemoval?.cancel()
        onToggle?()
    }

    /// A frame the window is about to handle.
    package func observe(_ frame: TouchFrame) {
        guard isOpen else { return }
        let before = arrangement
        let blocksBefore = model.charts.contacts.map(BlockIdentity.init)
        let devicesBefore = model.charts.devices.map(InspectorChartsPainter.deviceText)
        let placesBefore = contactPlaces()
        let updates = model.receive(frame, at: now)
        let chartsUpdate = model.charts.receive(frame)
        if !damageIfRearranged(from: before), let charts = before.charts {
            damageCharts(before: charts, blocksBefore: blocksBefore, update: chartsUpdate,
                         devicesChanged: model.charts.devices.map(InspectorChartsPainter.deviceText) != devicesBefore)
        }
        if chartsUpdate.contactsChanged { keepEndedCharts() }
        damageContacts(updated: updates, placesBefore: placesBefore)
        damage(layout.frames)
        inputSinceTick = true
        catchUp()
    }

    /// A record of the window's tracer.
    package func record(_ record: TraceRecord) {
        guard isOpen else { return }
        let before = arrangement
        guard let row = model.record(record, at: now) else { return }
        // A recognizer it did not know makes the panel taller (or the
        // heading's count of those shown larger).
        if !damageIfRearranged(from: before), let rect = layout.timelineRow(row) { damage(rect) }
    }

    /// A frame is being committed now. The latency it measures shows in the
    /// next frame: damage raised while drawing would be lost with this one.
    package func committed() {
        guard isOpen, model.committed(at: now) else { return }
        pending.formUnion([.latency, .histograms])
        keepTicking()
    }

    /// The compositor told what became of a frame with input (this comes
    /// between frames, so its damage reaches the next one).
    package func presented(_ frame: FramePresentation, pacedForLatch: Bool) {
        guard isOpen else { return }
        model.presented(frame)
        model.pacedForLatch = pacedForLatch
        pending.formUnion([.presentation, .histograms])
        keepTicking()
    }

    /// Paints the overlay where `damage` touches it (the session's last
    /// painting step: it covers everything else).
    package func paint(into buffer: PixelBuffer, damage: [Rect]) {
        guard isOpen else { return }
        InspectorPainter.paint(model, now: now, canvasFrame: canvasFrame, into: buffer, damage: damage,
                               textCache: textCache)
    }

    /// Damages all the overlay paints on a canvas at `frame`.
    private func damageEverything(on frame: Rect) {
        for panel in InspectorPainter.arrangement(model, canvasFrame: frame).panels { damage(panel) }
        for bounds in InspectorLayout.contactBounds(at: model.contacts.map(\.location), in: frame) { damage(bounds) }
    }

    /// A contact, as the compositor names it.
    private struct ContactKey: Hashable {
        let device: InputDeviceID
        let id: Int32

        init(_ contact: InspectorModel.Contact) {
            device = contact.device
            id = contact.id
        }
    }

    /// Where each contact paints its ring and its label now.
    private func contactPlaces() -> [ContactKey: Rect] {
        let bounds = InspectorLayout.contactBounds(at: model.contacts.map(\.location), in: canvasFrame)
        return Dictionary(zip(model.contacts.map(ContactKey.init), bounds)) { first, _ in first }
    }

    /// Damages the contacts a frame changed (their text, their place) and
    /// those whose label it sent aside (`InspectorLayout.labelFrames`):
    /// one rectangle for a contact's old and new place, as a motion moves
    /// a few points.
    private func damageContacts(updated updates: [InspectorModel.ContactUpdate], placesBefore: [ContactKey: Rect]) {
        let placesAfter = contactPlaces()
        let updated = Set(updates.flatMap { [$0.before, $0.after].compactMap { $0.map(ContactKey.init) } })
        for key in updated.union(placesBefore.keys).union(placesAfter.keys) {
            let before = placesBefore[key], after = placesAfter[key]
            guard updated.contains(key) || before != after else { continue }
            if let place = [before, after].compactMap({ $0 }).reduce(nil, { $0?.union($1) ?? $1 }) { damage(place) }
        }
    }

    /// What a block of the charts shows: when it changes, or the block
    /// moves, the whole block is repainted.
    private struct BlockIdentity: Equatable {
        let key: InputCharts.ContactKey
        let isEnded: Bool

        init(_ contact: InputCharts.ContactSeries) {
            key = contact.key
            isEnded = contact.isEnded
        }
    }

    /// Damages both panels, where they were and are, when a change
    /// rearranged them (a recognizer or a device more); returns whether it did.
    private func damageIfRearranged(from before: InspectorArrangement) -> Bool {
        let after = arrangement
        guard after.text != before.text || after.placement != before.placement else { return false }
        for panel in before.panels + after.panels { damage(panel) }
        return true
    }

    /// The charts a frame changed: a contact's block where one came, ended
    /// or went (and the band at the panel's top it adds or takes away);
    /// for a motion the columns its strips drew and their values (a whole
    /// strip when its scale grew); the devices' lines if what they say
    /// changed.
    private func damageCharts(before: InspectorChartsLayout, blocksBefore: [BlockIdentity],
                              update: InputCharts.Update, devicesChanged: Bool) {
        guard let after = arrangement.charts else { return }
        guard before.title == after.title else {
            // The part at the bottom grew (a device came): all of it moved.
            damage(before.panel.union(after.panel))
            return
        }
        if before.panel != after.panel {
            let top = min(before.panel.minY, after.panel.minY)
            damage(Rect(x: after.panel.minX, y: top, width: after.panel.width,
                        height: abs(before.panel.minY - after.panel.minY) + PanelStyle.padding))
        }
        if devicesChanged { damage(after.devices) }
        let contacts = model.charts.contacts
        let blocksAfter = contacts.map(BlockIdentity.init)
        var repainted = Set<Int>()
        for index in 0..<max(before.contacts.count, after.contacts.count) {
            let old = index < before.contacts.count ? (before.contacts[index], blocksBefore[index]) : nil
            let new = index < after.contacts.count ? (after.contacts[index], blocksAfter[index]) : nil
            guard old?.0 != new?.0 || old?.1 != new?.1 else { continue }
            if let old { damage(old.0) }
            if let new { damage(new.0) }
            repainted.insert(index)
        }
        var columns: [Int: [Range<Int>]] = [:]
        for stripUpdate in update.strips {
            guard let index = contacts.firstIndex(where: { $0.key == stripUpdate.contact }),
                  index < after.contacts.count, !repainted.contains(index) else { continue }
            let block = after.contacts[index]
            switch stripUpdate.change {
            case .whole:
                damage(InspectorChartsLayout.strip(stripUpdate.strip, in: block))
            case .columns(let ranges):
                columns[index, default: []].append(contentsOf: ranges)
            }
        }
        // The strips of a contact share their columns: one rectangle per
        // range across them, and one for their values.
        for (index, ranges) in columns {
            let block = after.contacts[index], strips = contacts[index].strips.count
            for range in Set(ranges) { damage(InspectorChartsLayout.columns(range, in: block, strips: strips)) }
            damage(InspectorChartsLayout.values(in: block, strips: strips))
        }
    }

    /// A lifted contact's charts stay for `InputCharts.endedLifetime` once
    /// every contact has ended, then go; a new contact takes their place
    /// at once (`InputCharts.receive`).
    private func keepEndedCharts() {
        endedChartsRemoval?.cancel()
        guard !model.charts.contacts.isEmpty, model.charts.allEnded else { return }
        endedChartsRemoval = timers.schedule(after: InputCharts.endedLifetime) { [unowned self] in
            guard isOpen else { return }
            let before = arrangement
            guard model.charts.removeEnded(), !damageIfRearranged(from: before),
                  let charts = before.charts, let after = arrangement.charts else { return }
            damage(charts.panel.union(after.panel))
        }
    }

    /// Repaints what changed without input: the latencies at once, the
    /// histograms' changed bars and titles and the contacts' labels (their
    /// ages) if `refreshInterval` has passed since they were last.
    private func catchUp() {
        if pending.contains(.latency) { damage(layout.latency) }
        if pending.contains(.presentation) { damage(layout.presentation) }
        pending.subtract([.latency, .presentation])
        if now - lastRefresh >= Self.refreshInterval {
            lastRefresh = now
            if pending.contains(.histograms) { repaintHistograms() }
            pending.remove(.histograms)
            for bounds in InspectorLayout.contactBounds(at: model.contacts.map(\.location), in: canvasFrame) {
                damage(bounds)
            }
        }
        keepTicking()
    }

    /// The histograms change with nearly every frame; only the bars and
    /// titles that changed are repainted.
    private func repaintHistograms() {
        let current = model.currentHistograms
        // Hidden charts are only kept up to date.
        let rects = arrangement.charts?.histograms ?? []
        for (index, histogram) in current.enumerated() where index < rects.count {
            let shown = model.histograms[index]
            if let bins = histogram.changedBins(from: shown) {
                damage(InspectorChartsLayout.bars(bins, inHistogram: rects[index]))
            }
            if histogram.median != shown.median || histogram.count != shown.count {
                damage(InspectorChartsLayout.title(ofHistogram: rects[index]))
            }
        }
        model.histograms = current
    }

    /// Ticks every `refreshInterval` while anything is pending or contacts
    /// are shown, and catches up when no input came since the tick before
    /// (input catches up itself); stops when there is nothing to do, so an
    /// idle overlay sleeps.
    private func keepTicking() {
        if pending.isEmpty && model.contacts.isEmpty {
            tick?.cancel()
            tick = nil
            return
        }
        guard tick?.isActive != true else { return }
        inputSinceTick = false
        tick = timers.schedule(after: Self.refreshInterval, repeating: Self.refreshInterval) { [unowned self] in
            guard isOpen else { return }
            if inputSinceTick {
                inputSinceTick = false
                return
            }
            catchUp()
        }
    }
}
