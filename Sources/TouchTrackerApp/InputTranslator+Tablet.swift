import TouchCore
import WaylandClient

extension InputTranslator {
    /// A tool's frame: while it is down, the frame's position, pressure and
    /// tilt are a move of its touch (one frame is one sample of the pen);
    /// `down`, `up` and `cancel` begin and end the touch there. The Wayland
    /// layer guarantees every contact ends, whatever the compositor did.
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
}
