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

    @Test(arguments: [
        (["replay"], "replay needs a recording: replay FILE"),
        (["replay", "s.ttrec", "--json"], "replay takes only --export and --trace"),
        (["replay", "s.ttrec", "--export", "out.gif"], "cannot export to 'out.gif': the file name must end in .png, .svg or .pdf"),
        (["check"], "check needs a recording or --live, not both: check FILE, check --live"),
        (["check", "s.ttrec", "--live"], "check needs a recording or --live, not both: check FILE, check --live"),
        (["check", "s.ttrec", "--record", "x"], "--file and --record go with check --live, not check FILE"),
        (["check", "s.ttrec", "--trace"], "check takes --json (and, with --live, --file and --record)"),
        (["--json"], "--json goes with check: check FILE --json"),
        (["--live"], "--live goes with check: check --live"),
        (["--record"], "option --record needs a value"),
        (["--export", "out.png", "--record", "s.ttrec"], "--record records a session; --export opens none"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }
}
