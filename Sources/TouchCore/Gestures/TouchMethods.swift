extension Responder {
    /// The touch method for `phase`: how a view gets its touch messages.
    func receive(_ phase: Touch.Phase, _ touches: Set<Touch>, with event: Event) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }
}

extension GestureRecognizer {
    /// The touch method for `phase`: how a recognizer gets its touches.
    /// Returns whether it was `touchesCancelled`, which ends its gesture.
    func receive(_ phase: Touch.Phase, _ touches: Set<Touch>, with event: Event) -> Bool {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled:
            touchesCancelled(touches, with: event)
            return true
        case .stationary: break
        }
        return false
    }
}
