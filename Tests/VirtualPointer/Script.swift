/// A pointer button, by its Linux input event code (linux/input-event-codes.h),
/// which is what `zwlr_virtual_pointer_v1.button` carries.
enum Button: UInt32 {
    case left = 0x110
    case right = 0x111
    case middle = 0x112
}

/// One step of the script given on the command line. Positions are in the
/// compositor's logical output coordinates.
enum Command {
    case move(x: Double, y: Double)
    case press(Button)
    case release(Button)
    /// Move, press and release without moving in between.
    case click(Button, x: Double, y: Double)
    /// Move to the start, press the left button, move to the end in small
    /// steps, release.
    case drag(fromX: Double, fromY: Double, toX: Double, toY: Double)
    case sleep(seconds: Double)
}

/// The size that `motion_absolute` positions are measured against, in
/// logical units: the output layout's size.
struct Extent {
    var width: UInt32
    var height: UInt32
}

/// What the command line asks for.
struct Invocation {
    /// nil means the logical size of the compositor's output.
    var extent: Extent?
    /// Pause after each event, in seconds (`VirtualPointer.pace` unless
    /// `--pace` says otherwise).
    var pace: Double
    var commands: [Command]
}

/// A command line that does not parse; the message names the offending word.
struct UsageError: Error {
    let message: String
}

let usage = """
    usage: touchtracker-virtual-pointer [--extent W H] [--pace SECONDS] COMMAND...
    Drives a virtual pointer (zwlr_virtual_pointer_v1) on the compositor at $WAYLAND_DISPLAY.
    Positions are logical output coordinates; --extent gives the size they are
    measured against (default: the output's mode divided by wl_output.scale,
    which is wrong at a fractional scale: pass the logical size then).
    --pace gives the pause after each event (default 0.01 s; 0 with
    'sleep 0.008' between moves makes a 125 Hz pointer).
    Commands:
      move X Y                    put the pointer at (X, Y)
      press BUTTON                press BUTTON: left, right or middle
      release BUTTON              release BUTTON
      click BUTTON X Y            move to (X, Y), press and release there
      drag X1 Y1 X2 Y2            left-button drag from (X1, Y1) to (X2, Y2)
      sleep SECONDS               wait
    Buttons still held at the end are released before the pointer goes away.
    """

/// Parses the arguments (without the program name).
func parseInvocation(_ arguments: [String]) throws -> Invocation {
    var words = arguments[...]
    var invocation = Invocation(extent: nil, pace: VirtualPointer.pace, commands: [])

    func take(_ what: String, after command: String) throws -> String {
        guard let word = words.popFirst() else {
            throw UsageError(message: "\(command): missing \(what)")
        }
        return word
    }
    func number(_ what: String, after command: String) throws -> Double {
        let word = try take(what, after: command)
        guard let value = Double(word), value.isFinite, value >= 0 else {
            throw UsageError(message: "\(command): \(what) must be a number ≥ 0, not '\(word)'")
        }
        return value
    }
    func button(after command: String) throws -> Button {
        let word = try take("button", after: command)
        switch word {
        case "left": return .left
        case "right": return .right
        case "middle": return .middle
        default: throw UsageError(message: "\(command): unknown button '\(word)' (left, right or middle)")
        }
    }

    if words.first == "--extent" {
        words.removeFirst()
        let width = try number("width", after: "--extent"), height = try number("height", after: "--extent")
        guard width >= 1, height >= 1 else { throw UsageError(message: "--extent: the size must be at least 1x1") }
        invocation.extent = Extent(width: UInt32(width), height: UInt32(height))
    }
    if words.first == "--pace" {
        words.removeFirst()
        invocation.pace = try number("seconds", after: "--pace")
    }
    while let word = words.popFirst() {
        switch word {
        case "move":
            invocation.commands.append(.move(x: try number("x", after: word), y: try number("y", after: word)))
        case "press":
            invocation.commands.append(.press(try button(after: word)))
        case "release":
            invocation.commands.append(.release(try button(after: word)))
        case "click":
            let button = try button(after: word)
            invocation.commands.append(.click(button, x: try number("x", after: word), y: try number("y", after: word)))
        case "drag":
            invocation.commands.append(.drag(
                fromX: try number("x1", after: word), fromY: try number("y1", after: word),
                toX: try number("x2", after: word), toY: try number("y2", after: word)))
        case "sleep":
            invocation.commands.append(.sleep(seconds: try number("seconds", after: word)))
        default:
            throw UsageError(message: "unknown command '\(word)'")
        }
    }
    guard !invocation.commands.isEmpty else { throw UsageError(message: "no commands given") }
    return invocation
}
