import Timing

/// The touch messages on their way to views (SPEC §5, step 3 of the
/// gesture environment): one `TouchDelivery` per touch, queued per input
/// batch and sent when no recognizer holds them any more.
///
/// Messages are queued in the order they will be delivered: by batch, then
/// phase, then view, then touch. Flushing sends every message that is free
/// to go, oldest first, with the messages of one batch, phase and view in
/// one call; `delaysTouchesBegan` and `delaysTouchesEnded` hold a touch's
/// messages while one of its recognizers is still deciding, and a
/// recognizer that recognized with `cancelsTouchesInView` turns them into
/// one `touchesCancelled`. A `touchesEnded` held at all is held at least
/// `minimumEndedHold`, as UIKit holds it about 0.15 s; one that no
/// recognizer was deciding on when the touch ended goes at once, so
/// strokes whose recognizers have all decided end without delay.
final class ViewMessageQueue {
    /// How long a held `touchesEnded` waits at least, in seconds.
    static let minimumEndedHold = 0.15
    /// The window's timers, whose clock times a held `touchesEnded`.
    private let timers: TimerQueue
    /// Called when a held `touchesEnded` may go: the environment flushes.
    var holdExpired: () -> Void = {}
    /// Touches whose delivery to their view is not finished, in the order
    /// they began.
    private(set) var deliveries: [TouchDelivery] = []
    private var nextSequence = 0
    private var nextBatch = 0
    /// The latest event, for cancellations that happen between batches.
    var latestEvent: Event?
    /// The window's tracer (`Window.tracer`).
    var tracer: Tracer?
    private var views = ScratchBuffer<View>()
    private var outgoing = ScratchBuffer<Outgoing>()

    /// A view message ready to go out.
    private struct Outgoing {
        let message: TouchDelivery.Message
        let view: View
        let touch: Touch
    }

    init(timers: TimerQueue) {
        self.timers = timers
    }

    var isEmpty: Bool { deliveries.isEmpty }

    /// The delivery of `touch`, if it has one.
    func delivery(for touch: Touch) -> TouchDelivery? {
        deliveries.last { $0.touch === touch }
    }

    /// Whether a new touch on `view` must not reach the view's touch
    /// methods: the view takes one touch at a time
    /// (`isMultipleTouchEnabled` false) and already has one down, or a view
    /// with `isExclusiveTouch` has one down while the touch lands on
    /// another, or the touch lands on such a view while another has one.
    /// Asked once per new touch; with no touch down (the usual first
    /// finger) it looks at nothing.
    func withholdsNewTouch(from view: View) -> Bool {
        for other in deliveries where !other.isWithheldFromView {
            guard let otherView = other.view else { continue }
            switch other.touch.phase {
            case .ended, .cancelled: continue
            case .began, .moved, .stationary: break
            }
            if otherView === view {
                if !view.isMultipleTouchEnabled { return true }
            } else if view.isExclusiveTouch || otherView.isExclusiveTouch {
                return true
            }
        }
        return false
    }

    /// Starts delivering a new touch.
    func add(_ delivery: TouchDelivery) {
        deliveries.append(delivery)
    }

    /// `recognizer` recognized and cancels touches in its view: the views of
    /// its touches get `touchesCancelled` and nothing more.
    func cancelTouches(receivedBy recognizer: GestureRecognizer) {
        for delivery in deliveries where delivery.isReceived(by: recognizer) {
            delivery.isCancelledByRecognizer = true
        }
    }

    /// Numbers an input batch: the messages of one batch, phase and view go
    /// out in one call.
    func beginBatch() -> Int {
        defer { nextBatch += 1 }
        return nextBatch
    }

    // MARK: Queueing

    /// Appends this batch's view messages to their touches' queues.
    func queueMessages(of changes: [ChangedTouch], batch: Int, event: Event) {
        if changes.count == 1, let change = changes.first {
            queueMessages(of: change, batch: batch, event: event)
            return
        }
        var views = self.views.take()
        defer { self.views.recycle(&views) }
        var phasesInBatch: MessagePhases = []
        for change in changes {
            phasesInBatch.formUnion(change.phases)
            if let view = change.touch.view, !views.contains(where: { $0 === view }) { views.append(view) }
        }
        for (phase, flag) in phasesInBatch.inDeliveryOrder {
            for view in views {
                for change in changes
                where change.touch.view === view && change.phases.contains(flag) && change.delivery.takesViewMessages {
                    change.delivery.queue.append(.init(phase: phase, sequence: nextSequence, batch: batch,
                                                       event: event))
                    nextSequence += 1
                }
            }
        }
    }

    /// `queueMessages` for a batch of one touch: one view, its messages in
    /// phase order.
    func queueMessages(of change: ChangedTouch, batch: Int, event: Event) {
        guard change.touch.view != nil, change.delivery.takesViewMessages else { return }
        for (phase, _) in change.phases.inDeliveryOrder {
            change.delivery.queue.append(.init(phase: phase, sequence: nextSequence, batch: batch, event: event))
            nextSequence += 1
        }
    }

