import Canvas
import TouchCore
import WaylandClient
import WaylandInput

/// The cases of `wl_pointer`: a drag, a right click, the wheel.
enum PointerCases {
    static let all = [drag, rightClick, wheel]

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    static let drag = ConformanceCase(
        id: "pointer-drag",
        rule: "wl_pointer: the press, each motion and the release end in wl_pointer.frame, "
            + "and the drag draws where the pointer went",
        devices: [.pointer], rows: [.pointer, .timestamps, .outsideSurface], mustSee: [.pointer],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.drag(from: p(100, 450), to: p(500, 450))
        },
        expect: { evidence in
            TouchCases.expectLine(evidence, from: p(100, 450), to: p(500, 450))
                + TouchCases.expectInk(evidence, 100, 500, y: 450)
        })

    static let rightClick = ConformanceCase(
        id: "right-click",
        rule: "wl_pointer.button: BTN_RIGHT pressed and released over a line reach the client (it selects the line, with a menu)",
        devices: [.pointer], rows: [.pointer, .timestamps], mustSee: [.pointer],
        drive: { driver in
            try driver.setUp(lines: [TouchCases.selectable])
            try driver.click(EvdevCode.rightButton, at: p(260, 202))
        },
        expect: { evidence in
            var failures: [String] = []
            let rights = evidence.pointerFrames.flatMap(\.events).filter {
                if case .button(EvdevCode.rightButton, _) = $0 { true } else { false }
            }
            if rights.count != 2 { failures.append("\(rights.count) BTN_RIGHT events arrived, not a press and a release") }
            if evidence.selectedLine != TouchCases.selectable { failures.append("the line under the click is not selected") }
            if evidence.menuShown == false { failures.append("no menu after the right click") }
            return failures
        })

    static let wheel = ConformanceCase(
        id: "wheel-value120",
        rule: "wl_pointer.axis: one wheel detent arrives with axis_source wheel and axis_value120 ±120 "
            + "(axis_discrete ±1 before seat v8), in one frame",
        devices: [.pointer], rows: [.pointer], mustSee: [.pointer],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.pointerMotion(650, 300)
            try driver.pointerWheel(.vertical, value120: 120)
            try driver.wait(0.1)
            try driver.pointerWheel(.vertical, value120: -120)
        },
        expect: { evidence in
            let axes = evidence.pointerFrames.flatMap(\.events).compactMap { event -> PointerAxis? in
                if case .axis(let axis) = event, axis.orientation == .vertical, !axis.stop { axis } else { nil }
            }
            let version = evidence.recording.seats.map(\.version).max() ?? 0
            var failures: [String] = []
            for (sign, word) in [(1, "down"), (-1, "up")] {
                guard let axis = axes.first(where: { ($0.value > 0) == (sign > 0) && $0.value != 0 }) else {
                    failures.append("no vertical axis event for the detent \(word)")
                    continue
                }
                if axis.source != .wheel {
                    failures.append("the detent \(word) came with axis_source \(axis.source?.rawValue ?? "none"), not wheel")
                }
                if version >= 8, axis.value120 != Int32(120 * sign) {
                    failures.append("the detent \(word) came with axis_value120 \(axis.value120.map(String.init) ?? "none"), "
                                    + "not \(120 * sign)")
                } else if version < 8, axis.discrete != Int32(sign) {
                    failures.append("the detent \(word) came with axis_discrete \(axis.discrete.map(String.init) ?? "none"), "
                                    + "not \(sign) (seat v\(version))")
                }
            }
            if !evidence.newLines.isEmpty { failures.append("the wheel drew \(evidence.newLines.count) line(s)") }
            return failures
        })
}
