import WaylandInput

extension CompositorReport.Analysis {
    mutating func tablet(_ frame: TabletToolFrame, origin: InputOrigin, at place: Place) {
        tabletFrames += 1
        time(frame.time, stream: "\(frame.seat) tablet tool \(frame.tool.id)", at: place)
        let key = "\(frame.seat)/\(frame.tool.id)"
        if origin == .missingFrame { tabletWithoutFrame.append(place) }
        for event in frame.events {
            switch event {
            case .proximityIn:
                if toolsInProximity.contains(key) {
                    tabletOrder.append((place, "proximity_in twice for tool \(frame.tool.id)"))
                }
                toolsInProximity.insert(key)
            case .proximityOut:
                if toolsDown.contains(key), origin == .compositor {
                    tabletOrder.append((place, "proximity_out while tool \(frame.tool.id) was down, with no up"))
                }
                toolsInProximity.remove(key)
                toolsDown.remove(key)
            case .down:
                if !toolsInProximity.contains(key) {
                    tabletOrder.append((place, "down for tool \(frame.tool.id) out of proximity"))
                }
                toolsDown.insert(key)
            case .up, .cancel:
                toolsDown.remove(key)
            case .button, .wheel:
                break
            }
        }
    }
}
