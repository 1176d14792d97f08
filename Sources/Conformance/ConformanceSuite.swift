import Canvas
import TouchCore

/// Every case of `touchtracker conformance`, in the order they run. The
/// cases themselves are in `TouchCases`, `PointerCases`, `KeyboardCases`
/// and `SeatCases`; positions are canvas points within 900 × 500 (the
/// default window's canvas is 960 × 593).
enum ConformanceSuite {
    static let cases: [ConformanceCase] = TouchCases.all + PointerCases.all + KeyboardCases.all + SeatCases.all

    /// `ids`' cases in the suite's order; all of them for nil.
    static func cases(only ids: [String]?) -> [ConformanceCase] {
        guard let ids else { return cases }
        return cases.filter { ids.contains($0.id) }
    }
}

/// Linux input event codes (linux/input-event-codes.h) the cases use.
enum EvdevCode {
    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
    static let escape: UInt32 = 1
    static let leftControl: UInt32 = 29
    static let leftShift: UInt32 = 42
    static let z: UInt32 = 44
    static let f: UInt32 = 33
}

/// Gestures made of the driver's single events, paced like a person's.
extension CaseDriver {
    /// Seconds between two motions of a stroke: a 60 Hz touch screen's.
    static var motionInterval: Double { 1.0 / 60 }

    /// One finger from `from` to `to`: down, `steps` motions, up, each in a frame.
    func stroke(_ slot: Int, from: Point, to: Point, steps: Int = 16) throws {
        try touchDown(slot, from.x, from.y)
        try touchFrame()
        for step in 1...steps {
            try wait(Self.motionInterval)
            let t = Double(step) / Double(steps)
            try touchMotion(slot, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
            try touchFrame()
        }
        try touchUp(slot)
        try touchFrame()
    }

    /// Fingers down together (one frame), held `hold` seconds, up together.
    func tap(_ points: [Point], hold: Double = 0.05) throws {
        for (slot, point) in points.enumerated() { try touchDown(slot, point.x, point.y) }
        try touchFrame()
        try wait(hold)
        for slot in points.indices { try touchUp(slot) }
        try touchFrame()
    }

    /// A left-button drag from `from` to `to`, each event in a pointer frame.
    func drag(from: Point, to: Point, steps: Int = 16) throws {
        try pointerMotion(from.x, from.y)
        try pointerButton(EvdevCode.leftButton, pressed: true)
        for step in 1...steps {
            try wait(Self.motionInterval)
            let t = Double(step) / Double(steps)
            try pointerMotion(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
        }
        try pointerButton(EvdevCode.leftButton, pressed: false)
    }

    func click(_ button: UInt32, at point: Point) throws {
        try pointerMotion(point.x, point.y)
        try pointerButton(button, pressed: true)
        try wait(0.03)
        try pointerButton(button, pressed: false)
    }

    /// `codes` pressed in order, then released in reverse: a chord such as Ctrl+Shift+Z.
    func chord(_ codes: UInt32...) throws {
        for code in codes { try key(code, pressed: true) }
        for code in codes.reversed() { try key(code, pressed: false) }
    }
}

/// How a case says what it found: at least this many pixels of a line
/// `length` long and `width` wide at the frame's scale (its ends and
/// antialiased edges left out).
func minimumPixels(length: Double, width: Double, scale: Double) -> Int {
    Int((length - 20) * (width - 2) * scale * scale)
}
