/// Delivers a window's touches to gesture recognizers and views, and applies
/// the rules between recognizers (SPEC §5). Owned by the window.
///
/// Each input batch goes through three steps:
/// 1. Recognizers: every touch that begins is given to every enabled
///    recognizer on its hit view and the view's ancestors (deepest first,
///    each view's recognizers in the order they were added), if the
///    delegate's `shouldReceive` agrees. Each recognizer then gets one call
///    per phase with its touches of that phase.
/// 2. Settling: the state changes the recognizers made are applied in the
///    order they were made — failure requirements, `shouldBegin`,
///    exclusivity, actions.
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
/// only after something that could have changed it (see `needsValidation`).
final class GestureEnvironment {
    /// A state change a recognizer made, waiting to take effect.
    private struct Transition {
        let recognizer: GestureRecognizer
        let from: GestureRecognizer.State
        let to: GestureRecognizer.State
    }

    private unowned let window: Window
    /// Recognizers taking part in touch handling: from their first touch
    /// until their reset, in the order they joined.
    private(set) var activeRecognizers: [GestureRecognizer] = []
    /// Step 3: the messages on their way to views.
    private let viewMessages = ViewMessageQueue()
    /// The window's tracer (`Window.tracer`).
    var tracer: Tracer? {
        didSet { viewMessages.tracer = tracer }
    }
    private var transitions: [Transition] = []
    private var isBusy = false
    private var needsUpdate = false
    /// Set when an active recognizer may have stopped belonging to this
    /// window (disabled, detached, or its view left the window); until then
    /// every active recognizer is known to be valid, so settling need not
    /// walk each one's view tree.
    private var needsValidation = false
    private var changes = ScratchBuffer<ChangedTouch>()

    init(window: Window) {
        self.window = window
    }

    deinit {
        // Recognizers can outlive their window: none may keep referring to
        // this environment. (Compared by identity, which loads nothing.)
        let this = ObjectIdentifier(self)
        for recognizer in activeRecognizers where recognizer.environmentID == this {
            recognizer.join(nil)
        }
    }

    /// True when no view message is withheld and no recognizer is taking
    /// part in touch handling: what every touch sequence comes back to.
    var isIdle: Bool { viewMessages.isEmpty && activeRecognizers.isEmpty }

    // MARK: Entry points

    /// Delivers one input batch. Called by the window after it updated every
    /// touch of `event` and bound new touches to their hit view; `changed` are
    /// the touches that began, moved, ended or were cancelled in this batch,
    /// each once.
    func deliver(_ event: Event, changed: [Touch]) {
        viewMessages.latestEvent = event
        perform {
            let batch = viewMessages.beginBatch()
            if changed.count == 1 {
                // One touch changed (the usual case): no list of changes.
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
                for recognizer in activeRecognizers where recognizer.trackedTouches.contains(touch) {
                    recognizer.noteCentroid()
                    recognizer.trackedTouches.removeFirstIdentical(to: touch)
                }
            }
        }
    }

    /// Delivers the latest step of an indirect gesture: at its `began` the
    /// recognizers that accept it are chosen (as for a new touch: on its
    /// hit view and the view's ancestors, deepest first), and after its end
    /// they let go of it, going back to possible when done.
    func deliver(_ sequence: IndirectGestureSequence) {
        perform {
            let gesture = sequence.latest
            if gesture.phase == .began { chooseReceivers(of: sequence) }
            var cancelledRecipients: [GestureRecognizer] = []
            for recognizer in sequence.receivers
            where recognizer.indirectSequence === sequence && isReceivingTouches(recognizer) {
                if let tracer {
                    tracer(.indirectGesture(gesture.phase, kind: gesture.kind, source: gesture.source,
                                            receiver: recognizer.traceName))
                }
                switch gesture.phase {
                case .began: recognizer.indirectGestureBegan(gesture)
                case .changed: recognizer.indirectGestureChanged(gesture)
                case .ended: recognizer.indirectGestureEnded(gesture)
                case .cancelled:
                    recognizer.indirectGestureCancelled(gesture)
                    cancelledRecipients.append(recognizer)
                }
            }
            endGestures(of: cancelledRecipients)
            guard gesture.phase == .ended || gesture.phase == .cancelled else { return }
            for recognizer in sequence.receivers where recognizer.indirectSequence === sequence {
                recognizer.noteCentroid()
                recognizer.indirectSequence = nil
            }
            sequence.receivers = []
        }
    }

