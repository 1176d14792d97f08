import Testing
import TouchTrackerApp

@Suite struct OptionsTests {
    @Test func noArgumentsRunsTheApp() throws {
        #expect(try Options.parse([]) == Options())
    }

    @Test func fileAndLogInput() throws {
        let options = try Options.parse(["--file", "/tmp/a.json", "--log-input"])
        #expect(options == Options(command: .run, file: "/tmp/a.json", logInput: true))
        #expect(try Options.parse(["--file=/tmp/b.json"]).file == "/tmp/b.json")
    }

    /// As a file manager runs it (the desktop entry's %f).
    @Test func aFileGivenPlainlyOpensLikeFile() throws {
        #expect(try Options.parse(["/tmp/a.touchtracker"]) == Options(command: .run, file: "/tmp/a.touchtracker"))
        #expect(try Options.parse(["--log-input", "old.json"]) == Options(command: .run, file: "old.json", logInput: true))
        #expect(try Options.parse(["a.touchtracker", "--export", "a.png"]) == Options(command: .export(path: "a.png"),
                                                                                      file: "a.touchtracker"))
    }

    /// As a file manager runs it with several files (the entry's %F): each
    /// in a window of its own.
    @Test func severalFilesGivenPlainlyOpenEach() throws {
        var expected = Options(command: .run, file: "a.touchtracker")
        expected.moreFiles = ["b.touchtracker", "c.json"]
        #expect(try Options.parse(["a.touchtracker", "b.touchtracker", "c.json"]) == expected)
    }

    @Test func severalFilesAreRefusedWhereOneIsMeantSayingWhy() {
        #expect(throws: Options.ParseError(description:
            "--export writes one drawing: 'a.touchtracker' and 'b.touchtracker' are given")) {
            try Options.parse(["a.touchtracker", "b.touchtracker", "--export", "a.png"])
        }
        #expect(throws: Options.ParseError(description: "a drawing is given twice: --file 'a.json' and 'b.json'")) {
            try Options.parse(["--file", "a.json", "b.json"])
        }
        #expect(throws: Options.ParseError(description: "option --file is given twice")) {
            try Options.parse(["a.json", "--file", "b.json"])
        }
    }

    @Test func traceWithOrWithoutTheInputLog() throws {
        #expect(try Options.parse(["--trace"]) == Options(trace: true))
        #expect(try Options.parse(["--log-input", "--trace"]) == Options(logInput: true, trace: true))
        #expect(throws: Options.ParseError(description: "option --trace takes no value")) {
            try Options.parse(["--trace=1"])
        }
    }

    @Test func playgroundOpensTheGesturePlayground() throws {
        #expect(try Options.parse(["--playground"]) == Options(playground: true))
        #expect(try Options.parse(["--playground", "--trace"]) == Options(trace: true, playground: true))
        #expect(throws: Options.ParseError(description: "option --playground takes no value")) {
            try Options.parse(["--playground=yes"])
        }
        #expect(Options.usage.contains("--playground"))
    }

    @Test func frameCallbackPacingGoesWithASession() throws {
        var expected = Options()
        expected.frameCallbackPacing = true
        #expect(try Options.parse(["--frame-callback-pacing"]) == expected)
        #expect(Options.usage.contains("--frame-callback-pacing"))
        #expect(throws: Options.ParseError(description: "replay takes only --export and --trace")) {
            try Options.parse(["replay", "r.ttrec", "--frame-callback-pacing"])
        }
    }

    /// `--book` runs the window's canvas with the chapter's values; with
    /// no window, or a recording that did not have it, it would mean nothing.
    @Test func bookGoesWithARunningWindow() throws {
        var expected = Options()
        expected.book = true
        #expect(try Options.parse(["--book"]) == expected)
        #expect(try !Options.parse([]).book, "the app's own values by default")
        #expect(Options.usage.contains("--book"))
        #expect(throws: Options.ParseError(description: "option --book takes no value")) {
            try Options.parse(["--book=on"])
        }
        #expect(throws: Options.ParseError(description: "replay takes only --export and --trace")) {
            try Options.parse(["replay", "r.ttrec", "--book"])
        }
        #expect(throws: Options.ParseError.self) { try Options.parse(["check", "r.ttrec", "--book"]) }
    }

    @Test func exportPicksTheFormatFromTheExtension() throws {
        #expect(try Options.parse(["--export", "out.SVG"]).command == .export(path: "out.SVG"))
    }

    @Test func helpAndVersion() throws {
        #expect(try Options.parse(["--help"]).command == .help())
        #expect(try Options.parse(["-h", "--file", "x"]).command == .help())
        #expect(try Options.parse(["-V"]).command == .version)
    }

    @Test func replayAndCheckHaveTheirOwnHelp() throws {
        #expect(try Options.parse(["replay", "--help"]).command == .help(command: "replay"))
        #expect(try Options.parse(["check", "x.ttrec", "-h"]).command == .help(command: "check"))
        let replay = Options.usage(of: "replay")
        #expect(replay.hasPrefix("Usage: touchtracker replay RECORDING [--export OUT] [--trace]\n\n  replay RECORDING"))
        #expect(replay.contains("    --trace         print the trace of the run"))
        #expect(!replay.contains("check"))
        let check = Options.usage(of: "check")
        #expect(check.hasPrefix("Usage: touchtracker check RECORDING [--json] [--html OUT]\n       touchtracker check --live"))
        #expect(check.contains("  check --live      open the window"))
        #expect(check.contains("    --json          the table as one JSON object"))
        #expect(check.contains("    --html OUT      also write the report to OUT as one HTML page"))
        #expect(!check.contains("replay") && !check.contains("--version"))
    }

    @Test(arguments: [
        (["--export", "a.png", "--export", "b.svg"], "option --export is given twice"),
        (["replay", "r.ttrec", "--export", "a.png", "--export=b.png"], "option --export is given twice"),
        (["--file", "a.json", "--file", "b.json"], "option --file is given twice"),
        (["--export", "a.png", "--playground"], "--playground goes with a session; --export opens none"),
        (["--log-input", "--export", "a.png"], "--log-input goes with a session; --export opens none"),
        (["--export", "a.png", "--trace"], "--trace goes with a session; --export opens none"),
        (["--export", "a.png", "--frame-callback-pacing"],
         "--frame-callback-pacing goes with a session; --export opens none"),
        (["--export", "a.png", "--book"], "--book goes with a session; --export opens none"),
    ])
    func conflictingOptionsAreRefused(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus' (see --help)"),
        (["--file"], "option --file needs a value"),
        (["--file", "--log-input"], "option --file needs a value"),
        (["--export", "drawing.jpg"], "cannot export to 'drawing.jpg': the file name must end in .png, .svg or .pdf"),
        (["replay", "a.ttrec", "stray"], "unexpected argument 'stray' (see --help)"),
        (["--log-input=yes"], "option --log-input takes no value"),
    ])
    func badArgumentsAreNamedInTheError(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }
}
