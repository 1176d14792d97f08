import Instruments
import TouchTrackerApp
import WaylandClient
import WaylandInput

/// Every input batch the session's first window received, in order, with
/// the time it came: what each conformance case is judged on. The window
/// holds it among its input observers; it holds nothing of the session.
final class ReceivedBatches: InputObserver {
    private(set) var entries: [Recording.Entry] = []
    private unowned let session: Session

    init(session: Session) {
        self.session = session
    }

    func observe(_ event: InputEvent, origin: InputOrigin) {
        entries.append(Recording.Entry(time: session.loop.timers.clock.now,
                                       item: .batch(event, origin: origin, seatVersion: nil),
                                       lineNumber: entries.count + 1))
    }
}
