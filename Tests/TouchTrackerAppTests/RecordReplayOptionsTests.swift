import Testing
import TouchTrackerApp

/// The command line of `--record`, `replay` and `check`.
@Suite struct RecordReplayOptionsTests {
    @Test func recordGoesWithARun() throws {
        #expect(try Options.parse(["--record", "s.ttrec"]) == Options(record: "s.ttrec"))
        #expect(try Options.parse(["--record=s.ttrec", "--log-input"]) == Options(logInput: true, record: "s.ttrec"))
    }

    @Test func replayTakesARecordingAnExportAndTheTrace() throws {
        #expect(try Options.parse(["replay", "s.ttrec"]).command == .replay(recording: "s.ttrec", export: nil))
        let options = try Options.parse(["replay", "s.ttrec", "--export", "out.png", "--trace"])
        #expect(options.command == .replay(recording: "s.ttrec", export: "out.png"))
        #expect(options.trace)
    }

    @Test func checkTakesARecordingOrLive() throws {
        #expect(try Options.parse(["check", "s.ttrec"]).command == .check(recording: "s.ttrec"))
        #expect(try Options.parse(["check", "s.ttrec", "--json"]) == Options(command: .check(recording: "s.ttrec"), json: true))
        let live = try Options.parse(["check", "--live", "--record", "k.ttrec", "--file", "d.json"])
        #expect(live == Options(command: .check(recording: nil), file: "d.json", record: "k.ttrec"))
    }

    @Test func checkWritesAnHTMLPageWithHTML() throws {
        let options = try Options.parse(["check", "s.ttrec", "--html", "report.html"])
        #expect(options.command == .check(recording: "s.ttrec"))
        #expect(options.html == "report.html")
        #expect(try Options.parse(["check", "s.ttrec", "--html=r.html", "--json"]).html == "r.html")
    }

    @Test(arguments: [
        (["replay"], "replay needs a recording: replay FILE"),
        (["replay", "s.ttrec", "--json"], "replay takes only --export and --trace"),
        (["replay", "s.ttrec", "--export", "out.gif"], "cannot export to 'out.gif': the file name must end in .png, .svg or .pdf"),
        (["check"], "check needs a recording or --live, not both: check FILE, check --live"),
        (["check", "s.ttrec", "--live"], "check needs a recording or --live, not both: check FILE, check --live"),
        (["check", "s.ttrec", "--record", "x"], "--file and --record go with check --live, not check FILE"),
        (["check", "s.ttrec", "--trace"], "check takes --json and --html (and, with --live, --file and --record)"),
        (["--json"], "--json goes with check: check FILE --json"),
        (["--html", "r.html"], "--html goes with check: check FILE --html OUT"),
        (["check", "--live", "--html", "r.html"], "--html goes with a recording: check FILE --html OUT"),
        (["replay", "s.ttrec", "--html", "r.html"], "replay takes only --export and --trace"),
        (["check", "s.ttrec", "--html", ""], "option --html needs a path"),
        (["--live"], "--live goes with check: check --live"),
        (["--record"], "option --record needs a value"),
        (["--export", "out.png", "--record", "s.ttrec"], "--record records a session; --export opens none"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }
}
