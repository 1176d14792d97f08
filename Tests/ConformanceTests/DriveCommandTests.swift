import Testing
@testable import Conformance
@testable import TouchTrackerApp

@Suite struct DriveCommandTests {
    private func point(_ x: Double, _ y: Double) -> OutputPoint { OutputPoint(x: x, y: y) }

    @Test func aLineOfSeveralCommandsRunsInOrder() throws {
        #expect(try DriveCommand.parse(line: "down 0 100 450.5; sleep 0.05 ;up 0") == [
            .touchDown(slot: 0, at: point(100, 450.5)), .sleep(seconds: 0.05), .touchUp(slot: 0),
        ])
        #expect(try DriveCommand.parse(line: "motion 3 1 2;move 4 4; button 272 1; button 272 0; key 42 1; key 42 0") == [
            .touchMotion(slot: 3, to: point(1, 2)), .pointerMotion(to: point(4, 4)),
            .button(code: 272, pressed: true), .button(code: 272, pressed: false),
            .key(code: 42, pressed: true), .key(code: 42, pressed: false),
        ])
        #expect(try DriveCommand.parse(line: "node") == [.node])
        #expect(try DriveCommand.parse(line: "quit") == [.quit])
    }

    @Test func blankLinesAndEmptyCommandsAreNothing() throws {
        #expect(try DriveCommand.parse(line: "").isEmpty)
        #expect(try DriveCommand.parse(line: "  ;\t; ").isEmpty)
        #expect(try DriveCommand.parse(line: "up 1;;") == [.touchUp(slot: 1)])
    }

    @Test func aGlideMovesEachFingerOrThePointerInEvenSteps() throws {
        let commands = try DriveCommand.parse(line: "glide 4 0.4 0 100 450 500 450 pointer 10 20 10 60")
        guard case .glide(let steps, let seconds, let paths) = commands.first, commands.count == 1 else {
            Issue.record("not one glide: \(commands)")
            return
        }
        #expect(steps == 4 && seconds == 0.4)
        #expect(paths.map(\.mover) == [.finger(slot: 0), .pointer])
        #expect(paths[0].point(step: 1, of: 4) == point(200, 450))
        #expect(paths[0].point(step: 4, of: 4) == point(500, 450))
        #expect(paths[1].point(step: 2, of: 4) == point(10, 40))
    }

    @Test(arguments: [
        ("tap 1 2", "unknown command 'tap' (down, motion, up, move, button, key, glide, sleep, node, quit)"),
        ("down 0 100", "'down' takes SLOT X Y, not '0 100'"),
        ("down -1 1 2", "'-1' is not a touch slot (a whole number, 0 or more)"),
        ("move 4 y", "'4 y' is not a position (two numbers, in pixels, at most 1000000 either way)"),
        ("move 4 nan", "'4 nan' is not a position (two numbers, in pixels, at most 1000000 either way)"),
        ("button left 1", "'button': 'left' is not an evdev code (0 to 767)"),
        ("key 42 down", "'key': 'down' is neither 1 (pressed) nor 0 (released)"),
        ("glide 20 0.4 0 1 2 3", "'glide' takes STEPS SECONDS and one or more SLOT X0 Y0 X1 Y1, not '20 0.4 0 1 2 3'"),
        ("glide 0 0.4 0 1 2 3 4", "'glide': '0' is not a number of steps (1 to 6000)"),
        ("sleep -1", "'-1' is not a time in seconds (0 to 60)"),
        ("node 1", "'node' takes nothing, not '1'"),
        ("up 0; frobnicate", "unknown command 'frobnicate' (down, motion, up, move, button, key, glide, sleep, node, quit)"),
    ])
    func aMalformedLineIsNamedAndRunsNothing(line: String, message: String) {
        #expect(throws: DriveCommand.ParseError(description: message)) { try DriveCommand.parse(line: line) }
    }

    /// Issue 34: numbers out of bounds trapped (`key 4294967295 1`: the
    /// keymap's `code + 8`), flooded the socket (a glide of 20,000 paths) or
    /// never ended (an hour's glide); each is now an error for its line.
    @Test(arguments: [
        ("key 4294967295 1", "'key': '4294967295' is not an evdev code (0 to 767)"),
        ("button 768 1", "'button': '768' is not an evdev code (0 to 767)"),
        ("glide 20 0.4" + String(repeating: " pointer 1 2 3 4", count: 20_000),
         "'glide' moves at most 16 fingers or pointers, not 20000"),
        ("glide 1000000 1 0 1 2 3 4", "'glide': '1000000' is not a number of steps (1 to 6000)"),
        ("glide 20 3600 0 1 2 3 4", "'3600' is not a time in seconds (0 to 60)"),
        ("sleep 1e400", "'1e400' is not a time in seconds (0 to 60)"),
        ("move 1e7 0", "'1e7 0' is not a position (two numbers, in pixels, at most 1000000 either way)"),
        ("down 0 1 -inf", "'1 -inf' is not a position (two numbers, in pixels, at most 1000000 either way)"),
    ])
    func aNumberOutOfBoundsIsAnErrorForItsLine(line: String, message: String) {
        #expect(throws: DriveCommand.ParseError(description: message)) { try DriveCommand.parse(line: line) }
    }

    @Test func theLargestBoundedCommandsAreAccepted() throws {
        #expect(try DriveCommand.parse(line: "key 767 1; sleep 60") == [.key(code: 767, pressed: true), .sleep(seconds: 60)])
        let glide = "glide 6000 60" + String(repeating: " 0 -1000000 0 1000000 0", count: 16)
        #expect(try DriveCommand.parse(line: glide).count == 1)
    }
}
