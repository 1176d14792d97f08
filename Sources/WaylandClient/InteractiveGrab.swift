/// A pointer button press or touch down on the window that an interactive
/// move or resize can start from: the compositor only grants
/// `xdg_toplevel.move` / `resize` for the serial of an input event that is
/// still going on, on the seat it came from.
///
/// Take it when the press begins (`SeatManager.latestPress`) and hand it to
/// `ToplevelWindow.beginMove` / `beginResize` when the gesture calls for it:
/// by then other presses may have happened. It refers to its seat weakly: a
/// grab whose seat went away starts nothing.
public struct InteractiveGrab {
    weak var seat: Seat?
    /// The serial of the `wl_pointer.button` or `wl_touch.down` event.
    public let serial: UInt32
}

extension ToplevelWindow {
    /// Lets the user move the window by dragging (`xdg_toplevel.move`), for
    /// the press `grab`, e.g. on a client-side title bar.
    public func beginMove(_ grab: InteractiveGrab) {
        guard let seat = grab.seat else { return }
        startMove(seat: seat.proxy, serial: grab.serial)
    }

    /// Lets the user resize the window by dragging `edges`
    /// (`xdg_toplevel.resize`), for the press `grab`.
    public func beginResize(_ grab: InteractiveGrab, edges: ResizeEdges) {
        guard let seat = grab.seat else { return }
        startResize(seat: seat.proxy, serial: grab.serial, edges: edges)
    }
}