    /// The recognizers that take a new indirect gesture: enabled, accepting
    /// its kind, possible, free of touches and of other indirect gestures,
    /// and let by their delegate.
    private func chooseReceivers(of sequence: IndirectGestureSequence) {
        let gesture = sequence.latest
        var view = sequence.view
        while let current = view {
            for recognizer in current.gestureRecognizers
            where recognizer.isEnabled && recognizer.pendingState == nil && recognizer.currentState == .possible
                && recognizer.trackedTouches.isEmpty && recognizer.indirectSequence == nil
                && recognizer.acceptsIndirectGesture(gesture.kind) {
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: gesture) ?? true else { continue }
                recognizer.indirectSequence = sequence
                sequence.receivers.append(recognizer)
                activate(recognizer)
            }
            view = current.superview
        }
    }

    /// A recognizer changed state (from its touch methods or a timer).
    func recognizer(_ recognizer: GestureRecognizer, changedFrom from: GestureRecognizer.State,
                    to next: GestureRecognizer.State) {
        perform {
            transitions.append(Transition(recognizer: recognizer, from: from, to: next))
        }
    }

    /// A recognizer was disabled or detached from its view.
    func recognizerNeedsUpdate(_ recognizer: GestureRecognizer) {
        needsValidation = true
        perform {}
    }

    /// Views left this window: their recognizers no longer belong to it.
    /// They are let go at the next settling, as when a recognizer is
    /// disabled, but this alone starts no delivery.
    func viewsDidLeaveWindow() {
        needsValidation = true
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
    private func perform(_ body: () -> Void) {
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
            settle()
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

    private func activate(_ recognizer: GestureRecognizer) {
        guard !activeRecognizers.contains(where: { $0 === recognizer }) else { return }
        activeRecognizers.append(recognizer)
        recognizer.join(self)
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
    private func endGestures(of cancelledRecipients: [GestureRecognizer]) {
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
    /// (Without `needsValidation` a recognizer tracking touches here is
    /// known to be attached, so its weak `view` need not be loaded.)
    private func isReceivingTouches(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, !needsValidation || recognizer.view != nil else { return false }
        return recognizer.currentState == .possible || recognizer.currentState.isInProgress
    }

    // MARK: Settling state changes

    private func settle() {
        // Usually one state change (a pan's `changed`) or none.
        if !transitions.isEmpty || needsValidation { applyTransitions() }
        guard hasRecognizerDoneWithGesture() else { return }
        for recognizer in activeRecognizers where isDoneWithGesture(recognizer) {
            activeRecognizers.removeFirstIdentical(to: recognizer)
            trace(recognizer, from: recognizer.currentState, to: .possible)
            recognizer.resetToPossible()
        }
    }

    /// Lets go of recognizers that no longer belong to the window, and
    /// applies the state changes in the order they were made, until none
    /// is left.
    private func applyTransitions() {
        repeat {
            if needsValidation {
                // Releasing runs actions, which may invalidate others: they
                // set the flag again.
                needsValidation = false
                for recognizer in activeRecognizers where !belongsToWindow(recognizer) {
                    release(recognizer)
                }
            }
            while !transitions.isEmpty {
                // Oldest first; usually the only one, and removing the last
                // element is cheaper than shifting.
                process(transitions.count == 1 ? transitions.removeLast() : transitions.removeFirst())
            }
        } while hasInvalidRecognizer()
    }

    private func hasRecognizerDoneWithGesture() -> Bool {
        for recognizer in activeRecognizers where isDoneWithGesture(recognizer) { return true }
        return false
    }

    /// A recognizer whose gesture is over and whose touches are all gone
    /// goes back to possible.
    private func isDoneWithGesture(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.currentState.isFinished && recognizer.trackedTouches.isEmpty && recognizer.indirectSequence == nil
    }

    /// Whether an active recognizer no longer belongs to the window; when
    /// none does, the flag is cleared.
    private func hasInvalidRecognizer() -> Bool {
        guard needsValidation else { return false }
        if activeRecognizers.contains(where: { !belongsToWindow($0) }) { return true }
        needsValidation = false
        return false
    }

    /// Whether an active recognizer still takes part: enabled and attached
    /// to a view of this window. Recognizers join only in that condition and
    /// every way out of it raises `needsValidation`, so without the flag the
    /// answer is yes.
    private func isValid(_ recognizer: GestureRecognizer) -> Bool {
        !needsValidation || belongsToWindow(recognizer)
    }

    private func belongsToWindow(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.isEnabled && recognizer.view?.window === window
    }

    private func process(_ transition: Transition) {
        let recognizer = transition.recognizer
        switch transition.to {
        case .possible:
            assertionFailure("only reset moves a recognizer back to possible")
        case .began:
            attemptRecognition(recognizer, asked: .began)
        case .ended where transition.from == .possible:
            attemptRecognition(recognizer, asked: .ended)
        case .changed, .ended, .cancelled:
            trace(recognizer, from: transition.from, to: transition.to)
            recognizer.sendActions(tracer: tracer)
        case .failed:
            trace(recognizer, from: transition.from, to: transition.to)
            didFail(recognizer)
        }
    }

    /// A recognizer asked to leave `possible` by beginning (continuous) or
    /// by being recognized (discrete).
    private func attemptRecognition(_ recognizer: GestureRecognizer, asked: GestureRecognizer.State) {
        if activeRecognizers.contains(where: { recognizer.requiresFailure(of: $0) && $0.hasRecognized }) {
            forceFail(recognizer)
            return
        }
        if isWaitingForFailure(recognizer) {
            // Stay possible until the others fail, remembering the latest
            // state asked for (a pan's later `changed` still means `began`).
            let latest = transitions.last(where: { $0.recognizer === recognizer })?.to ?? asked
            transitions.removeAll { $0.recognizer === recognizer }
            switch latest {
            case .began, .changed:
                recognizer.pendingState = .began
            case .ended:
                recognizer.pendingState = .ended
            case .cancelled, .failed, .possible:
                forceFail(recognizer)
                return
            }
            recognizer.currentState = .possible
            return
        }
        guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else {
            forceFail(recognizer)
            return
        }
        let isPrevented = activeRecognizers.contains { other in
            other !== recognizer && other.hasRecognized && other.currentState.isInProgress
                && sharesTouches(other, recognizer) && excludes(other, recognizer)
        }
        if isPrevented {
            forceFail(recognizer)
            return
        }
        // Only now does the change take effect (not while it waited).
        trace(recognizer, from: .possible, to: asked)
        recognizer.hasRecognized = true
        recognizer.sendActions(tracer: tracer)
        for other in activeRecognizers where other !== recognizer && !other.hasRecognized {
            guard other.currentState != .failed else { continue }
            if other.requiresFailure(of: recognizer)
                || (sharesTouches(recognizer, other) && excludes(recognizer, other)) {
                forceFail(other)
            }
        }
        if recognizer.cancelsTouchesInView { viewMessages.cancelTouches(receivedBy: recognizer) }
    }

    /// Whether `winner`, having recognized, makes `loser` fail: neither
    /// delegate allows simultaneity and both sides agree to the prevention.
    private func excludes(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        !winner.allowsSimultaneousRecognition(with: loser)
            && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// Whether the two see a touch in common, or the same indirect gesture.
    private func sharesTouches(_ first: GestureRecognizer, _ second: GestureRecognizer) -> Bool {
        if let sequence = first.indirectSequence, sequence === second.indirectSequence { return true }
        return first.trackedTouches.contains { touch in second.trackedTouches.contains(touch) }
    }

    /// Whether a recognizer this one requires to fail is still undecided. A
    /// required recognizer that has not received touches takes no part in
    /// this gesture and does not hold it back.
    private func isWaitingForFailure(_ recognizer: GestureRecognizer) -> Bool {
        activeRecognizers.contains { other in
            other !== recognizer && isValid(other) && recognizer.requiresFailure(of: other)
                && !other.hasRecognized && other.currentState != .failed
        }
    }

    private func forceFail(_ recognizer: GestureRecognizer) {
        transitions.removeAll { $0.recognizer === recognizer }
        trace(recognizer, from: recognizer.currentState, to: .failed)
        recognizer.pendingState = nil
        recognizer.currentState = .failed
        didFail(recognizer)
    }

    /// A failure sends no action (SPEC §5, as UIKit) but may let
    /// recognizers waiting for it go.
    private func didFail(_ recognizer: GestureRecognizer) {
        for waiting in activeRecognizers {
            guard let pending = waiting.pendingState, !isWaitingForFailure(waiting) else { continue }
            waiting.pendingState = nil
            waiting.currentState = pending
            attemptRecognition(waiting, asked: pending)
        }
    }

    /// A recognizer disabled or detached: cancel or fail it, let go of its
    /// touches and reset it now.
    private func release(_ recognizer: GestureRecognizer) {
        let hadQueuedChange = transitions.contains { $0.recognizer === recognizer }
        if recognizer.hasRecognized {
            transitions.removeAll { $0.recognizer === recognizer }
            if recognizer.currentState.isInProgress {
                trace(recognizer, from: recognizer.currentState, to: .cancelled)
                recognizer.currentState = .cancelled
                recognizer.sendActions(tracer: tracer)
            } else if hadQueuedChange {
                recognizer.sendActions(tracer: tracer)
            }
        } else if recognizer.currentState != .failed {
            forceFail(recognizer)
        }
        for touch in recognizer.trackedTouches {
            touch.gestureRecognizers.removeAll { $0 === recognizer }
        }
        activeRecognizers.removeFirstIdentical(to: recognizer)
        trace(recognizer, from: recognizer.currentState, to: .possible)
        recognizer.resetToPossible()
    }

    private func trace(_ recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State) {
        guard let tracer, from != to else { return }
        tracer(.state(recognizer: recognizer.traceName, from: from, to: to))
    }
}
