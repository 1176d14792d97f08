import Timing

/// Recognizes one gesture from the touches of its view and the view's
/// subviews, and tells its targets when its state changes
/// (UIGestureRecognizer).
///
/// This abstract base owns the state machine, the touches the recognizer
/// tracks and its target–action pairs; the window's gesture environment
/// decides who sees which touch and applies the rules between recognizers
/// (SPEC §5). A concrete recognizer only overrides the touch methods and
/// `reset()` and sets `state`:
///
///     final class TwoFingerTap: GestureRecognizer {
///         override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
///             if numberOfTouches > 2 { state = .failed }
///         }
///         override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
///             if state == .possible { state = numberOfTouches == 2 ? .recognized : .failed }
///         }
///     }
///
/// A recognizer is an observer, not a responder: it sees touches before
/// their view does and never takes part in the responder chain.
///
/// Targets and actions: a target is any object, held weakly; an action is an
/// `Action` name plus the handler to run, called with the target and the
/// recognizer. The pair (target identity, action name) identifies it: adding
/// the same pair again has no effect (the first handler stays), and
/// `removeTarget(_:action:)` with a nil target or a nil action removes every
/// matching pair. A change to began, changed, recognized (= ended) or
/// cancelled sends every pair's action (SPEC §5, as UIKit); failing and
/// going back to `possible` send nothing.
open class GestureRecognizer {
    /// The view the recognizer is attached to (set by
    /// `View.addGestureRecognizer(_:)`). Detaching a recognizer mid-gesture
    /// cancels it (or makes it fail) like disabling it.
    public internal(set) weak var view: View? {
        didSet {
            if oldValue !== view { environment?.recognizerNeedsUpdate(self) }
        }
    }

