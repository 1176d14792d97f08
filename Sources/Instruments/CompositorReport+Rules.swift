import JSONLine

/// The rows' rules: each row's result and evidence, judged on what
/// `Analysis` gathered.
extension CompositorReport.Analysis {
    func row(_ id: CompositorReport.RowID) -> CompositorReport.Row {
        let (result, evidence) = judge(id)
        return CompositorReport.Row(id: id, result: result, evidence: evidence)
    }

    private func judge(_ id: CompositorReport.RowID) -> (CompositorReport.Result, String) {
        switch id {
        case .frameAfterUp:
            guard ups > 0 else { return (.notSeen, "no touch was lifted") }
            guard let first = upsWithoutFrame.first else {
                return (.pass, "\(ups) up\(ups == 1 ? "" : "s"), each followed by wl_touch.frame")
            }
            return (.fail, "\(upsWithoutFrame.count) of \(ups) ups had no wl_touch.frame after them "
                           + "(\(lastUpsWithoutFrame) after the last up), first at \(first)")
        case .downUpOneFrame:
            guard ups > 0 else { return (.notSeen, "no touch was lifted") }
            guard let first = downUpFrames.first else {
                return (.pass, "every down came in a frame before its up's")
            }
            return (.warn, "\(downUpFrames.count) touch\(downUpFrames.count == 1 ? "" : "es") went down and up "
                           + "in one frame, first at \(first): a client handling each frame's last state sees nothing")
        case .cancel:
            if let first = silentlyTaken.first {
                return (.fail, "touch \(first.1) went down again (\(first.0)) with no up or wl_touch.cancel "
                               + "for it: taken by a grab without a cancel")
            }
            if cancels > 0 {
                return (.pass, "\(cancels) wl_touch.cancel, ending \(cancelledTouches) "
                               + "touch\(cancelledTouches == 1 ? "" : "es")")
            }
            if let first = removedWhileDown.first {
                return (.warn, "touches ended by the touch capability going away (\(first)), not by wl_touch.cancel")
            }
            return (.notSeen, "no touch was cancelled or taken by a grab")
        case .idReuse:
            if let first = reusedInUpFrame.first {
                return (.warn, "touch id \(first.1) went up and down again in one frame (\(first.0)); "
                               + "\(reuses) reuse\(reuses == 1 ? "" : "s") in all")
            }
            guard let soonest = soonestReuse else {
                return touchBatches == 0 ? (.notSeen, "no touch") : (.pass, "no id was reused: every touch got a fresh id")
            }
            return (.pass, "\(reuses) id\(reuses == 1 ? "" : "s") reused, soonest id \(soonest.id) "
                           + "\(soonest.ms) ms after its up (\(soonest.place))")
        case .outsideSurface:
            guard touchBatches > 0 || pointerFrames > 0 else { return (.notSeen, "no touch or pointer input") }
            guard !outside.isEmpty else { return (.pass, "every drag stayed on the surface") }
            return (.warn, "\(outside.count) position\(outside.count == 1 ? "" : "s") off the "
                           + "\(layout.map { "\($0.width)×\($0.height)" } ?? "") surface, first \(Self.first(outside)): "
                           + "clients must clamp")
        case .timestamps:
            guard timedEvents > 0 else { return (.notSeen, "no timed event") }
            if !backwards.isEmpty {
                return (.fail, "\(backwards.count) step\(backwards.count == 1 ? "" : "s") back in time, first "
                               + Self.first(backwards))
            }
            let resolution = smallestStep.map { "; smallest step \($0) ms" } ?? ""
            if zeroTimes > 0 {
                return (.warn, "\(zeroTimes) of \(timedEvents) events have time 0\(resolution)")
            }
            return (.pass, "\(timedEvents) events, monotonic per device\(resolution)")
        case .shapeOrientation:
            guard touchChanges > 0 else { return (.notSeen, "no touch") }
            if shaped > 0 || oriented > 0 {
                return (.pass, "shape in \(shaped), orientation in \(oriented) of \(touchChanges) touch changes")
            }
            let old = seatVersions.filter { $0.value < 6 }.map { "\($0.key) is v\($0.value)" }.sorted()
            return (.warn, "never sent in \(touchChanges) touch changes"
                           + (old.isEmpty ? "" : " (\(old.joined(separator: ", ")); they need v6)"))
        case .pointer:
            guard pointerFrames > 0 else { return (.notSeen, "no pointer input") }
            if unframed > 0 {
                return (.warn, "\(unframed) pointer events without wl_pointer.frame (seat older than v5)")
            }
            if let first = axisWithoutSource.first {
                return (.warn, "\(axisWithoutSource.count) axis events without axis_source, first at \(first)")
            }
            if let first = wheelWithoutValue120.first {
                return (.warn, "wheel scrolling without axis_value120 or axis_discrete, first at \(first)")
            }
            let axes = axisEvents == 0 ? "no scrolling"
                : "\(axisEvents) axis events with their source" + (value120Seen > 0 ? ", value120 on v8" : "")
            return (.pass, "\(pointerFrames) frames, each closed by wl_pointer.frame; \(axes)")
        case .capabilities:
            guard !capabilities.isEmpty else { return (.notSeen, "no seat reported its capabilities") }
            if let first = capabilityChanges.first {
                return (.warn, "\(capabilityChanges.count) change\(capabilityChanges.count == 1 ? "" : "s") "
                               + "at run time: \(first.1) (\(first.0))")
            }
            let seats = capabilities.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.names($0.value))" }
            return (.pass, "unchanged while the window was open (\(seats.joined(separator: "; ")))")
        case .tablet:
            guard tabletFrames > 0 else { return (.notSeen, "no tablet tool") }
            if let first = tabletOrder.first { return (.fail, "\(Self.first([first])); \(tabletOrder.count) in all") }
            if let first = tabletWithoutFrame.first {
                return (.warn, "\(tabletWithoutFrame.count) of \(tabletFrames) tool frames had no frame event, "
                               + "first at \(first)")
            }
            return (.pass, "\(tabletFrames) tool frames, proximity before down, each closed by its frame event")
        case .presentation:
            return judgePresentation()
        }
    }
}