    // MARK: Flushing

    /// Delivers every view message no recognizer holds any more, oldest
    /// first, and forgets finished deliveries.
    func flush() {
        let cancellationBatch = beginBatch()
        guard deliveries.contains(where: { $0.hasWork }) else { return }
        var outgoing = self.outgoing.take()
        defer { self.outgoing.recycle(&outgoing) }
        for delivery in deliveries where delivery.hasWork {
            collect(delivery, into: &outgoing, cancellationBatch: cancellationBatch)
        }
        // Forget finished deliveries, keeping the others in order.
        var position = deliveries.endIndex
        while position > deliveries.startIndex {
            position -= 1
            if deliveries[position].isDone { deliveries.remove(at: position) }
        }
        send(&outgoing)
    }

    /// Moves the messages of `delivery` that are free to go to `outgoing`.
    private func collect(_ delivery: TouchDelivery, into outgoing: inout [Outgoing], cancellationBatch: Int) {
        guard let view = delivery.view else {
            delivery.clearQueue()
            return
        }
        if delivery.isCancelledByRecognizer {
            if delivery.viewSawBegan && !delivery.viewFinished, let event = latestEvent {
                let message = TouchDelivery.Message(phase: .cancelled, sequence: nextSequence,
                                                    batch: cancellationBatch, event: event)
                nextSequence += 1
                outgoing.append(Outgoing(message: message, view: view, touch: delivery.touch))
            }
            delivery.viewFinished = true
            delivery.clearQueue()
            return
        }
        if let systemCancel = delivery.queue.last(where: { $0.phase == .cancelled }) {
            // A cancelled touch is never held: the view lets it go now, or
            // never hears of it if it saw nothing yet.
            if delivery.viewSawBegan && !delivery.viewFinished {
                outgoing.append(Outgoing(message: systemCancel, view: view, touch: delivery.touch))
            }
            delivery.viewFinished = true
            delivery.clearQueue()
            return
        }
        guard !delivery.queue.isEmpty else { return }
        // Whether a recognizer still deciding holds these messages back,
        // asked only when it matters.
        var withholdsBegan: Bool?
        var withholdsEnded: Bool?
        while let message = delivery.queue.first {
            if !delivery.viewSawBegan {
                let withholds = withholdsBegan ?? delivery.hasDecider { $0.delaysTouchesBegan }
                withholdsBegan = withholds
                if withholds { break }
            }
            if message.phase == .ended {
                let withholds = withholdsEnded ?? holdsEnded(delivery)
                withholdsEnded = withholds
                if withholds { break }
            }
            delivery.queue.removeFirst()
            guard !delivery.viewFinished else { continue }
            switch message.phase {
            case .began: delivery.viewSawBegan = true
            case .ended, .cancelled: delivery.viewFinished = true
            case .moved, .stationary: break
            }
            outgoing.append(Outgoing(message: message, view: view, touch: delivery.touch))
        }
    }

    /// Whether the view's `touchesEnded` for `delivery` waits: while a
    /// recognizer with `delaysTouchesEnded` still decides, and until
    /// `minimumEndedHold` after it was first held. The timer that ends the
    /// hold is set only when the recognizers decided before that time (most
    /// decide after it, and then their decision flushes the queue), so a
    /// held end costs a timer only when one is needed.
    private func holdsEnded(_ delivery: TouchDelivery) -> Bool {
        let now = timers.clock.now
        if delivery.hasDecider(where: { $0.delaysTouchesEnded }) {
            if delivery.endHeldUntil == nil { delivery.endHeldUntil = now + Self.minimumEndedHold }
            return true
        }
        guard let until = delivery.endHeldUntil, now < until else { return false }
        if !delivery.hasEndHoldTimer {
            delivery.hasEndHoldTimer = true
            timers.schedule(after: until - now) { [weak self] in self?.holdExpired() }
        }
        return true
    }

    /// Sends `outgoing` in arrival order, one call per run of messages of
    /// the same view, phase and batch.
    private func send(_ outgoing: inout [Outgoing]) {
        if outgoing.count > 1 { outgoing.sort { $0.message.sequence < $1.message.sequence } }
        var index = outgoing.startIndex
        while index < outgoing.endIndex {
            let first = outgoing[index]
            var next = index + 1
            while next < outgoing.endIndex, outgoing[next].view === first.view,
                  outgoing[next].message.phase == first.message.phase,
                  outgoing[next].message.batch == first.message.batch {
                next += 1
            }
            let touches = first.message.event.touchSet(outgoing[index..<next].lazy.map { $0.touch }, count: next - index)
            if let tracer {
                tracer(.touches(first.message.phase, receiver: first.view.traceName, touches: TracedTouch.list(touches)))
            }
            first.view.receive(first.message.phase, touches, with: first.message.event)
            index = next
        }
    }
}
