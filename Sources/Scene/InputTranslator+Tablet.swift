import TouchCore
import WaylandClient
import WaylandInput

extension InputTranslator {
    /// A tool's frame: while it is down, the frame's position, pressure and
    /// tilt are a move of its touch (one frame is one sample of the pen);
    /// `down`, `up` and `cancel` begin and end the touch there. The Wayland
    /// layer guarantees every contact ends, whatever the compositor did.
    ///
    /// The first barrel button clicked while the pen hovers (pressed and
    /// released without the tip touching meanwhile) is a right click; held
    /// as the tip touches, it makes the touch a lasso (`barrelButtonHeld`).
    func handleTabletTool(_ frame: TabletToolFrame) {
        let key = TabletToolKey(frame)
        let device = InputDeviceID(seat: frame.seat, kind: Self.touchKind(of: frame.tool.type))
        let axes = frame.axes
        let location = Point(x: axes.x, y: axes.y)
        let tilt = axes.tiltX.map { Tilt(x: $0, y: axes.tiltY ?? 0) }
        let timestamp = Double(frame.time) / 1000
        var changes: [RawTouch] = []
        func change(_ phase: RawTouch.Phase) {
            changes.append(RawTouch(device: device, id: frame.tool.id, phase: phase, location: location,
                                    timestamp: timestamp, pressure: axes.pressure, tilt: tilt,
                                    barrelButtonHeld: barrelsHeld.contains(key)))
        }
        if pensDown.contains(key), !frame.changedAxes.isEmpty { change(.move) }
        var secondaryClick = false
        for event in frame.events {
            switch event {
            case .down:
                pensDown.insert(key)
                // Held as the tip touches: a lasso, not a click.
                barrelClicks.remove(key)
                change(.down)
            case .up:
                pensDown.remove(key)
                change(.up)
            case .cancel:
                pensDown.remove(key)
                change(.cancel)
            case .button(Self.firstBarrelButton, true):
                barrelsHeld.insert(key)
                // As with the mouse, a right click while drawing would
                // open a menu under the stroke: it counts only from hovering.
                if !pensDown.contains(key) { barrelClicks.insert(key) }
            case .button(Self.firstBarrelButton, false):
                barrelsHeld.remove(key)
                if barrelClicks.remove(key) != nil, !pensDown.contains(key) { secondaryClick = true }
            case .proximityOut:
                barrelsHeld.remove(key)
                barrelClicks.remove(key)
            case .proximityIn, .button, .wheel:
                // Hovering draws nothing; the other buttons and the wheel
                // have no use on the canvas yet.
                break
            }
        }
        if !changes.isEmpty {
            deliver(TouchCore.TouchFrame(changes: changes, timestamp: timestamp))
        }
        if secondaryClick { onSecondaryClick?(location) }
    }

    /// An eraser tool erases; every other tool draws like a pen.
    static func touchKind(of type: TabletToolType) -> Touch.Kind {
        switch type {
        case .eraser: .eraser
        case .pen, .brush, .pencil, .airbrush, .finger, .mouse, .lens, .unknown: .pen
        }
    }
}
