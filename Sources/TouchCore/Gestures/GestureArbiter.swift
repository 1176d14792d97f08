/// Settles the state changes a window's gesture recognizers make (SPEC §5):
/// applies them in the order they were made, through failure requirements
/// (`require(toFail:)`), the delegate's `shouldBegin`, exclusivity between
/// recognizers that share touches, and actions; lets go of recognizers
/// disabled or detached meanwhile; and puts those done with their gesture
/// back to possible. The gesture environment delivers the touches and asks
/// it to settle after each step; it holds no touches itself.
final class GestureArbiter {
    /// A state change a recognizer made, waiting to take effect.
    private struct Transition {
        let recognizer: GestureRecognizer
        let from: GestureRecognizer.State
        let to: GestureRecognizer.State
    }

    private unowned let window: Window
    /// The queue of view messages: a recognizer that recognizes may cancel
    /// the touches it received (`cancelsTouchesInView`).
    private let viewMessages: ViewMessageQueue
    /// The window's tracer (`Window.tracer`).
    var tracer: Tracer?
    /// Recognizers taking part in touch handling: from their first touch
    /// until their reset, in the order they joined.
    private(set) var activeRecognizers: [GestureRecognizer] = []
    private var transitions: [Transition] = []
    /// Set when an active recognizer may have stopped belonging to this
    /// window (disabled, detached, or its view left the window); until then
    /// every active recognizer is known to be valid, so settling need not
    /// walk each one's view tree.
    var needsValidation = false

    init(window: Window, viewMessages: ViewMessageQueue) {
        self.window = window
        self.viewMessages = viewMessages
    }

    /// `recognizer` takes part from now on (its first touch or indirect
    /// gesture), in `environment`.
    func activate(_ recognizer: GestureRecognizer, in environment: GestureEnvironment) {
        guard !activeRecognizers.contains(where: { $0 === recognizer }) else { return }
        activeRecognizers.append(recognizer)
        recognizer.join(environment)
    }

    /// A recognizer changed state: the change waits for `settle()`.
    func record(_ recognizer: GestureRecognizer, changedFrom from: GestureRecognizer.State,
                to next: GestureRecognizer.State) {
        transitions.append(Transition(recognizer: recognizer, from: from, to: next))
    }

    /// Applies the state changes made so far, then resets the recognizers
    /// done with their gesture.
    func settle() {
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

    /// Fails a recognizer that has not recognized. Its own change may still
    /// be queued (a second tap asking for `ended` in the batch where the
    /// double tap it requires to fail recognizes): that change never took
    /// effect, so the recognizer fails from `possible`, the only state anyone
    /// saw it in, never from the state it asked for.
    private func forceFail(_ recognizer: GestureRecognizer) {
        transitions.removeAll { $0.recognizer === recognizer }
        recognizer.currentState = .possible
        trace(recognizer, from: .possible, to: .failed)
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

    /// Traces a change that took effect. Going back to `possible` (reset)
    /// is legal from a finished state only; any other change must be one a
    /// recognizer may make (`State.canTransition(to:)`).
    private func trace(_ recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State) {
        assert(from == to || (to == .possible ? from.isFinished : from.canTransition(to: to)),
               "illegal gesture state transition \(from) → \(to) in \(recognizer.traceName)")
        guard let tracer, from != to else { return }
        tracer(.state(recognizer: recognizer.traceName, from: from, to: to))
    }
}
