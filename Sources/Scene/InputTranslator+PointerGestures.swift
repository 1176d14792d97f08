import TouchCore
import WaylandClient
import WaylandInput

extension InputTranslator {
    /// A touchpad pinch or swipe: its begin, at the pointer, begins an
    /// indirect gesture; updates add up; its end ends it (cancelled when the
    /// compositor cancelled it). A hold is no gesture of the core's: its
    /// begin only catches a gliding canvas (`onTouchpadHold`).
    func handlePointerGesture(_ event: PointerGestureEvent) {
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
}
