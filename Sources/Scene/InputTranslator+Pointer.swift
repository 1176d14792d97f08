import TouchCore
import WaylandClient
import WaylandInput

extension InputTranslator {
    /// Points the content moves per wheel click: GNOME's applications
    /// scroll about this far per click of a mouse wheel.
    static let panPerClick = 50.0

    /// Smooth scrolling (a touchpad's two-finger scroll) counts one wheel
    /// click per 15 points, what wlroots and weston send for one click
    /// (libinput's 15° of wheel rotation).
    static let scrollPerClick = 15.0

    func handlePointer(_ frame: PointerFrame) {
        var state = pointers[frame.seat] ?? PointerState()
        let device = InputDeviceID(seat: frame.seat, kind: .pointer)
        let timestamp = Double(frame.time) / 1000
        var changes: [RawTouch] = []
        func change(_ phase: RawTouch.Phase) {
            changes.append(RawTouch(device: device, id: 0, phase: phase, location: state.location,
                                    timestamp: timestamp))
        }
        var secondaryClick = false
        var wheel: (vertical: Double?, horizontal: Double?) = (nil, nil)
        for event in frame.events {
            switch event {
            case .axis(let axis):
                let clicks = axis.value120.map { Double($0) / 120 } ?? axis.value / Self.scrollPerClick
                switch axis.orientation {
                case .vertical: wheel.vertical = clicks
                case .horizontal: wheel.horizontal = clicks
                }
            case .enter(let x, let y):
                state.location = Point(x: x, y: y)
            case .motion(let x, let y):
                let previous = state.location
                state.location = Point(x: x, y: y)
                if state.leftButtonDown { change(.move) }
                if state.panButton != nil {
                    _ = onPan?(state.location - previous, previous)
                }
            case .leave:
                // With the button held the compositor normally keeps sending
                // to us (implicit grab); a leave then means the grab was
                // taken away, so the stroke is cancelled, not finished.
                if state.leftButtonDown { change(.cancel) }
                state.leftButtonDown = false
                state.panButton = nil
            case .button(Self.leftButton, false) where state.panButton == Self.leftButton:
                state.panButton = nil
            case .button(Self.leftButton, true) where spaceHeld.contains(frame.seat) && !state.leftButtonDown
                && state.panButton == nil && onPan?(.zero, state.location) == true:
                // Space+left drag pans instead of drawing.
                state.panButton = Self.leftButton
            case .button(Self.leftButton, let pressed):
                guard pressed != state.leftButtonDown else { continue }
                state.leftButtonDown = pressed
                change(pressed ? .down : .up)
            case .releasedByLeave(Self.leftButton):
                // The grab was taken away: the stroke is cancelled.
                guard state.leftButtonDown else { continue }
                state.leftButtonDown = false
                change(.cancel)
            case .button(Self.rightButton, true):
                secondaryClick = true
            case .button(Self.middleButton, let pressed):
                // A press the canvas takes begins a drag that pans.
                if !pressed, state.panButton == Self.middleButton {
                    state.panButton = nil
                } else if pressed, state.panButton == nil, onPan?(.zero, state.location) == true {
                    state.panButton = Self.middleButton
                }
            case .button, .releasedByLeave:
                // Other buttons do nothing on the canvas.
                break
            }
        }
        pointers[frame.seat] = state
        // Before the touches, so a drag reads the keys held with its motion.
        window.modifiers = Self.modifiers(of: frame.modifiers)
        if !changes.isEmpty {
            deliver(TouchCore.TouchFrame(changes: changes, timestamp: timestamp))
        }
        if secondaryClick, !state.leftButtonDown {
            onSecondaryClick?(state.location)
        }
        let modifiers = Self.modifiers(of: frame.modifiers)
        if !modifiers.contains(.control), let pan = Self.pan(of: frame, shifted: modifiers.contains(.shift)),
           onPan?(pan, state.location) == true {
            return
        }
        // Ctrl+wheel and Shift+wheel are gestures. Some setups turn
        // Shift+wheel into horizontal scrolling: either axis rotates.
        if let clicks = wheel.vertical ?? wheel.horizontal {
            wheelGestures.wheel(clicks, device: device, at: state.location, modifiers: modifiers,
                                timestamp: timestamp)
        }
    }

    /// How far a frame's scrolling moves the content: against the scroll
    /// (scrolling down shows what lies below), a wheel's clicks
    /// `panPerClick` each, a touchpad's by the fingers' own distance; with
    /// Shift a vertical wheel moves sideways. Nil without scrolling.
    private static func pan(of frame: PointerFrame, shifted: Bool) -> Vector? {
        var pan = Vector.zero
        var scrolled = false
        for case .axis(let axis) in frame.events {
            let distance = axis.value120.map { Double($0) / 120 * panPerClick } ?? axis.value
            guard distance != 0 else { continue }
            scrolled = true
            switch (axis.orientation, shifted) {
            case (.vertical, false): pan.dy -= distance
            case (.vertical, true), (.horizontal, _): pan.dx -= distance
            }
        }
        return scrolled ? pan : nil
    }
}
