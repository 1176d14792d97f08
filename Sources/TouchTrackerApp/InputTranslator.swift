import TouchCore
import WaylandClient

/// Turns the Wayland layer's input batches into the core's touches and key
/// presses, per SPEC §1: each seat's touch screen, pointer and tablet tools
/// are separate devices, a pointer's left button is one more touch (so a
/// mouse draws), a pen's contact is a touch of kind `.pen` (`.eraser` for
/// an eraser tool) with its pressure and tilt (hovering is none), and keys
/// arrive as named keys with modifiers. A touchpad's pinches and swipes,
/// and Ctrl+wheel and Shift+wheel bursts (`WheelGestures`), become the
/// core's indirect gestures at the pointer, unless the canvas takes the
/// wheel, Shift+wheel, the middle button and Space+left drag to move
/// around (`onPan`).
final class InputTranslator {
    /// Linux evdev button codes (linux/input-event-codes.h).
    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
    static let middleButton: UInt32 = 0x112
    /// A pen's first barrel button (BTN_STYLUS), which acts as a right click.
    static let firstBarrelButton: UInt32 = 0x14b

    private let window: TouchCore.Window
    /// A right click (or a pen's first barrel button), at window
    /// coordinates: the canvas's context menu.
    var onSecondaryClick: ((Point) -> Void)?
    /// Key presses the app itself answers before the responder chain sees them
    /// (Ctrl+Q, F12); returns whether it took the key.
    var onAppKey: ((KeyPress) -> Bool)?
    /// Sees every frame of touch changes just before the window handles it
    /// (the inspector overlay).
    var onTouchFrame: ((TouchCore.TouchFrame) -> Void)?
    /// The wheel (Shift: sideways), a touchpad's two-finger scroll, or a
    /// drag with the middle button or with the left one while Space is
    /// held (Inkscape's and GIMP's hand), at a pointer location (window
    /// coordinates), asks to move the content by a vector (points);
    /// returns whether it was taken (the canvas is under the pointer).
    /// What is not taken goes on as before: Shift+wheel rotates.
    var onPan: ((Vector, Point) -> Bool)?
    /// Fingers came to rest on a touchpad (a hold gesture began): what
    /// GTK stops kinetic scrolling on, and the canvas its glide.
    var onTouchpadHold: (() -> Void)?
    /// Points the content moves per wheel click: GNOME's applications
    /// scroll about this far per click of a mouse wheel.
    static let panPerClick = 50.0

    /// What the app knows of one seat's pointer between frames.
    private struct PointerState {
        var location = Point(x: 0, y: 0)
        var leftButtonDown = false
        /// The button whose drag pans, while one is under way (middle, or
        /// left pressed with Space held).
        var panButton: UInt32?
    }
    private var pointers: [String: PointerState] = [:]
    /// The seats whose Space key is down: their left button pans.
    private var spaceHeld: Set<String> = []

    /// The tools whose contact is down, as the core knows it.
    private var pensDown: Set<TabletToolKey> = []

    /// Each seat's running touchpad pinch or swipe, as the core last got it:
    /// the protocol's relative steps add up into its cumulative values.
    private var touchpadGestures: [String: IndirectGesture] = [:]
    private let wheelGestures: WheelGestures

    /// Smooth scrolling (a touchpad's two-finger scroll) counts one wheel
    /// click per 15 points, what wlroots and weston send for one click
    /// (libinput's 15° of wheel rotation).
    static let scrollPerClick = 15.0

