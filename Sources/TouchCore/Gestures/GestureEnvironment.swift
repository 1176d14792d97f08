/// Delivers a window's touches to gesture recognizers and views; its
/// `GestureArbiter` applies the rules between recognizers (SPEC §5), and
/// the `IndirectGestureDispatcher` brings it indirect gestures. Owned by
/// the window.
///
/// Each input batch goes through three steps:
/// 1. Recognizers: every touch that begins is given to every enabled
///    recognizer on its hit view and the view's ancestors (deepest first,
///    each view's recognizers in the order they were added), if the
///    delegate's `shouldReceive` agrees. Each recognizer then gets one call
///    per phase with its touches of that phase.
/// 2. Settling (`GestureArbiter`): the state changes the recognizers made
///    are applied in the order they were made — failure requirements,
///    `shouldBegin`, exclusivity, actions.
/// 3. Views: each touch's view gets its messages (one call per view per
///    phase), unless a recognizer withholds them (`delaysTouchesBegan`,
///    `delaysTouchesEnded`) or cancelled them by recognizing
///    (`cancelsTouchesInView`). `ViewMessageQueue` holds and sends them;
///    this type decides, in step 2, which recognizer cancels what.
///
/// State changes made by timers (long press, multi-tap window) run steps 2
/// and 3 at once, so a tap failing on timeout releases the touches it held
/// and lets a recognizer waiting for it recognize.
///
/// This runs for every input batch, so the common case is kept cheap: a
/// batch's touch sets are built once per phase that occurs in it, and
/// whether the active recognizers still belong to the window is checked
/// only after something that could have changed it (see
/// `GestureArbiter.needsValidation`).
final class GestureEnvironment {
    /// Step 3: the messages on their way to views.
    private let viewMessages: ViewMessageQueue
    /// Step 2: the rules between recognizers.
    private let arbiter: GestureArbiter
    /// The window's tracer (`Window.tracer`).
    var tracer: Tracer? {
        didSet {
            viewMessages.tracer = tracer
            arbiter.tracer = tracer
        }
    }
    private var isBusy = false
    private var needsUpdate = false
    private var changes = ScratchBuffer<ChangedTouch>()

    init(window: Window) {
        viewMessages = ViewMessageQueue(timers: window.timers)
        arbiter = GestureArbiter(window: window, viewMessages: viewMessages)
        viewMessages.holdExpired = { [unowned self] in perform {} }
    }

    deinit {
        // Recognizers can outlive their window: none may keep referring to
        // this environment. (Compared by identity, which loads nothing.)
        let this = ObjectIdentifier(self)
        for recognizer in arbiter.activeRecognizers where recognizer.environmentID == this {
            recognizer.join(nil)
        }
    }

    /// True when no view message is withheld and no recognizer is taking
    /// part in touch handling: what every touch sequence comes back to.
    var isIdle: Bool { viewMessages.isEmpty && arbiter.activeRecognizers.isEmpty }

    // MARK: Entry points

    /// Delivers one input batch. Called by the window after it updated every
    /// touch of `event` and bound new touches to their hit view; its
    /// `changedTouches` are the touches that began, moved, ended or were
    /// cancelled in this batch, each once.
    func deliver(_ event: Event) {
        let changed = event.changedTouches
        viewMessages.latestEvent = event
        perform {
            let batch = viewMessages.beginBatch()
            if changed.count == 1 {
                // One touch changed (the usual case): no list of changes.
                // This path, the one-touch `deliverToRecognizers` and
                // `ViewMessageQueue.queueMessages(of: change…)` pay: the
                // routing benchmark's warmed-up count is 7,411 instructions
                // a change with them, 8,654 without (issue 21), so they stay.
                let touch = changed[0]
                let (phases, delivery) = messagePhases(for: touch)
                guard !phases.isEmpty else { return }
                let change = ChangedTouch(touch: touch, phases: phases, delivery: delivery)
                deliverToRecognizers(change, with: event)
                viewMessages.queueMessages(of: change, batch: batch, event: event)
                return
            }
            var changes = self.changes.take()
            for touch in changed.sorted(by: { $0.serial < $1.serial }) {
                let (phases, delivery) = messagePhases(for: touch)
                if !phases.isEmpty { changes.append(ChangedTouch(touch: touch, phases: phases, delivery: delivery)) }
            }
            deliverToRecognizers(changes, with: event)
            viewMessages.queueMessages(of: changes, batch: batch, event: event)
            self.changes.recycle(&changes)
        }
    }

