import Canvas
import TouchCore
import WaylandClient

/// The cases of the seat and the output: a device appearing at run time,
/// a scale change, and the tablet.
enum SeatCases {
    static let all = [capabilities, outputScale, tabletStroke]

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    static let capabilities = ConformanceCase(
        id: "capabilities-at-run-time",
        rule: "wl_seat.capabilities: a pointer removed and added at run time is announced both times, "
            + "and the client's new wl_pointer gets its events",
        devices: [.pointer], rows: [.capabilities, .pointer],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.unplug(.pointer)
            try driver.wait(1)
            try driver.plug(.pointer)
            try driver.wait(0.5)
            try driver.drag(from: p(100, 450), to: p(400, 450))
        },
        expect: { evidence in
            let announced = evidence.events.compactMap { entry -> Bool? in
                if case .seatCapabilities(_, let pointer, _, _) = entry.event { pointer } else { nil }
            }
            var failures: [String] = []
            guard let lost = announced.firstIndex(of: false) else {
                return ["no wl_seat.capabilities without the pointer after it was removed"]
            }
            if !announced[lost...].contains(true) {
                return ["no wl_seat.capabilities with the pointer after it was added again"]
            }
            if !evidence.pointerFrames.contains(where: { $0.events.contains { if case .button = $0 { true } else { false } } }) {
                failures.append("the new wl_pointer got no button events")
            }
            return failures + TouchCases.expectLine(evidence, from: p(100, 450), to: p(400, 450))
        })

    static let outputScale = ConformanceCase(
        id: "output-scale",
        rule: "wl_output.scale / wp_fractional_scale_v1: a scale change reaches the client, "
            + "which then draws its buffer at that scale (a 10-point line 20 pixels wide at 2)",
        devices: [], rows: [],
        drive: { driver in
            try driver.setUp(lines: [TouchCases.selectable])
            try driver.setOutputScale(2)
            try driver.waitUntil(timeout: 3) { (try? driver.snapshot())??.scale == 2 }
        },
        expect: { evidence in
            guard let frame = evidence.frame else { return ["no frame was presented after the scale change"] }
            guard frame.scale == 2 else { return ["the app still draws at scale \(frame.scale) after the output's went to 2"] }
            let least = minimumPixels(length: 400, width: 10, scale: 2)
            if let black = evidence.pixels(.black, 110, 190, 490, 211), black < least {
                return ["the line is \(black) black pixels at scale 2, fewer than \(least)"]
            }
            return []
        })

    static let tabletStroke = ConformanceCase(
        id: "tablet-pen-stroke",
        rule: "zwp_tablet_tool_v2: proximity_in before down, every event followed by frame, "
            + "pressure carried, a frame after proximity_out",
        devices: [.tablet], rows: [.tablet, .timestamps], mustSee: [.tablet],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.tabletProximityIn(100, 480)
            try driver.tabletDown()
            for step in 1...16 {
                try driver.wait(1.0 / 60)
                try driver.tabletMotion(100 + 300 * Double(step) / 16, 480, pressure: 0.5)
            }
            try driver.tabletUp()
            try driver.tabletProximityOut()
        },
        expect: { evidence in
            TouchCases.expectLine(evidence, from: p(100, 480), to: p(400, 480))
        })
}
