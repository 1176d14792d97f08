/// Which input device a raw touch comes from: a seat (by its `wl_seat.name`)
/// and whether it is that seat's touch screen, its pointer or its tablet
/// tools (told apart by the raw id).
///
/// Raw touch ids are only unique per device; the window keys its active
/// touches by (device, id).
public struct InputDeviceID: Hashable, Sendable {
    public var seat: String
    public var kind: Touch.Kind

    public init(seat: String, kind: Touch.Kind) {
        self.seat = seat
        self.kind = kind
    }
}