    /// The window dropped these ended or cancelled touches: recognizers stop
    /// tracking them, and those done with their gesture go back to possible.
    func touchesRemoved(_ touches: [Touch]) {
        perform {
            for touch in touches {
                viewMessages.delivery(for: touch)?.isLive = false
                for recognizer in arbiter.activeRecognizers where recognizer.trackedTouches.contains(touch) {
                    recognizer.noteCentroid()
                    recognizer.trackedTouches.removeFirstIdentical(to: touch)
                }
            }
        }
    }

    /// A recognizer changed state (from its touch methods or a timer).
    func recognizer(_ recognizer: GestureRecognizer, changedFrom from: GestureRecognizer.State,
                    to next: GestureRecognizer.State) {
        perform {
            arbiter.record(recognizer, changedFrom: from, to: next)
        }
    }

    /// A recognizer was disabled or detached from its view.
    func recognizerNeedsUpdate(_ recognizer: GestureRecognizer) {
        arbiter.needsValidation = true
        perform {}
    }

    /// Views left this window: their recognizers no longer belong to it.
    /// They are let go at the next settling, as when a recognizer is
    /// disabled, but this alone starts no delivery.
    func viewsDidLeaveWindow() {
        arbiter.needsValidation = true
    }

    /// A recognizer stopped tracking `touch`: it has no more say in its delivery.
    func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
        perform {
            viewMessages.delivery(for: touch)?.receivers.removeAll { $0.recognizer === recognizer }
        }
    }

    /// Runs `body`, then settles state changes and delivers view messages
    /// until nothing changes. Nested calls (an action handler disabling a
    /// recognizer, a view handler…) only add work to the outer loop.
    func perform(_ body: () -> Void) {
        needsUpdate = true
        if isBusy {
            body()
            return
        }
        isBusy = true
        defer { isBusy = false }
        body()
        while needsUpdate {
            needsUpdate = false
            arbiter.settle()
            viewMessages.flush()
        }
    }

    // MARK: Recognizers

    /// The view messages a changed touch produces. A touch that is new to
    /// the environment begins first, even if it already ended (down and up
    /// in one frame).
    private func messagePhases(for touch: Touch) -> (MessagePhases, TouchDelivery) {
        let existing = viewMessages.delivery(for: touch)
        let isNew = existing == nil
        let delivery = existing ?? startDelivery(of: touch)
        let phases: MessagePhases
        switch touch.phase {
        case .began: phases = isNew ? [.began] : []
        case .moved: phases = isNew ? [.began] : [.moved]
        case .stationary: phases = isNew ? [.began] : []
        case .ended: phases = isNew ? [.began, .ended] : [.ended]
        case .cancelled: phases = isNew ? [.began, .cancelled] : [.cancelled]
        }
        return (phases, delivery)
    }

    /// Chooses the recognizers that see a new touch: enabled ones on its hit
    /// view and the view's ancestors, not finished with a gesture nor waiting
    /// for another to fail, that their delegate lets receive it.
    private func startDelivery(of touch: Touch) -> TouchDelivery {
        var receivers: [GestureRecognizer] = []
        receivers.reserveCapacity(8)  // a handful of recognizers: grow once at most
        var view = touch.view
        while let current = view {
            for recognizer in current.gestureRecognizers where acceptsNewTouches(recognizer) {
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
                receivers.append(recognizer)
            }
            view = current.superview
        }
        let delivery = TouchDelivery(touch: touch, receivers: receivers)
        if let hitView = touch.view { delivery.isWithheldFromView = viewMessages.withholdsNewTouch(from: hitView) }
        // A touch joining a gesture already recognized (a second finger on a
        // pan) never reaches the view when that gesture cancels touches.
        delivery.isCancelledByRecognizer = receivers.contains {
            $0.hasRecognized && $0.currentState.isInProgress && $0.cancelsTouchesInView
        }
        viewMessages.add(delivery)
        touch.gestureRecognizers = receivers
        for recognizer in receivers {
            recognizer.trackedTouches.append(touch)
            activate(recognizer)
        }
        return delivery
    }

    private func acceptsNewTouches(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, recognizer.pendingState == nil, recognizer.indirectSequence == nil else {
            return false
        }
        return recognizer.currentState == .possible || recognizer.currentState.isInProgress
    }

    func activate(_ recognizer: GestureRecognizer) {
        arbiter.activate(recognizer, in: self)
    }

    /// Calls the recognizers' touch methods, phase by phase, each recognizer
    /// once per phase with its touches of that phase (those it tracks at that
    /// moment: a recognizer may ignore a touch in an earlier phase).
    private func deliverToRecognizers(_ changes: [ChangedTouch], with event: Event) {
        guard let first = changes.first else { return }
        if changes.count == 1 {
            deliverToRecognizers(first, with: event)
            return
        }
        // The recipients are the touches' recognizers, each once.
        var recipients = first.touch.gestureRecognizers
        var phasesInBatch = first.phases
        for change in changes.dropFirst() {
            phasesInBatch.formUnion(change.phases)
            for recognizer in change.touch.gestureRecognizers where !recipients.contains(where: { $0 === recognizer }) {
                recipients.append(recognizer)
            }
        }
        var cancelledRecipients: [GestureRecognizer] = []
        for (phase, flag) in phasesInBatch.inDeliveryOrder {
            deliver(phase, flag, of: changes, to: recipients, with: event, cancelled: &cancelledRecipients)
        }
        endGestures(of: cancelledRecipients)
    }

    /// `deliverToRecognizers` for a batch of one touch (the usual case):
    /// every recognizer that tracks it gets the one-touch set.
    private func deliverToRecognizers(_ change: ChangedTouch, with event: Event) {
        let touch = change.touch
        let recipients = touch.gestureRecognizers
        var touches: Set<Touch>?
        var cancelledRecipients: [GestureRecognizer] = []
        for (phase, _) in change.phases.inDeliveryOrder {
            for recognizer in recipients
            where recognizer.trackedTouches.contains(where: { $0 === touch }) && isReceivingTouches(recognizer) {
                let set = touches ?? event.touchSet(CollectionOfOne(touch), count: 1)
                touches = set
                if let tracer { tracer(.touches(phase, receiver: recognizer.traceName, touches: [TracedTouch(touch)])) }
                if recognizer.receive(phase, set, with: event) { cancelledRecipients.append(recognizer) }
            }
        }
        endGestures(of: cancelledRecipients)
    }

    /// A cancelled touch ends its gestures, whatever the subclass did.
    func endGestures(of cancelledRecipients: [GestureRecognizer]) {
        for recognizer in cancelledRecipients {
            if recognizer.pendingState != nil || recognizer.currentState == .possible {
                recognizer.state = .failed
            } else if recognizer.currentState.isInProgress {
                recognizer.state = .cancelled
            }
        }
    }

    /// Calls each recipient's touch method for `phase` with the touches of
    /// `changes` in that phase it tracks, if any; adds those that got
    /// `touchesCancelled` to `cancelled`.
    private func deliver(_ phase: Touch.Phase, _ flag: MessagePhases, of changes: [ChangedTouch],
                         to recipients: [GestureRecognizer], with event: Event,
                         cancelled cancelledRecipients: inout [GestureRecognizer]) {
        let changesOfPhase = changes.count { $0.phases.contains(flag) }
        // Usually every recipient tracks every touch of the phase: they
        // share one set, built on first use.
        var allOfPhase: Set<Touch>?
        for recognizer in recipients {
            let tracked = changes.count { change in
                change.phases.contains(flag) && recognizer.trackedTouches.contains { $0 === change.touch }
            }
            guard tracked > 0, isReceivingTouches(recognizer) else { continue }
            let touches: Set<Touch>
            if tracked == changesOfPhase {
                let all = allOfPhase ?? event.touchSet(changes.lazy.filter { $0.phases.contains(flag) }.map { $0.touch },
                                                       count: changesOfPhase)
                allOfPhase = all
                touches = all
            } else {
                touches = Set(changes.lazy.filter { change in
                    change.phases.contains(flag) && recognizer.trackedTouches.contains { $0 === change.touch }
                }.map { $0.touch })
            }
            if let tracer { tracer(.touches(phase, receiver: recognizer.traceName, touches: TracedTouch.list(touches))) }
            if recognizer.receive(phase, touches, with: event) { cancelledRecipients.append(recognizer) }
        }
    }

    /// Recognizers still deciding or in progress get touch messages;
    /// finished ones wait for their reset.
    /// (Without `GestureArbiter.needsValidation` a recognizer tracking touches here is
    /// known to be attached, so its weak `view` need not be loaded.)
    func isReceivingTouches(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, !arbiter.needsValidation || recognizer.view != nil else { return false }
        return recognizer.currentState == .possible || recognizer.currentState.isInProgress
    }
}
