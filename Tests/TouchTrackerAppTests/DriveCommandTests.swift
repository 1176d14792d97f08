import Testing
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
        ("move 4 y", "'4 y' is not a position (two numbers, in pixels)"),
        ("move 4 nan", "'4 nan' is not a position (two numbers, in pixels)"),
        ("button left 1", "'button': 'left' is not an evdev code"),
        ("key 42 down", "'key': 'down' is neither 1 (pressed) nor 0 (released)"),
        ("glide 20 0.4 0 1 2 3", "'glide' takes STEPS SECONDS and one or more SLOT X0 Y0 X1 Y1, not '20 0.4 0 1 2 3'"),
        ("glide 0 0.4 0 1 2 3 4", "'glide': '0' is not a number of steps (1 or more)"),
        ("sleep -1", "'-1' is not a time in seconds (0 to 3600)"),
        ("node 1", "'node' takes nothing, not '1'"),
        ("up 0; frobnicate", "unknown command 'frobnicate' (down, motion, up, move, button, key, glide, sleep, node, quit)"),
    ])
    func aMalformedLineIsNamedAndRunsNothing(line: String, message: String) {
        #expect(throws: DriveCommand.ParseError(description: message)) { try DriveCommand.parse(line: line) }
    }
}
