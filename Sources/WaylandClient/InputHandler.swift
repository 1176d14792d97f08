import WaylandInput

/// Who takes the input the seats deliver, set once on the `SeatManager`
/// (`inputHandler`) as smithay-client-toolkit's seat calls a handler on the
/// app's state: how a batch came to be and which window it is for are
/// arguments, not state to read back inside a callback.
public protocol InputHandler: AnyObject {
    /// Called on the loop's thread for every batch, as it is dispatched.
    func seatManager(_ seats: SeatManager, didReceive event: InputEvent, origin: InputOrigin, target: InputTarget)
}

/// Which of the app's windows an input batch is for.
public enum InputTarget {
    /// News about a seat (its capabilities), which every window takes.
    case everyWindow
    /// A batch aimed at this window's surface.
    case window(ToplevelWindow)
    /// A batch aimed at a window closed meanwhile (the end of a touch, a
    /// leave): it goes nowhere.
    case closedWindow
}
