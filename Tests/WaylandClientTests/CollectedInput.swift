@testable import WaylandClient
import WaylandInput

/// An `InputHandler` for tests: keeps every batch the seats deliver, oldest
/// first, with the window each was for, and lets a test answer one
/// (`onEvent`) as the app would.
final class CollectedInput: InputHandler {
    var events: [InputEvent] = []
    var targets: [InputTarget] = []
    var onEvent: ((InputEvent) -> Void)?

    func seatManager(_ seats: SeatManager, didReceive event: InputEvent, origin: InputOrigin, target: InputTarget) {
        events.append(event)
        targets.append(target)
        onEvent?(event)
    }
}
