import WaylandClient
import WaylandInput

extension Session: InputHandler {
    /// Hands an input batch to the window it targets, or a seat's news to
    /// every window; the end of a touch or a leave aimed at a window closed
    /// meanwhile goes nowhere.
    public func seatManager(_ seats: SeatManager, didReceive event: InputEvent, origin: InputOrigin,
                            target: InputTarget) {
        switch target {
        case .everyWindow:
            for window in windows { window.handle(event, origin: origin) }
        case .window(let toplevel):
            windows.first { $0.toplevel === toplevel }?.handle(event, origin: origin)
        case .closedWindow:
            break
        }
    }
}
