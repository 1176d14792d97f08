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
///    (`cancelsTouchesInView`).
///
/// State changes made by timers (long press, multi-tap window) run steps 2
/// and 3 at once, so a tap failing on timeout releases the touches it held
/// and lets a recognizer waiting for it recognize.
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
    /// Touches whose delivery to their view is not finished, in the order
    /// they began.
    private var deliveries: [TouchDelivery] = []
    private var transitions: [Transition] = []
    private var isBusy = false
    private var needsUpdate = false
    private var nextSequence = 0
    private var nextBatch = 0
    /// The latest event, for cancellations that happen between batches.
    private var latestEvent: Event?

    init(window: Window) {
        self.window = window
    }

    /// True when no view message is withheld and no recognizer is taking
    /// part in touch handling: what every touch sequence comes back to.
    var isIdle: Bool { deliveries.isEmpty && activeRecognizers.isEmpty }

    // MARK: Entry points

    /// Delivers one input batch. Called by the window after it updated every
    /// touch of `event` and bound new touches to their hit view; `changed` are
    /// the touches that began, moved, ended or were cancelled in this batch.
    func deliver(_ event: Event, changed: Set<Touch>) {
        latestEvent = event
        perform {
            let batch = nextBatch
            nextBatch += 1
            var phasesByTouch: [(touch: Touch, phases: [Touch.Phase])] = []
            for touch in changed.sorted(by: { $0.serial < $1.serial }) {
                let phases = messagePhases(for: touch)
                if !phases.isEmpty { phasesByTouch.append((touch, phases)) }
            }
            deliverToRecognizers(phasesByTouch, with: event)
            queueViewMessages(phasesByTouch, batch: batch, event: event)
        }
    }

    /// The window dropped these ended or cancelled touches: recognizers stop
    /// tracking them, and those done with their gesture go back to possible.
    func touchesRemoved(_ touches: Set<Touch>) {
        perform {
            for touch in touches {
                delivery(for: touch)?.isLive = false
                for recognizer in activeRecognizers where recognizer.trackedTouches.contains(touch) {
                    recognizer.noteCentroid()
                    recognizer.trackedTouches.removeAll { $0 === touch }
                }
            }
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
        perform {}
    }

    /// A recognizer stopped tracking `touch`: it has no more say in its delivery.
    func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
        perform {
            delivery(for: touch)?.receivers.removeAll { $0.recognizer === recognizer }
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
            flushViewMessages()
        }
    }

    // MARK: Recognizers

    /// The view messages a changed touch produces. A touch that is new to
    /// the environment begins first, even if it already ended (down and up
    /// in one frame).
    private func messagePhases(for touch: Touch) -> [Touch.Phase] {
        let isNew = delivery(for: touch) == nil
        if isNew { startDelivery(of: touch) }
        switch touch.phase {
        case .began: return isNew ? [.began] : []
        case .moved: return isNew ? [.began] : [.moved]
        case .stationary: return isNew ? [.began] : []
        case .ended: return isNew ? [.began, .ended] : [.ended]
        case .cancelled: return isNew ? [.began, .cancelled] : [.cancelled]
        }
    }

    /// Chooses the recognizers that see a new touch: enabled ones on its hit
    /// view and the view's ancestors, not finished with a gesture nor waiting
    /// for another to fail, that their delegate lets receive it.
    private func startDelivery(of touch: Touch) {
        var receivers: [GestureRecognizer] = []
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
        deliveries.append(delivery)
        touch.gestureRecognizers = receivers
        for recognizer in receivers {
            recognizer.trackedTouches.append(touch)
            activate(recognizer)
        }
    }

    private func acceptsNewTouches(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, recognizer.pendingState == nil else { return false }
        return recognizer.currentState == .possible || recognizer.currentState.isInProgress
    }

    private func activate(_ recognizer: GestureRecognizer) {
        guard !activeRecognizers.contains(where: { $0 === recognizer }) else { return }
        activeRecognizers.append(recognizer)
        recognizer.environment = self
    }

    /// Calls the recognizers' touch methods, phase by phase, each recognizer
    /// once per phase with its touches of that phase.
    private func deliverToRecognizers(_ phasesByTouch: [(touch: Touch, phases: [Touch.Phase])], with event: Event) {
        var recipients: [GestureRecognizer] = []
        for (touch, _) in phasesByTouch {
            for recognizer in touch.gestureRecognizers where !recipients.contains(where: { $0 === recognizer }) {
                recipients.append(recognizer)
            }
        }
        var cancelledRecipients: [GestureRecognizer] = []
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            for recognizer in recipients {
                let touches = Set(phasesByTouch.filter { entry in
                    entry.phases.contains(phase) && recognizer.trackedTouches.contains(entry.touch)
                }.map(\.touch))
                guard !touches.isEmpty, isReceivingTouches(recognizer) else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                case .cancelled:
                    recognizer.touchesCancelled(touches, with: event)
                    cancelledRecipients.append(recognizer)
                case .stationary: break
                }
            }
        }
        // A cancelled touch ends its gestures, whatever the subclass did.
        for recognizer in cancelledRecipients {
            if recognizer.pendingState != nil || recognizer.currentState == .possible {
                recognizer.state = .failed
            } else if recognizer.currentState.isInProgress {
                recognizer.state = .cancelled
            }
        }
    }

    /// Recognizers still deciding or in progress get touch messages;
    /// finished ones wait for their reset.
    private func isReceivingTouches(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, recognizer.view != nil else { return false }
        return recognizer.currentState == .possible || recognizer.currentState.isInProgress
    }

    // MARK: Settling state changes

    private func settle() {
        repeat {
            for recognizer in activeRecognizers where !isValid(recognizer) {
                release(recognizer)
            }
            while !transitions.isEmpty {
                process(transitions.removeFirst())
            }
        } while activeRecognizers.contains(where: { !isValid($0) })
        for recognizer in activeRecognizers
        where recognizer.currentState.isFinished && recognizer.trackedTouches.isEmpty {
            activeRecognizers.removeAll { $0 === recognizer }
            recognizer.resetToPossible()
        }
    }

    private func isValid(_ recognizer: GestureRecognizer) -> Bool {
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
            recognizer.sendActions()
        case .failed:
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
        recognizer.hasRecognized = true
        recognizer.sendActions()
        for other in activeRecognizers where other !== recognizer && !other.hasRecognized {
            guard other.currentState != .failed else { continue }
            if other.requiresFailure(of: recognizer)
                || (sharesTouches(recognizer, other) && excludes(recognizer, other)) {
                forceFail(other)
            }
        }
        if recognizer.cancelsTouchesInView {
            for delivery in deliveries where delivery.isReceived(by: recognizer) {
                delivery.isCancelledByRecognizer = true
            }
        }
    }

    /// Whether `winner`, having recognized, makes `loser` fail: neither
    /// delegate allows simultaneity and both sides agree to the prevention.
    private func excludes(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        !winner.allowsSimultaneousRecognition(with: loser)
            && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    private func sharesTouches(_ first: GestureRecognizer, _ second: GestureRecognizer) -> Bool {
        first.trackedTouches.contains { touch in second.trackedTouches.contains(touch) }
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
        recognizer.pendingState = nil
        recognizer.currentState = .failed
        didFail(recognizer)
    }

    /// A failure sends the actions and may let recognizers waiting for it go.
    private func didFail(_ recognizer: GestureRecognizer) {
        recognizer.sendActions()
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
                recognizer.currentState = .cancelled
                recognizer.sendActions()
            } else if hadQueuedChange {
                recognizer.sendActions()
            }
        } else if recognizer.currentState != .failed {
            forceFail(recognizer)
        }
        for touch in recognizer.trackedTouches {
            touch.gestureRecognizers.removeAll { $0 === recognizer }
        }
        activeRecognizers.removeAll { $0 === recognizer }
        recognizer.resetToPossible()
    }

    // MARK: Views

    /// Appends this batch's view messages to their touches' queues, in the
    /// order they will be delivered: by phase, then by view, then by touch.
    private func queueViewMessages(_ phasesByTouch: [(touch: Touch, phases: [Touch.Phase])], batch: Int,
                                   event: Event) {
        var views: [View] = []
        for (touch, _) in phasesByTouch {
            if let view = touch.view, !views.contains(where: { $0 === view }) { views.append(view) }
        }
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            for view in views {
                for (touch, phases) in phasesByTouch where touch.view === view && phases.contains(phase) {
                    guard let delivery = delivery(for: touch) else { continue }
                    delivery.queue.append(.init(phase: phase, sequence: nextSequence, batch: batch, event: event))
                    nextSequence += 1
                }
            }
        }
    }

    /// Delivers every view message no recognizer holds any more, oldest
    /// first, and forgets finished deliveries.
    private func flushViewMessages() {
        struct Outgoing {
            let message: TouchDelivery.Message
            let view: View
            let touch: Touch
        }
        var outgoing: [Outgoing] = []
        let cancellationBatch = nextBatch
        nextBatch += 1
        func cancel(_ delivery: TouchDelivery, view: View) {
            if delivery.viewSawBegan && !delivery.viewFinished, let event = latestEvent {
                let message = TouchDelivery.Message(phase: .cancelled, sequence: nextSequence,
                                                    batch: cancellationBatch, event: event)
                nextSequence += 1
                outgoing.append(Outgoing(message: message, view: view, touch: delivery.touch))
            }
            delivery.viewFinished = true
            delivery.queue = []
        }
        for delivery in deliveries {
            guard let view = delivery.view else {
                delivery.queue = []
                continue
            }
            if delivery.isCancelledByRecognizer {
                cancel(delivery, view: view)
                continue
            }
            if let systemCancel = delivery.queue.last(where: { $0.phase == .cancelled }) {
                // A cancelled touch is never held: the view lets it go now,
                // or never hears of it if it saw nothing yet.
                if delivery.viewSawBegan && !delivery.viewFinished {
                    outgoing.append(Outgoing(message: systemCancel, view: view, touch: delivery.touch))
                }
                delivery.viewFinished = true
                delivery.queue = []
                continue
            }
            let deciders = delivery.deciders
            while let message = delivery.queue.first {
                if !delivery.viewSawBegan && deciders.contains(where: \.delaysTouchesBegan) { break }
                if message.phase == .ended && deciders.contains(where: \.delaysTouchesEnded) { break }
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
        deliveries.removeAll(where: \.isDone)

        outgoing.sort { $0.message.sequence < $1.message.sequence }
        var index = outgoing.startIndex
        while index < outgoing.endIndex {
            let first = outgoing[index]
            var touches: Set<Touch> = [first.touch]
            var next = index + 1
            while next < outgoing.endIndex, outgoing[next].view === first.view,
                  outgoing[next].message.phase == first.message.phase,
                  outgoing[next].message.batch == first.message.batch {
                touches.insert(outgoing[next].touch)
                next += 1
            }
            send(first.message.phase, touches, to: first.view, with: first.message.event)
            index = next
        }
    }

    private func send(_ phase: Touch.Phase, _ touches: Set<Touch>, to view: View, with event: Event) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    private func delivery(for touch: Touch) -> TouchDelivery? {
        deliveries.last { $0.touch === touch }
    }
}
