import WaylandInput

extension CompositorReport.Analysis {
    mutating func touch(_ frame: TouchInputFrame, origin: InputOrigin, at place: Place) {
        touchBatches += 1
        var active = down[frame.seat] ?? [:]
        var upsHere: [Int32: UInt32] = [:]
        switch origin {
        case .cancel:
            cancels += 1
            cancelledTouches += frame.changes.count
        case .reusedID:
            for change in frame.changes { silentlyTaken.append((place, change.id)) }
        case .removed:
            if !frame.changes.isEmpty { removedWhileDown.append(place) }
        case .compositor, .missingFrame, .unframed, .keyRepeat:
            break
        }
        for change in frame.changes {
            touchChanges += 1
            if change.major != nil || change.minor != nil { shaped += 1 }
            if change.orientation != nil { oriented += 1 }
            switch change.kind {
            case .down:
                time(change.time, stream: "\(frame.seat) touch", at: place)
                if let up = lastUp[frame.seat]?[change.id] {
                    reuses += 1
                    let gap = Int64(change.time) - Int64(up)
                    if soonestReuse == nil || gap < soonestReuse!.ms { soonestReuse = (gap, change.id, place) }
                }
                if upsHere[change.id] != nil { reusedInUpFrame.append((place, change.id)) }
                active[change.id] = (change.x, change.y)
            case .motion:
                time(change.time, stream: "\(frame.seat) touch", at: place)
                active[change.id] = (change.x, change.y)
                if let layout, !Self.inside(change.x, change.y, layout) {
                    outside.append((place, "touch \(change.id) at \(Self.point(change.x, change.y))"))
                }
            case .up:
                time(change.time, stream: "\(frame.seat) touch", at: place)
                ups += 1
                if active[change.id] != nil, frame.changes.contains(where: { $0.id == change.id && $0.kind == .down }) {
                    downUpFrames.append(place)
                }
                active[change.id] = nil
                upsHere[change.id] = change.time
                lastUp[frame.seat, default: [:]][change.id] = change.time
            case .cancel:
                active[change.id] = nil
            }
        }
        if origin == .missingFrame {
            let upCount = frame.changes.count { $0.kind == .up }
            if upCount > 0 {
                upsWithoutFrame.append(place)
                if active.isEmpty { lastUpsWithoutFrame += 1 }
            }
        }
        down[frame.seat] = active
    }
}
