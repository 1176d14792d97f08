import Decorations
import InspectorModel
import JSONLine
import Timing
import TouchCore
import WaylandClient

/// `touchtracker check`: what the compositor did in a recording, as rows of
/// pass, warn or fail with one line of evidence each. docs/compositors.md
/// ("What `check` reports") gives each row's protocol rule and where it was seen.
///
/// A row fails when the compositor broke the protocol in a way that loses
/// or corrupts input for clients; it warns when the compositor did
/// something the protocol allows that clients often get wrong, or left out
/// something optional that clients can use; "not seen" when the recording
/// holds nothing the row is about.
package struct CompositorReport {
    package enum Result: String, Equatable {
        case pass, warn, fail
        case notSeen = "not seen"
    }

    package enum RowID: String, CaseIterable {
        case frameAfterUp = "frame-after-up"
        case downUpOneFrame = "down-up-one-frame"
        case cancel = "cancel"
        case idReuse = "id-reuse"
        case outsideSurface = "outside-surface"
        case timestamps = "timestamps"
        case shapeOrientation = "shape-orientation"
        case pointer = "pointer"
        case capabilities = "capabilities"
        case tablet = "tablet"
        case presentation = "presentation"

        package var title: String {
            switch self {
            case .frameAfterUp: "a frame after every up"
            case .downUpOneFrame: "down and up in one frame"
            case .cancel: "cancel on a grab"
            case .idReuse: "touch ids reused"
            case .outsideSurface: "outside the surface in a drag"
            case .timestamps: "timestamps"
            case .shapeOrientation: "shape and orientation"
            case .pointer: "pointer frame, axis source, value120"
            case .capabilities: "seat capabilities at run time"
            case .tablet: "tablet proximity and frames"
            case .presentation: "presentation: input → on screen"
            }
        }
    }

    package struct Row: Equatable {
        package var id: RowID
        package var result: Result
        package var evidence: String
    }

    package var rows: [Row]
    /// What the recording is, for the table's first line.
    package var subject: String

    package var failed: Bool { rows.contains { $0.result == .fail } }

    package func row(_ id: RowID) -> Row { rows.first { $0.id == id }! }

    package init(_ recording: Recording, name: String) {
        let seats = recording.seats.map { "\(Excerpt.of($0.name)) v\($0.version)" }.joined(separator: ", ")
        subject = "\(name): recorded by touchtracker \(Excerpt.of(recording.appVersion))"
            + (seats.isEmpty ? "" : ", seats \(seats)")
            + Self.protocolsText(recording.protocolsOffered)
            + (recording.isComplete ? "" : " (no end line: the session did not end cleanly)")
        var analysis = Analysis(recording)
        analysis.run()
        rows = RowID.allCases.map { analysis.row($0) }
    }

    // MARK: Output

    /// The table for a terminal: the recording's strings in the subject and
    /// the evidence have their control characters escaped, as `json` does,
    /// so a hostile recording's escape sequences never reach the terminal.
    package var text: String {
        let width = RowID.allCases.map(\.title.count).max()!
        var lines = [Excerpt.escapingControls(subject), ""]
        lines.append("ROW".padded(to: width) + "  RESULT    EVIDENCE")
        for row in rows {
            lines.append(row.id.title.padded(to: width) + "  " + row.result.rawValue.padded(to: 8) + "  "
                         + Excerpt.escapingControls(row.evidence))
        }
        let failures = rows.filter { $0.result == .fail }.count
        lines.append("")
        lines.append(failures == 0 ? "no row failed" : "\(failures) row\(failures == 1 ? "" : "s") failed")
        return lines.joined(separator: "\n")
    }

    package var json: String {
        var object = JSONObject()
        object.add("recording", .string(subject))
        object.add("rows", .array(rows.map { row in
            var entry = JSONObject()
            entry.add("row", .string(row.id.rawValue))
            entry.add("title", .string(row.id.title))
            entry.add("result", .string(row.result.rawValue))
            entry.add("evidence", .string(row.evidence))
            return .object(entry)
        }))
        object.add("failed", .bool(failed))
        return object.line
    }
}

private extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// One pass over a recording, gathering the evidence of every row.
private struct Analysis {
    let recording: Recording
    init(_ recording: Recording) { self.recording = recording }

    /// "line 12", the place of a finding in the file.
    struct Place: CustomStringConvertible {
        let line: Int
        var description: String { "line \(line)" }
    }

