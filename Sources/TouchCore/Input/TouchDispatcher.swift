/// Turns a window's raw touch batches into `Touch` objects and deliveries.
///
/// Changes of one `TouchFrame` are delivered together, except that a touch
/// changes phase at most once per delivery: when a frame holds, say, a down
/// and an up for one id, the changes before the second one are delivered
/// first (began, then ended), so no phase is lost. Consecutive moves of one
/// touch in a frame merge into one move.
final class TouchDispatcher {
    /// The window that owns the dispatcher, so it outlives it. Not counted:
    /// every batch sends through it, and the window's side table (it has
    /// weak references) makes each counted load cost a slow-path retain.
    private unowned(unsafe) let window: Window
    /// The window's gesture environment, which learns of ended touches.
    private let environment: GestureEnvironment
    /// The touches currently down, in creation order; one per raw id and
    /// device. A touch leaves on up or cancel, so a reused id makes a new
    /// touch. (A handful at most: a linear search beats hashing the seat name.)
    private var active: [Touch] = []
    /// Every touch on the window in creation order, including those that
    /// ended in the batch being built.
    private var tracked: [Touch] = []
    /// `tracked` as a set, kept up to date for the events (most batches
    /// only move touches, and then every event shares one set).
    private var trackedSet: Set<Touch> = []
    /// Touches changed in the batch being built, in order of change.
    private var batch: [Touch] = []
    /// An emptied batch buffer, kept so building a batch allocates nothing.
    private var spareBatch: [Touch] = []
    private var tapCounter = TapCounter()
    private var nextSerial: UInt64 = 0
    /// Timestamp of the frame being processed, for its deliveries.
    private var frameTime: Double = 0

    init(window: Window, environment: GestureEnvironment) {
        self.window = window
        self.environment = environment
    }

    var activeTouches: Set<Touch> { Set(active) }

    func handle(_ frame: TouchFrame) {
        frameTime = frame.timestamp
        if frame.cancelAll {
            for touch in tracked {
                finish(touch, as: .cancelled, at: frame.timestamp)
            }
        } else {
            for change in frame.changes {
                apply(change)
            }
        }
        deliver()
    }

    /// Ends every active touch (`Window.liftAllTouches`), at the time of
    /// the last change seen: one delivery, as one frame of ups would be.
    func liftAll() {
        guard !active.isEmpty else { return }
        frameTime = active.map(\.timestamp).max()!
        for touch in active {
            finish(touch, as: .ended, at: frameTime)
        }
        deliver()
    }

    private func apply(_ change: RawTouch) {
        switch change.phase {
        case .down:
            begin(change)
        case .move:
            guard let touch = activeTouch(change.device, change.id) else { return }
            move(touch, to: change.location, at: change.timestamp)
            touch.pressure = change.pressure
            touch.tilt = change.tilt
        case .up:
            guard let touch = activeTouch(change.device, change.id) else { return }
            finish(touch, as: .ended, at: change.timestamp)
        case .cancel:
            guard let touch = activeTouch(change.device, change.id) else { return }
            finish(touch, as: .cancelled, at: change.timestamp)
        }
    }

    /// The touch down for this raw id of `device`, if any.
    private func activeTouch(_ device: InputDeviceID, _ id: Int32) -> Touch? {
        active.first { $0.rawID == id && $0.device == device }
    }

    private func begin(_ change: RawTouch) {
        let seat = change.device.seat
        switch change.device.kind {
        case .pointer:
            // The compositor may emulate the pointer from a finger or a pen
            // we already track: one contact must not draw twice.
            if active.contains(where: { $0.kind != .pointer && $0.device.seat == seat }) { return }
        case .finger, .pen, .eraser:
            for touch in active where touch.kind == .pointer && touch.device.seat == seat {
                finish(touch, as: .cancelled, at: change.timestamp)
            }
        }
        if let lost = activeTouch(change.device, change.id) {
            // The up of the previous contact with this id never came.
            finish(lost, as: .ended, at: change.timestamp)
        }
        let touch = Touch(kind: change.device.kind, device: change.device, rawID: change.id,
                          serial: nextSerial, location: change.location, timestamp: change.timestamp,
                          tapCount: tapCounter.tapCount(device: change.device, location: change.location,
                                                        time: change.timestamp),
                          window: window, pressure: change.pressure, tilt: change.tilt,
                          barrelButtonHeld: change.barrelButtonHeld)
        nextSerial += 1
        let hit = window.hitTest(change.location, with: .hitTesting(change.device.kind, at: change.timestamp))
        touch.closedMenu = window.touchDidHit(hit)
        touch.view = hit
        active.append(touch)
        tracked.append(touch)
        trackedSet.insert(touch)
        batch.append(touch)
    }

    private func move(_ touch: Touch, to location: Point, at time: Double) {
        if batch.contains(touch) {
            switch touch.phase {
            case .began:
                // Still the same delivery: the touch simply began here.
                touch.previousLocationInWindow = location
            case .moved:
                break
            case .stationary, .ended, .cancelled:
                preconditionFailure("an active touch changed in this batch is began or moved")
            }
        } else {
            touch.previousLocationInWindow = touch.locationInWindow
            touch.phase = .moved
            batch.append(touch)
        }
        touch.locationInWindow = location
        touch.timestamp = time
        touch.maximumMovement = max(touch.maximumMovement, touch.startLocation.distance(to: location))
    }

    private func finish(_ touch: Touch, as phase: Touch.Phase, at time: Double) {
        // A touch changes phase once per delivery: deliver what came before.
        if batch.contains(touch) { deliver() }
        active.removeFirstIdentical(to: touch)
        touch.previousLocationInWindow = touch.locationInWindow
        touch.phase = phase
        touch.timestamp = time
        switch phase {
        case .ended: tapCounter.touchEnded(touch)
        case .cancelled: break
        case .began, .moved, .stationary: preconditionFailure("a touch finishes as ended or cancelled")
        }
        batch.append(touch)
    }

    /// Sends the batch built so far as one event (through the application,
    /// as UIKit's events go), then forgets the touches that ended.
    private func deliver() {
        guard !batch.isEmpty else { return }
        var changed = spareBatch
        swap(&changed, &batch)
        spareBatch = []
        for touch in tracked where !changed.contains(where: { $0 === touch }) {
            touch.phase = .stationary
        }
        let event = Event(allTouches: trackedSet, timestamp: frameTime, window: window, changedTouches: changed)
        Unmanaged.passUnretained(window)._withUnsafeGuaranteedRef { $0.send(event) }
        while !changed.isEmpty { changed.removeLast() }  // keeps the storage
        spareBatch = changed
        let finished = tracked.filter { $0.phase == .ended || $0.phase == .cancelled }
        guard !finished.isEmpty else { return }
        tracked.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        for touch in finished { trackedSet.remove(touch) }
        environment.touchesRemoved(finished)
    }
}
