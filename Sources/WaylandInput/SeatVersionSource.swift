/// Tells each seat's `wl_seat` version (what a seat may send depends on
/// it): the `SeatManager` in a session. The recorder asks it for the
/// header through this, so recording needs no Wayland connection's types.
public protocol SeatVersionSource: AnyObject {
    /// Each seat's name with the version of its `wl_seat`, in the order the
    /// seats were announced.
    var seatVersions: [(name: String, version: UInt32)] { get }
}