    // Touch.
    var touchBatches = 0
    var ups = 0
    var upsWithoutFrame: [Place] = []
    var lastUpsWithoutFrame = 0
    var downUpFrames: [Place] = []
    var cancels = 0
    var cancelledTouches = 0
    var silentlyTaken: [(Place, Int32)] = []
    var removedWhileDown: [Place] = []
    var reuses = 0
    var soonestReuse: (ms: Int64, id: Int32, place: Place)?
    var reusedInUpFrame: [(Place, Int32)] = []
    var outside: [(Place, String)] = []
    var touchChanges = 0
    var shaped = 0
    var oriented = 0
    // Pointer.
    var pointerFrames = 0
    var unframed = 0
    var axisEvents = 0
    var axisWithoutSource: [Place] = []
    var wheelWithoutValue120: [Place] = []
    var value120Seen = 0
    // Seats.
    var capabilities: [String: (pointer: Bool, keyboard: Bool, touch: Bool)] = [:]
    var capabilityChanges: [(Place, String)] = []
    var seatVersions: [String: UInt32] = [:]
    // Tablet.
    var tabletFrames = 0
    var tabletWithoutFrame: [Place] = []
    var tabletOrder: [(Place, String)] = []
    // Time, per seat and device.
    var lastTimes: [String: UInt32] = [:]
    var backwards: [(Place, String)] = []
    var zeroTimes = 0
    var timedEvents = 0
    var smallestStep: UInt32?
    // Presentation: every frame with input the recording tells of.
    var presentation = PresentationStatistics(capacity: .max)
    var timedInputBatches = 0

    private var down: [String: [Int32: (x: Double, y: Double)]] = [:]
    private var lastUp: [String: [Int32: UInt32]] = [:]
    private var layout: WindowLayout?
    private var toolsInProximity: Set<String> = []
    private var toolsDown: Set<String> = []
    private var buttonsHeld: [String: Bool] = [:]

    mutating func run() {
        for seat in recording.seats { seatVersions[seat.name] = seat.version }
        for entry in recording.entries {
            let place = Place(line: entry.lineNumber)
            switch entry.item {
            case .window(let layout): self.layout = layout
            case .drawing, .end: break
            case .presentation(let frame): presentation.add(frame)
            case .batch(let event, let origin, let seatVersion):
                if event.inputTime != nil { timedInputBatches += 1 }
                switch event {
                case .touch(let frame): touch(frame, origin: origin, at: place)
                case .pointer(let frame): pointer(frame, origin: origin, at: place)
                case .tabletTool(let frame): tablet(frame, origin: origin, at: place)
                case .key(let key):
                    if key.action != .repeat { time(key.time, stream: "\(key.seat) keyboard", at: place) }
                case .pointerGesture(let gesture):
                    time(gesture.time, stream: "\(gesture.seat) touchpad gesture", at: place)
                case .keyboardFocus: break
                case .seatCapabilities(let seat, let pointer, let keyboard, let touch):
                    if let seatVersion { seatVersions[seat] = seatVersion }
                    let new = (pointer, keyboard, touch)
                    if let old = capabilities[seat], old != new, origin == .compositor {
                        capabilityChanges.append((place, "\(Excerpt.of(seat)) went from \(Self.names(old)) to \(Self.names(new))"))
                    }
                    capabilities[seat] = new
                }
            }
        }
    }

    /// The share of frames with input that may be discarded: the window
    /// had input, so it was visible, and a frame paced by the compositor
    /// is replaced before a latch only rarely.
    static let discardedLimit = 0.05

    private func judgePresentation() -> (CompositorReport.Result, String) {
        let frames = presentation.answeredCount
        guard frames > 0 else {
            guard timedInputBatches > 0 else { return (.notSeen, "no input") }
            switch recording.presentationOffered {
            case false?:
                return (.warn, "the compositor offers no wp_presentation: nothing tells when the frames of "
                               + "\(timedInputBatches) input batches reached the screen" + estimateEvidence())
            case true?:
                // sway 1.7 headless: docs/compositors.md says why.
                return (.warn, "the compositor offers wp_presentation but answered none of the feedback asked "
                               + "for the frames of \(timedInputBatches) input batches" + estimateEvidence())
            case nil:
                return (.warn, "no presentation feedback recorded for \(timedInputBatches) input batches: no "
                               + "wp_presentation, none answered, or recorded before touchtracker measured it"
                               + estimateEvidence())
            }
        }
        let discarded = presentation.discardedCount
        let share = "\(discarded) of \(frames) frames with input discarded"
        if presentation.discardedShare > Self.discardedLimit {
            return (.fail, share + " (more than \(Int(Self.discardedLimit * 100)) %) while the window was visible")
        }
        guard let median = presentation.median, let p99 = presentation.p99 else {
            if let clock = presentation.clock, clock != FramePresentation.monotonicClock {
                return (.warn, "presentation clock \(clock) is not CLOCK_MONOTONIC, the events' clock: "
                               + "no latency can be read; \(share)")
            }
            return (.warn, "event times are not on the presentation clock: no latency can be read; \(share)")
        }
        var details: [String] = []
        if let (refresh, flags) = presentation.lastPresented {
            if let refresh { details.append("refresh \(Self.milliseconds(refresh))") }
            details.append(flags.isEmpty ? "no flags" : flags.names.joined(separator: "+"))
        }
        let commits = presentation.commitLatencies
        if let figures = Self.medianAndP99(of: commits) { details.append("input → commit " + figures) }
        if let clock = presentation.clock, clock != FramePresentation.monotonicClock {
            details.append("clock \(clock) translated to CLOCK_MONOTONIC")
        }
        if let pacing = Self.pacingDetails(presentation) { details.append(pacing) }
        return (.pass, "median \(Self.milliseconds(median)), p99 \(Self.milliseconds(p99)) over "
                       + "\(presentation.latencies.count) frames; \(details.joined(separator: ", ")); \(share)")
    }