    /// A disabled recognizer receives no touches. Disabling it mid-gesture
    /// cancels it (`began`/`changed` → `cancelled`) or makes it fail
    /// (`possible` → `failed`), and it lets go of its touches at once.
    public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { environment?.recognizerNeedsUpdate(self) }
        }
    }

    /// When the gesture is recognized, the view gets `touchesCancelled` for
    /// the gesture's touches and sees no more of them. Default true.
    public var cancelsTouchesInView = true

    /// While this recognizer is still `possible`, its touches are withheld
    /// from the view; they are delivered in order if it fails and never if it
    /// recognizes. Default false.
    public var delaysTouchesBegan = false

    /// If this recognizer is still `possible` when a touch ends, the view's
    /// `touchesEnded` waits until it fails, and at least 0.15 s, as in UIKit
    /// (`ViewMessageQueue.minimumEndedHold`). Default true.
    public var delaysTouchesEnded = true

    public weak var delegate: GestureRecognizerDelegate?

    /// The current state. Only the recognizer itself (its touch methods or
    /// its timers) and the framework set it: to callers it is read-only, as
    /// UIKit's `state` is outside `UIGestureRecognizerSubclass.h`. A
    /// recognizer written outside TouchCore sets it through
    /// `setState(_:)`, which `@_spi(GestureRecognizerSubclass) import
    /// TouchCore` makes visible. Illegal transitions (see
    /// `State.canTransition(to:)`) trap in debug builds and are ignored in
    /// release builds. The effects of a change (actions, failing other
    /// recognizers, cancelling the view's touches) happen once the current
    /// touch delivery has reached every recognizer, or at once when set from
    /// a timer. While the recognizer waits for another to fail
    /// (`require(toFail:)`), it stays `possible`, and the state it asked for
    /// is applied when the other fails.
    public internal(set) var state: State {
        get { currentState }
        set { requestState(newValue) }
    }

    /// Ends a continuous gesture as `finalState` (`.ended` or `.cancelled`)
    /// when it is in progress; one that never began fails.
    public func finish(as finalState: State) {
        if state.isInProgress {
            state = finalState
        } else if state == .possible {
            state = .failed
        }
    }

    /// The timers of the view's window, for time-based gestures (they run on
    /// the window's clock, a fake one in tests). Nil while not in a window.
    public var timers: TimerQueue? { view?.window?.timers }

    /// How many touches the recognizer is tracking.
    public var numberOfTouches: Int { trackedTouches.count }

    /// Whether the recognizer has recognized but is held back, still
    /// `possible`, until a recognizer it requires to fail fails (a single
    /// tap waiting for the double tap). It takes no new touch meanwhile, so
    /// a second instance may take them (see `CanvasView`'s taps).
    public var isAwaitingFailure: Bool { pendingState != nil }

    // MARK: State kept for the gesture environment

    var currentState: State = .possible
    /// The state asked for while waiting for required recognizers to fail.
    var pendingState: State?
    /// Set when the recognizer actually left `possible` by recognizing (its
    /// `began`, or its discrete `ended`, took effect). Cleared by reset.
    var hasRecognized = false
    /// The touches it sees, in the order they began.
    var trackedTouches: [Touch] = []
    /// The indirect gesture it receives, from its `began` until it ends.
    var indirectSequence: IndirectGestureSequence?

    /// The latest step of the indirect gesture (a touchpad pinch or swipe,
    /// a wheel burst) this recognizer is receiving; nil while it receives
    /// none. Still set during the call of `indirectGestureEnded` or
    /// `indirectGestureCancelled`.
    public var indirectGesture: IndirectGesture? { indirectSequence?.latest }

    /// The touches this recognizer is tracking, in the order they began
    /// (for an action that must know which fingers made the gesture).
    public var touches: [Touch] { trackedTouches }
    /// Where its touches last were (window coordinates), so `location(in:)`
    /// still answers after they are gone (a tap recognized after a timeout).
    var lastCentroidInWindow: Point?
    /// Counts resets, so the environment can tell a recognizer's earlier
    /// gesture from the current one.
    var session = 0
    /// The environment it is taking part in, from its first touch until its
    /// reset. It does not own it (the window owns the environment, which
    /// owns its active recognizers), and the environment clears it when it
    /// goes away. Not `weak`: a weak reference would give the environment a
    /// side table, making each of its retains and releases a slow one.
    private(set) unowned var environment: GestureEnvironment?
    /// Which environment `environment` is, comparable without loading it
    /// (the environment's `deinit` compares it).
    private(set) var environmentID: ObjectIdentifier?
    /// Recognizers added with `require(toFail:)`, held strongly: a weak
    /// reference would give each required recognizer a side table, making
    /// its every retain and release a slow one (3 % more instructions per
    /// routed touch change under callgrind).
    private var requiredToFail: [GestureRecognizer] = []
    private var targets = TargetActionList()
    /// How this recognizer's timers reach it (see `schedule(after:_:)`).
    fileprivate var timerLink: TimerLink<GestureRecognizer>?

    public init() {}

    deinit {
        timerLink?.target = nil
    }

    /// Creates a recognizer with one target–action pair.
    public convenience init<Target: AnyObject>(target: Target, action: Action,
                                               _ handler: @escaping (Target, GestureRecognizer) -> Void) {
        self.init()
        addTarget(target, action: action, handler)
    }

    // MARK: Targets and actions

    /// Adds a target–action pair; `handler` runs with the target and this
    /// recognizer on every state change except to `possible`. Adding a pair
    /// with the same target and action again has no effect.
    public func addTarget<Target: AnyObject>(_ target: Target, action: Action,
                                             _ handler: @escaping (Target, GestureRecognizer) -> Void) {
        targets.add(target: target, action: action) { target, recognizer in
            // The list stores the target under its own identity, so the
            // cast cannot fail.
            handler(target as! Target, recognizer)
        }
    }

    /// Removes the matching pairs: a nil target matches every target, a nil
    /// action every action.
    func removeTarget(_ target: AnyObject?, action: Action?) {
        targets.remove(target: target, action: action)
    }

    /// Sends every pair's action; with a `tracer`, each is traced.
    func sendActions(tracer: Tracer? = nil) {
        targets.send(from: self, tracer: tracer)
    }

    /// What `--trace` and the inspector call this recognizer (as
    /// UIGestureRecognizer's `name`); nil: its type's name.
    public var name: String?

    /// `name`, or the type's name.
    public var traceName: String { name ?? String(describing: type(of: self)) }

    // MARK: Relations to other recognizers

    /// This recognizer may not leave `possible` until `other` fails; if
    /// `other` recognizes, this one fails. This is how a single tap waits
    /// for a double tap.
    /// A recognizer already required to fail by `other` cannot require
    /// `other` in turn: neither could ever leave `possible`, and the two
    /// would keep each other alive.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !requiredToFail.contains(where: { $0 === other }),
              !other.requiredToFail.contains(where: { $0 === self }) else { return }
        requiredToFail.append(other)
    }

    /// Whether this recognizer, once recognized, makes `preventedRecognizer`
    /// fail (when they share touches and neither allows simultaneity).
    func canPrevent(_ preventedRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether `preventingRecognizer`, once recognized, may make this one fail.
    func canBePrevented(by preventingRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `other` to fail; asked of
    /// recognizers taking part in the same touches. Default false.
    func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Whether `other` must wait for this recognizer to fail. Default false.
    func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Whether this recognizer has to wait for `other` to fail, by any of the
    /// four ways of saying so.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        guard other !== self else { return false }
        return requiredToFail.contains { $0 === other }
            || shouldRequireFailure(of: other)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.shouldBeRequiredToFail(by: self)
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// Whether either side's delegate allows both to recognize at once.
    func allowsSimultaneousRecognition(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    // MARK: Touches

    /// The centroid of the tracked touches in `view`'s coordinates (window
    /// coordinates when nil). After the touches are gone, where they last
    /// were.
    public func location(in view: View?) -> Point {
        let inWindow = centroidInWindow() ?? lastCentroidInWindow ?? .zero
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// The location of the tracked touch at `index` (in the order the
    /// touches began). `index` must be less than `numberOfTouches`.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(trackedTouches.indices.contains(index),
                     "touch index \(index) out of range: the recognizer tracks \(numberOfTouches) touches")
        return trackedTouches[index].location(in: view)
    }

    /// Stops tracking `touch`: the recognizer gets no more messages for it,
    /// and no longer delays or cancels its delivery to the view.
    public func ignore(_ touch: Touch, for event: Event) {
        guard trackedTouches.contains(touch) else { return }
        noteCentroid()
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers.removeAll { $0 === self }
        environment?.recognizer(self, ignores: touch)
    }

    func centroidInWindow() -> Point? {
        if let indirectSequence { return indirectSequence.latest.location }
        return centroid(of: trackedTouches.lazy.map { $0.location(in: nil) })
    }

    func noteCentroid() {
        if let centroid = centroidInWindow() { lastCentroidInWindow = centroid }
    }

    // MARK: Hooks for subclasses

    /// New touches for this recognizer (those that began in its view or a
    /// subview, and that the delegate let it receive).
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// The touches were cancelled (`wl_touch.cancel`). Whatever the
    /// subclass does, a recognizer still in progress is then cancelled and
    /// one still possible fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Whether this recognizer takes indirect gestures of `kind` (see
    /// `IndirectGesture`). Default false: a recognizer written for touches
    /// sees only touches. Pinch and rotation take `.pinch`, pan and swipe
    /// `.swipe`.
    func acceptsIndirectGesture(_ kind: IndirectGesture.Kind) -> Bool { false }

    /// An indirect gesture began over this recognizer's view (or a
    /// subview), and the recognizer accepts it: it is `possible`, tracks no
    /// touch and receives no other. It receives the gesture's steps until
    /// it ends, and no touches meanwhile.
    func indirectGestureBegan(_ gesture: IndirectGesture) {}
    func indirectGestureChanged(_ gesture: IndirectGesture) {}
    func indirectGestureEnded(_ gesture: IndirectGesture) {}
    /// Whatever the subclass does, a recognizer still in progress is then
    /// cancelled and one still possible fails, as for cancelled touches.
    func indirectGestureCancelled(_ gesture: IndirectGesture) {}

    /// Called when the recognizer goes back to `possible`, after its
    /// gesture ended, was cancelled or failed and all its touches are gone:
    /// forget per-gesture state and cancel timers here. Call super.
    open func reset() {}

    // MARK: Changing state

    private func requestState(_ requested: State) {
        if let pending = pendingState {
            // Waiting for another recognizer to fail: remember the latest
            // wish; a give-up fails at once.
            switch requested {
            case .began, .changed:
                pendingState = pending
                return
            case .ended:
                pendingState = .ended
                return
            case .cancelled, .failed:
                pendingState = nil
                apply(.failed)
                return
            case .possible:
                assertionFailure("a recognizer never sets itself back to possible; reset does")
                return
            }
        }
        guard currentState.canTransition(to: requested) else {
            assertionFailure("illegal gesture state transition \(currentState) → \(requested) in \(type(of: self))")
            return
        }
        apply(requested)
    }

    private func apply(_ next: State) {
        let previous = currentState
        currentState = next
        if let environment {
            environment.recognizer(self, changedFrom: previous, to: next)
        } else {
            // Not taking part in any touch delivery (no window yet): nothing
            // to coordinate with, the change takes effect now.
            if next == .began || (previous == .possible && next == .ended) { hasRecognized = true }
            if next != .failed { sendActions() }
        }
    }

    /// Takes part in `environment`'s touch handling (nil: none).
    func join(_ environment: GestureEnvironment?) {
        self.environment = environment
        environmentID = environment.map(ObjectIdentifier.init)
    }

    /// Back to `possible` for the next gesture.
    func resetToPossible() {
        noteCentroid()
        currentState = .possible
        pendingState = nil
        hasRecognized = false
        if !trackedTouches.isEmpty { trackedTouches.removeAll(keepingCapacity: true) }
        indirectSequence = nil
        session += 1
        join(nil)
        reset()
    }
}

/// Timers a recognizer sets for itself (a tap's window, a long press's
/// duration), through a protocol so that the action gets the recognizer's
/// own type.
protocol SchedulingOwnTimers: GestureRecognizer {}

extension GestureRecognizer: SchedulingOwnTimers {}

extension SchedulingOwnTimers {
    /// Runs `action` with this recognizer after `delay` seconds on its
    /// window's timers, unless the recognizer is gone by then. The timer
    /// does not keep the recognizer alive, and reaches it through an
    /// unowned link that the recognizer cuts when it goes away: a weak
    /// capture would give the recognizer a side table, and every timed
    /// recognizer would then retain and release slowly on each touch (9 %
    /// more instructions per routed touch change under callgrind).
    func schedule(after delay: Double, _ action: @escaping (Self) -> Void) -> TimerHandle? {
        let link = TimerLink<GestureRecognizer>.reused(&timerLink, for: self)
        return timers?.schedule(after: delay) {
            if let target = link.target as? Self { action(target) }
        }
    }
}