    init(window: TouchCore.Window) {
        self.window = window
        wheelGestures = WheelGestures(window: window)
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .touch(let frame):
            handleTouch(frame)
        case .pointer(let frame):
            handlePointer(frame)
        case .pointerGesture(let gesture):
            handlePointerGesture(gesture)
        case .key(let key):
            handleKey(key)
        case .tabletTool(let frame):
            handleTabletTool(frame)
        case .keyboardFocus(let seat, let entered):
            // Keys held when focus goes come back with no release.
            if !entered {
                spaceHeld.remove(seat)
                window.modifiers = []
            }
        case .seatCapabilities(let seat, let hasPointer, _, _):
            // A pointer that went away releases its button (the layer sends
            // a synthetic release first); forget its position too.
            if !hasPointer { pointers[seat] = nil }
        }
    }

    private func handleTouch(_ frame: WaylandClient.TouchInputFrame) {
        let device = InputDeviceID(seat: frame.seat, kind: .finger)
        let changes = frame.changes.map { change in
            RawTouch(device: device, id: change.id, phase: Self.phase(of: change.kind),
                     location: Point(x: change.x, y: change.y),
                     timestamp: Double(change.time) / 1000)
        }
        guard !changes.isEmpty else { return }
        deliver(TouchCore.TouchFrame(changes: changes, timestamp: changes[changes.count - 1].timestamp))
    }

    private func deliver(_ frame: TouchCore.TouchFrame) {
        onTouchFrame?(frame)
        window.handle(frame)
    }

    private static func phase(of kind: TouchChange.Kind) -> RawTouch.Phase {
        switch kind {
        case .down: .down
        case .motion: .move
        case .up: .up
        case .cancel: .cancel
        }
    }

    /// A tool's frame: while it is down, the frame's position, pressure and
    /// tilt are a move of its touch (one frame is one sample of the pen);
    /// `down`, `up` and `cancel` begin and end the touch there. The Wayland
    /// layer guarantees every contact ends, whatever the compositor did.
    private func handleTabletTool(_ frame: TabletToolFrame) {
        let key = TabletToolKey(frame)
        let device = InputDeviceID(seat: frame.seat, kind: Self.touchKind(of: frame.tool.type))
        let axes = frame.axes
        let location = Point(x: axes.x, y: axes.y)
        let tilt = axes.tiltX.map { Tilt(x: $0, y: axes.tiltY ?? 0) }
        let timestamp = Double(frame.time) / 1000
        var changes: [RawTouch] = []
        func change(_ phase: RawTouch.Phase) {
            changes.append(RawTouch(device: device, id: frame.tool.id, phase: phase, location: location,
                                    timestamp: timestamp, pressure: axes.pressure, tilt: tilt))
        }
        if pensDown.contains(key), !frame.changedAxes.isEmpty { change(.move) }
        var secondaryClick = false
        for event in frame.events {
            switch event {
            case .down:
                pensDown.insert(key)
                change(.down)
            case .up:
                pensDown.remove(key)
                change(.up)
            case .cancel:
                pensDown.remove(key)
                change(.cancel)
            case .button(Self.firstBarrelButton, true):
                secondaryClick = true
            case .proximityIn, .proximityOut, .button, .wheel:
                // Hovering draws nothing; the other buttons and the wheel
                // have no use on the canvas yet.
                break
            }
        }
        if !changes.isEmpty {
            deliver(TouchCore.TouchFrame(changes: changes, timestamp: timestamp))
        }
        // As with the mouse, a right click while drawing would open a menu
        // under the stroke: the button counts only while the pen hovers.
        if secondaryClick, !pensDown.contains(key) {
            onSecondaryClick?(location)
        }
    }

    /// An eraser tool erases; every other tool draws like a pen.
    static func touchKind(of type: TabletToolType) -> Touch.Kind {
        switch type {
        case .eraser: .eraser
        case .pen, .brush, .pencil, .airbrush, .finger, .mouse, .lens, .unknown: .pen
        }
    }

    private func handlePointer(_ frame: PointerFrame) {
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

    /// A touchpad pinch or swipe: its begin, at the pointer, begins an
    /// indirect gesture; updates add up; its end ends it (cancelled when the
    /// compositor cancelled it). A hold is no gesture of the core's: its
    /// begin only catches a gliding canvas (`onTouchpadHold`).
    private func handlePointerGesture(_ event: PointerGestureEvent) {
        let timestamp = Double(event.time) / 1000
        switch event.change {
        case .begin(let fingers, let x, let y):
            let kind: IndirectGesture.Kind
            switch event.kind {
            case .pinch: kind = .pinch
            case .swipe: kind = .swipe
            case .hold:
                onTouchpadHold?()
                return
            }
            let gesture = IndirectGesture(device: InputDeviceID(seat: event.seat, kind: .pointer), source: .touchpad,
                                          kind: kind, phase: .began, location: Point(x: x, y: y),
                                          fingers: Int(fingers), timestamp: timestamp)
            touchpadGestures[event.seat] = gesture
            window.handle(gesture)
        case .update(let dx, let dy, let scale, let rotation):
            guard var gesture = touchpadGestures[event.seat] else { return }
            let step = Vector(dx: dx, dy: dy)
            gesture.phase = .changed
            gesture.translation = gesture.translation + step
            gesture.location += step
            if let scale { gesture.scale = scale }
            if let rotation { gesture.rotation += rotation * .pi / 180 }
            gesture.timestamp = timestamp
            touchpadGestures[event.seat] = gesture
            window.handle(gesture)
        case .end(let cancelled):
            guard var gesture = touchpadGestures.removeValue(forKey: event.seat) else { return }
            gesture.phase = cancelled ? .cancelled : .ended
            gesture.timestamp = timestamp
            window.handle(gesture)
        }
    }

    private func handleKey(_ event: KeyEvent) {
        if event.keysym == Keysym.space {
            if event.action == .release { spaceHeld.remove(event.seat) } else { spaceHeld.insert(event.seat) }
        }
        window.modifiers = Self.modifiers(of: event.modifiers)
        guard event.action != .release else { return }
        let press = KeyPress(Self.key(for: event), modifiers: Self.modifiers(of: event.modifiers),
                             isRepeat: event.action == .repeat)
        if onAppKey?(press) == true { return }
        _ = window.handle(press)
    }

    /// Names the key the way the core does. Letters typed with Control, Alt
    /// or Super produce no text, so shortcuts are named by their keysym in
    /// lower case (Ctrl+Shift+Z is `.character("z")` with shift and control).
    static func key(for event: KeyEvent) -> Key {
        switch event.keysym {
        case Keysym.backSpace: return .backspace
        case Keysym.tab, Keysym.isoLeftTab: return .tab
        case Keysym.returnKey, Keysym.keypadEnter: return .enter
        case Keysym.escape: return .escape
        case Keysym.delete, Keysym.keypadDelete: return .delete
        case Keysym.home: return .home
        case Keysym.end: return .end
        case Keysym.left: return .left
        case Keysym.right: return .right
        case Keysym.up: return .up
        case Keysym.down: return .down
        default: break
        }
        let shortcut = !event.modifiers.isDisjoint(with: [.control, .alt, .logo])
        if shortcut, (0x20...0x7e).contains(event.keysym), let scalar = Unicode.Scalar(event.keysym) {
            return .character(String(Character(scalar)).lowercased())
        }
        if !event.text.isEmpty { return .character(event.text) }
        return .other(event.keysym)
    }

    static func modifiers(of modifiers: WaylandClient.KeyboardModifiers) -> TouchCore.KeyModifiers {
        var result: TouchCore.KeyModifiers = []
        if modifiers.contains(.shift) { result.insert(.shift) }
        if modifiers.contains(.control) { result.insert(.control) }
        if modifiers.contains(.alt) { result.insert(.alt) }
        if modifiers.contains(.logo) { result.insert(.logo) }
        return result
    }
}

/// The xkbcommon keysyms the app names (xkbcommon-keysyms.h).
enum Keysym {
    static let space: UInt32 = 0x20
    static let backSpace: UInt32 = 0xff08
    static let tab: UInt32 = 0xff09
    static let returnKey: UInt32 = 0xff0d
    static let escape: UInt32 = 0xff1b
    static let home: UInt32 = 0xff50
    static let left: UInt32 = 0xff51
    static let up: UInt32 = 0xff52
    static let right: UInt32 = 0xff53
    static let down: UInt32 = 0xff54
    static let end: UInt32 = 0xff57
    static let keypadEnter: UInt32 = 0xff8d
    static let keypadDelete: UInt32 = 0xff9f
    static let isoLeftTab: UInt32 = 0xfe20
    static let delete: UInt32 = 0xffff
    static let f10: UInt32 = 0xffc7
    static let f12: UInt32 = 0xffc9
}
