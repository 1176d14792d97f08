/// Delivers a window's touch events to gesture recognizers and views
/// (SPEC §5). The window calls `deliver(_:changed:)` once per input batch,
/// after updating every touch and binding new touches to their hit-tested
/// view, and `touchesRemoved(_:)` after dropping the touches that ended or
/// were cancelled in it.
///
/// This version delivers to views only; recognizer arbitration comes with
/// the gesture recognizers.
final class GestureEnvironment {
    private unowned let window: Window

    init(window: Window) {
        self.window = window
    }

    /// Delivers `changed` (touches of `event` whose phase changed in this
    /// batch): phase by phase in the order began, moved, ended, cancelled,
    /// and per view one call holding all that view's touches of the phase.
    func deliver(_ event: Event, changed: Set<Touch>) {
        let ordered = changed.sorted { $0.serial < $1.serial }
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            for (view, touches) in groupedByView(ordered.filter { $0.phase == phase }) {
                switch phase {
                case .began: view.touchesBegan(touches, with: event)
                case .moved: view.touchesMoved(touches, with: event)
                case .ended: view.touchesEnded(touches, with: event)
                case .cancelled: view.touchesCancelled(touches, with: event)
                case .stationary: preconditionFailure("stationary touches are not delivered")
                }
            }
        }
    }

    /// Called with the touches that ended or were cancelled, after they left
    /// the window.
    func touchesRemoved(_ touches: Set<Touch>) {}

    /// Groups touches by their view, views in order of their first touch;
    /// touches that hit no view are left out.
    private func groupedByView(_ touches: [Touch]) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups
    }
}
