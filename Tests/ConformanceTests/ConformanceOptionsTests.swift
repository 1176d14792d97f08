@testable import Conformance
import Testing
@testable import TouchTrackerApp

@Suite struct ConformanceOptionsTests {
    @Test func everyOptionParses() throws {
        #expect(try Options.parse(["conformance"]).command == .conformance(ConformanceOptions()))
        #expect(try Options.parse(["conformance", "--json", "--junit", "out.xml", "--only", "tap,key-repeat"]).command
                == .conformance(ConformanceOptions(json: true, junit: "out.xml", only: ["tap", "key-repeat"])))
        #expect(try Options.parse(["conformance", "--junit=r.xml", "--list"]).command
                == .conformance(ConformanceOptions(junit: "r.xml", list: true)))
        #expect(try Options.parse(["conformance", "--drive"]).command == .conformance(ConformanceOptions(drive: true)))
    }

    @Test func onlyKeepsTheSuitesOrder() {
        #expect(ConformanceSuite.cases(only: ["key-repeat", "tap"]).map(\.id) == ["tap", "key-repeat"])
        #expect(ConformanceSuite.cases(only: nil).count == ConformanceSuite.cases.count)
    }

    /// An unknown case is refused as a usage error before anything opens
    /// (no compositor is needed to be told).
    @Test func anUnknownCaseIsAUsageError() throws {
        #expect(try Options.parse(["conformance", "--only", "tap,nope"]).command
                == .conformance(ConformanceOptions(only: ["tap", "nope"])))
        #expect(Program.conformance(ConformanceOptions(only: ["tap", "nope"])) == .usage)
    }

    @Test func everyCaseHasAUniqueIdAndARuleOfOneLine() {
        let ids = ConformanceSuite.cases.map(\.id)
        #expect(Set(ids).count == ids.count)
        for testCase in ConformanceSuite.cases {
            #expect(!testCase.rule.isEmpty && !testCase.rule.contains("\n"), "\(testCase.id)")
            // A row the case must see is one it judges.
            #expect(Set(testCase.mustSee).isSubset(of: testCase.rows), "\(testCase.id)")
        }
    }

    @Test func conformanceHasItsOwnHelp() throws {
        #expect(try Options.parse(["conformance", "--help"]).command == .help(command: "conformance"))
        let usage = Options.usage(of: "conformance")
        #expect(usage.hasPrefix("Usage: touchtracker conformance [--json] [--junit FILE] [--only CASE,…] [--list]\n"))
        #expect(usage.contains("    --junit FILE    also write them to FILE as JUnit XML"))
        #expect(usage.contains("\n       touchtracker conformance --drive\n"))
        #expect(usage.contains("    --drive         open no window: read input commands from stdin"))
        #expect(!usage.contains("replay"))
    }

    @Test(arguments: [
        (["conformance", "--junit"], "option --junit needs a value"),
        (["conformance", "--junit", "a.xml", "--junit", "b.xml"], "option --junit is given twice"),
        (["conformance", "--file", "x.json"], "conformance takes --json, --junit FILE, --only CASE,…, --list and --drive, not '--file'"),
        (["conformance", "--drive", "--json"], "option --drive runs no case and takes no other conformance option"),
        (["conformance", "--drive=1"], "option --drive takes no value"),
        (["conformance", "stray"], "unexpected argument 'stray' (see conformance --help)"),
        (["conformance", "--json=yes"], "option --json takes no value"),
    ])
    func badArgumentsAreNamed(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }
}
