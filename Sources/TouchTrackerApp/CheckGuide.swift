import Render
import Scene
import Timing
import TouchCore
import WaylandClient
import WaylandInput

/// The short script `check --live` walks the tester through, one step at a
/// time, so that the recording holds what the report's rows are about: a
/// tap (frames after an up), two fingers at once (frames of several
/// touches, ids), a hold (a long press, where compositors start their own
/// gestures and grabs), and the mouse (pointer frames). Each step moves on
/// once done; Return skips it (a seat with no touch screen).
final class CheckGuide: InputObserver {
    enum Step: Int, CaseIterable {
        case tap, twoFingerDrag, hold, mouseDrag, done

        var instruction: String {
            switch self {
            case .tap: "one finger: tap"
            case .twoFingerDrag: "two fingers together: drag and lift"
            case .hold: "hold until the ring turns green"
            case .mouseDrag: "the mouse: click and drag"
            case .done: "done: close the window (or Ctrl+Q) for the report"
            }
        }
    }

    /// How long the hold step's press must last: the canvas's long press.
    static let holdDuration = LongPressGestureRecognizer().minimumPressDuration

    private(set) var step = Step.tap
    /// The hold step's ring, while a finger is held.
    private(set) var ring: GuideRing?
    /// The text the strip shows.
    var text: String {
        step == .done ? step.instruction
            : "check \(step.rawValue + 1)/\(Step.allCases.count - 1): \(step.instruction)   (Return: skip)"
    }

    /// Receives what to repaint (window coordinates): the ring, or the
    /// whole strip when the step changes.
    var onChange: (_ ring: Rect?, _ stepChanged: Bool) -> Void = { _, _ in }

    private let timers: TimerQueue
    private var active: [Int32: Point] = [:]
    private var mostAtOnce = 0
    private var moved = false
    private var heldID: Int32?
    private var holdTimer: TimerHandle?
    private var buttonDown = false

    init(timers: TimerQueue) {
        self.timers = timers
    }

    func observe(_ event: InputEvent, origin: InputOrigin) {
        switch event {
        case .touch(let frame):
            touch(frame)
        case .pointer(let frame):
            guard step == .mouseDrag else { return }
            for pointerEvent in frame.events {
                switch pointerEvent {
                case .button(InputTranslator.leftButton, let pressed):
                    if pressed {
                        buttonDown = true
                        moved = false
                    } else if buttonDown {
                        buttonDown = false
                        if moved { advance() }
                    }
                case .motion:
                    if buttonDown { moved = true }
                case .enter, .leave, .button, .releasedByLeave, .axis:
                    break
                }
            }
        case .key(let key):
            if key.action == .press, key.keysym == Keysym.returnKey || key.keysym == Keysym.keypadEnter,
               step != .done {
                advance()
            }
        case .tabletTool, .pointerGesture, .keyboardFocus, .seatCapabilities:
            break
        }
    }

    private func touch(_ frame: TouchInputFrame) {
        for change in frame.changes {
            let point = Point(x: change.x, y: change.y)
            switch change.kind {
            case .down:
                if active.isEmpty {
                    mostAtOnce = 0
                    moved = false
                }
                active[change.id] = point
                mostAtOnce = max(mostAtOnce, active.count)
                if step == .hold, heldID == nil, active.count == 1 { startHold(change.id, at: point) }
            case .motion:
                if let old = active[change.id], old != point { moved = true }
                active[change.id] = point
                if change.id == heldID, let ring { showRing(GuideRing(center: point, isReady: ring.isReady)) }
            case .up, .cancel:
                active[change.id] = nil
                if change.id == heldID {
                    let ready = ring?.isReady == true && change.kind == .up
                    endHold()
                    if ready { advance() }
                }
            }
        }
        guard active.isEmpty else { return }
        switch step {
        case .tap where mostAtOnce == 1 && frame.changes.contains { $0.kind == .up }: advance()
        case .twoFingerDrag where mostAtOnce >= 2 && moved: advance()
        case .tap, .twoFingerDrag, .hold, .mouseDrag, .done: break
        }
    }

    private func startHold(_ id: Int32, at point: Point) {
        heldID = id
        showRing(GuideRing(center: point, isReady: false))
        holdTimer = timers.schedule(after: Self.holdDuration) { [unowned self] in
            if let ring { showRing(GuideRing(center: ring.center, isReady: true)) }
        }
    }

    private func endHold() {
        holdTimer?.cancel()
        heldID = nil
        showRing(nil)
    }

    private func showRing(_ new: GuideRing?) {
        let old = ring
        ring = new
        if let old { onChange(old.paintedBounds, false) }
        if let new { onChange(new.paintedBounds, false) }
    }

    private func advance() {
        guard let next = Step(rawValue: step.rawValue + 1) else { return }
        endHold()
        step = next
        onChange(nil, true)
    }
}
