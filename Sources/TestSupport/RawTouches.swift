import TouchCore

/// The devices of seat0 that synthetic touches come from.
public let fingers = InputDeviceID(seat: "seat0", kind: .finger)
public let mouse = InputDeviceID(seat: "seat0", kind: .pointer)

/// One touch change, as the dispatcher receives it from the Wayland layer.
public func down(_ id: Int32, _ x: Double, _ y: Double, at time: Double = 0,
                 on device: InputDeviceID = fingers) -> RawTouch {
    RawTouch(device: device, id: id, phase: .down, location: Point(x: x, y: y), timestamp: time)
}

public func move(_ id: Int32, _ x: Double, _ y: Double, at time: Double = 0,
                 on device: InputDeviceID = fingers) -> RawTouch {
    RawTouch(device: device, id: id, phase: .move, location: Point(x: x, y: y), timestamp: time)
}

public func up(_ id: Int32, at time: Double = 0, on device: InputDeviceID = fingers) -> RawTouch {
    RawTouch(device: device, id: id, phase: .up, location: .zero, timestamp: time)
}

public func cancel(_ id: Int32, at time: Double = 0, on device: InputDeviceID = fingers) -> RawTouch {
    RawTouch(device: device, id: id, phase: .cancel, location: .zero, timestamp: time)
}
