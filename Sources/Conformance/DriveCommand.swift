import JSONLine

/// One command of `touchtracker conformance --drive`, the line language the
/// smoke tests speak to drive mutter and KWin (and anyone, by hand or from a
/// script). Positions are the compositor's logical pixels, times seconds.
///
///     down SLOT X Y | motion SLOT X Y | up SLOT     one touch point
///     move X Y                                      absolute pointer motion
///     button CODE 1|0                               evdev code, pressed or released
///     key CODE 1|0                                  evdev key code
///     glide STEPS SECONDS SLOT X0 Y0 X1 Y1 [SLOT X0 Y0 X1 Y1]...
///                                                   every SLOT ("pointer": the
///                                                   pointer) from X0 Y0 to X1 Y1 in
///                                                   STEPS even steps over SECONDS
///     sleep SECONDS
///     node                                          mutter: the screen cast's PipeWire node
///     quit
///
/// Several commands may share one line, separated by ';'. Every number is
/// bounded (below) and so is a line (`lineByteLimit`): a line out of bounds
/// is an error, never a trap, an hour's wait or a flood of requests.
enum DriveCommand: Equatable, Sendable {
    case touchDown(slot: Int, at: OutputPoint)
    case touchMotion(slot: Int, to: OutputPoint)
    case touchUp(slot: Int)
    case pointerMotion(to: OutputPoint)
    case button(code: UInt32, pressed: Bool)
    case key(code: UInt32, pressed: Bool)
    case glide(steps: Int, seconds: Double, paths: [GlidePath])
    case sleep(seconds: Double)
    case node
    case quit

    /// What one glide moves: a finger by its slot, or the pointer.
    enum Mover: Equatable, Sendable {
        case finger(slot: Int)
        case pointer
    }

    struct GlidePath: Equatable, Sendable {
        var mover: Mover
        var from: OutputPoint
        var to: OutputPoint

        /// Where the mover is after `step` of `steps` even steps.
        func point(step: Int, of steps: Int) -> OutputPoint {
            let fraction = Double(step) / Double(steps)
            return OutputPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
        }
    }

    /// Bytes in a line at most: far more than any script's line needs.
    static let lineByteLimit = 64 * 1024
    /// The highest evdev key or button code (`KEY_MAX`).
    static let codeLimit: UInt32 = 0x2FF
    /// Fingers and the pointer one glide moves at most: more than a hand.
    static let moverLimit = 16
    /// Steps of one glide at most: 100 a second for `durationLimit`.
    static let stepLimit = 6000
    /// Seconds of one glide or sleep at most.
    static let durationLimit = 60.0
    /// Logical pixels from the origin a position may be at most, either
    /// way: larger than any output layout, well inside Wayland's fixed point.
    static let positionLimit = 1_000_000.0

    /// A line that is not in the language: what is wrong with it, to print
    /// and go on with the next line.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The commands of one line, in order; none for a blank line.
    static func parse(line: String) throws(ParseError) -> [DriveCommand] {
        var commands: [DriveCommand] = []
        for part in line.split(separator: ";", omittingEmptySubsequences: false) {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            commands.append(try parse(words: words))
        }
        return commands
    }

    private static func parse(words: [String]) throws(ParseError) -> DriveCommand {
        let name = words[0]
        let arguments = Array(words.dropFirst())
        func expect(_ count: Int, _ usage: String) throws(ParseError) {
            guard arguments.count == count else {
                throw ParseError(description: "'\(name)' takes \(usage), not '\(Excerpt.of(arguments.joined(separator: " ")))'")
            }
        }
        switch name {
        case "down":
            try expect(3, "SLOT X Y")
            return .touchDown(slot: try slot(arguments[0]), at: try point(arguments[1], arguments[2]))
        case "motion":
            try expect(3, "SLOT X Y")
            return .touchMotion(slot: try slot(arguments[0]), to: try point(arguments[1], arguments[2]))
        case "up":
            try expect(1, "SLOT")
            return .touchUp(slot: try slot(arguments[0]))
        case "move":
            try expect(2, "X Y")
            return .pointerMotion(to: try point(arguments[0], arguments[1]))
        case "button", "key":
            try expect(2, "CODE 1|0")
            guard let code = UInt32(arguments[0]), code <= codeLimit else {
                throw ParseError(description: "'\(name)': '\(Excerpt.of(arguments[0]))' is not an evdev code (0 to \(codeLimit))")
            }
            guard arguments[1] == "1" || arguments[1] == "0" else {
                throw ParseError(description: "'\(name)': '\(Excerpt.of(arguments[1]))' is neither 1 (pressed) nor 0 (released)")
            }
            let pressed = arguments[1] == "1"
            return name == "key" ? .key(code: code, pressed: pressed) : .button(code: code, pressed: pressed)
        case "glide":
            let usage = "STEPS SECONDS and one or more SLOT X0 Y0 X1 Y1"
            guard arguments.count >= 7, (arguments.count - 2) % 5 == 0 else {
                throw ParseError(description: "'glide' takes \(usage), not '\(Excerpt.of(arguments.joined(separator: " ")))'")
            }
            guard (arguments.count - 2) / 5 <= moverLimit else {
                throw ParseError(description: "'glide' moves at most \(moverLimit) fingers or pointers, "
                                            + "not \((arguments.count - 2) / 5)")
            }
            guard let steps = Int(arguments[0]), steps > 0, steps <= stepLimit else {
                throw ParseError(description: "'glide': '\(Excerpt.of(arguments[0]))' is not a number of steps (1 to \(stepLimit))")
            }
            let seconds = try duration(arguments[1])
            var paths: [GlidePath] = []
            for start in stride(from: 2, to: arguments.count, by: 5) {
                let mover: Mover = arguments[start] == "pointer" ? .pointer : .finger(slot: try slot(arguments[start]))
                paths.append(GlidePath(mover: mover, from: try point(arguments[start + 1], arguments[start + 2]),
                                       to: try point(arguments[start + 3], arguments[start + 4])))
            }
            return .glide(steps: steps, seconds: seconds, paths: paths)
        case "sleep":
            try expect(1, "SECONDS")
            return .sleep(seconds: try duration(arguments[0]))
        case "node":
            try expect(0, "nothing")
            return .node
        case "quit":
            try expect(0, "nothing")
            return .quit
        default:
            throw ParseError(description: "unknown command '\(Excerpt.of(name))' (down, motion, up, move, button, key, glide, "
                                        + "sleep, node, quit)")
        }
    }

    private static func slot(_ word: String) throws(ParseError) -> Int {
        guard let slot = Int(word), slot >= 0, slot <= Int(Int32.max) else {
            throw ParseError(description: "'\(Excerpt.of(word))' is not a touch slot (a whole number, 0 or more)")
        }
        return slot
    }

    private static func point(_ x: String, _ y: String) throws(ParseError) -> OutputPoint {
        guard let px = Double(x), let py = Double(y), abs(px) <= positionLimit, abs(py) <= positionLimit else {
            throw ParseError(description: "'\(Excerpt.of(x + " " + y))' is not a position (two numbers, in pixels, "
                                        + "at most \(Int(positionLimit)) either way)")
        }
        return OutputPoint(x: px, y: py)
    }

    private static func duration(_ word: String) throws(ParseError) -> Double {
        guard let seconds = Double(word), seconds >= 0, seconds <= durationLimit else {
            throw ParseError(description: "'\(Excerpt.of(word))' is not a time in seconds (0 to \(Int(durationLimit)))")
        }
        return seconds
    }
}