    /// How many frames were paced for the latch, of those that say (none
    /// do in recordings made before it was logged: nil), and when more than
    /// one pacing occurs the median and p99 input → on screen of each
    /// (latch, frame callback, at once).
    ///
    ///     latch-paced 80 of 120 frames (latch median 11.2 ms, p99 20.1 ms;
    ///     frame callback median 24.0 ms, p99 33.4 ms; at once median 30.2 ms, p99 30.2 ms)
    static func pacingDetails(_ presentation: PresentationStatistics) -> String? {
        let known = presentation.framesWithPacing
        guard known > 0 else { return nil }
        let latch = presentation.latchPacedCount
        var text = "latch-paced \(latch) of \(known) frames"
        guard latch > 0, latch < known else { return text }
        let figures = [(FramePresentation.Pacing.latch, "latch"), (.frameCallback, "frame callback"), (.atOnce, "at once")].compactMap {
            (pacing, name) in medianAndP99(of: presentation.latencies(pacedBy: pacing)).map { "\(name) " + $0 }
        }
        if !figures.isEmpty { text += " (\(figures.joined(separator: "; ")))" }
        return text
    }

    /// Without feedback, the estimate from the frames' frame callbacks
    /// (input → composited, `FramePresentation.composited`) and those
    /// frames' input → commit, after a "; "; empty when the recording has
    /// none (made before the app estimated).
    ///
    ///     ; estimated from frame callbacks: median 17.0 ms, p99 33.1 ms over 120 frames, input → commit …
    private func estimateEvidence() -> String {
        let estimates = presentation.estimatedLatencies
        guard let median = presentation.estimatedMedian, let p99 = presentation.estimatedP99 else { return "" }
        var evidence = "; estimated from frame callbacks: median \(Self.milliseconds(median)), "
            + "p99 \(Self.milliseconds(p99)) over \(estimates.count) frames"
        if presentation.estimatesFromReceipt > 0 {
            evidence += " (\(presentation.estimatesFromReceipt) from the app's receipt of the input: "
                + "the event times are not on its clock)"
        }
        let commits = presentation.frames.filter(\.isComposited).compactMap(\.inputToCommit)
        if let figures = Self.medianAndP99(of: commits) { evidence += ", input → commit " + figures }
        return evidence
    }

    /// "median 16.7 ms, p99 33.4 ms" of `latencies` (seconds); nil for none.
    static func medianAndP99(of latencies: [Double]) -> String? {
        guard let median = PresentationStatistics.percentile(0.5, of: latencies),
              let p99 = PresentationStatistics.percentile(0.99, of: latencies) else { return nil }
        return "median \(milliseconds(median)), p99 \(milliseconds(p99))"
    }

    /// "16.7 ms": milliseconds to a tenth.
    static func milliseconds(_ seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }

    static func names(_ capabilities: (pointer: Bool, keyboard: Bool, touch: Bool)) -> String {
        let names = [(capabilities.pointer, "pointer"), (capabilities.keyboard, "keyboard"),
                     (capabilities.touch, "touch")].filter(\.0).map(\.1)
        return names.isEmpty ? "nothing" : names.joined(separator: "+")
    }

    private mutating func time(_ value: UInt32, stream: String, at place: Place) {
        timedEvents += 1
        if value == 0 {
            zeroTimes += 1
            return
        }
        if let last = lastTimes[stream] {
            // A 32-bit millisecond clock wraps every 49.7 days: a jump back
            // of more than half its range is a wrap, not a step back.
            let step = value &- last
            if value < last && last - value < UInt32.max / 2 {
                backwards.append((place, "\(Excerpt.of(stream)) \(last) → \(value) ms"))
            } else if step > 0 {
                smallestStep = min(smallestStep ?? step, step)
            }
        }
        lastTimes[stream] = value
    }

    private mutating func touch(_ frame: TouchInputFrame, origin: InputOrigin, at place: Place) {
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

    private mutating func pointer(_ frame: PointerFrame, origin: InputOrigin, at place: Place) {
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

    private mutating func tablet(_ frame: TabletToolFrame, origin: InputOrigin, at place: Place) {
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

    static func inside(_ x: Double, _ y: Double, _ layout: WindowLayout) -> Bool {
        x >= 0 && y >= 0 && x < Double(layout.width) && y < Double(layout.height)
    }

    static func point(_ x: Double, _ y: Double) -> String {
        "(\(JSONValue.number(x).text), \(JSONValue.number(y).text))"
    }

    static func first<T>(_ items: [(Place, T)]) -> String {
        guard let item = items.first else { return "" }
        return "\(item.1) (\(item.0))"
    }

    // MARK: Rows

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
