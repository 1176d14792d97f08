import WaylandInput

extension CompositorReport.Analysis {
    mutating func pointer(_ frame: PointerFrame, origin: InputOrigin, at place: Place) {
        pointerFrames += 1
        if origin == .unframed { unframed += 1 }
        if frame.time != 0 { time(frame.time, stream: "\(frame.seat) pointer", at: place) }
        let version = seatVersions[frame.seat]
        for event in frame.events {
            switch event {
            case .button(0x110, let pressed):
                buttonsHeld[frame.seat] = pressed
            case .releasedByLeave, .leave:
                buttonsHeld[frame.seat] = false
            case .motion(let x, let y):
                if buttonsHeld[frame.seat] == true, let layout, !Self.inside(x, y, layout) {
                    outside.append((place, "the pointer at \(Self.point(x, y)) with its button held"))
                }
            case .axis(let axis):
                axisEvents += 1
                if axis.source == nil, (version ?? 5) >= 5 { axisWithoutSource.append(place) }
                if axis.value120 != nil, (version ?? 0) >= 8 { value120Seen += 1 }
                if axis.source == .wheel, axis.value120 == nil { wheelWithoutValue120.append(place) }
            case .enter, .button:
                break
            }
        }
    }
}
