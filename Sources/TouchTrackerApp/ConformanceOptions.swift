/// What `touchtracker conformance …` asked for.
public struct ConformanceOptions: Equatable, Sendable {
    /// Print the results as one JSON object instead of TAP.
    public var json = false
    /// Also write the results as JUnit XML to this file.
    public var junit: String?
    /// Run only these cases, by id, in the suite's order.
    public var only: [String]?
    /// Print the cases (id and rule) and exit, running nothing.
    public var list = false
    /// Open no window: drive the compositor with commands read from stdin
    /// (`DriveCommand`), running no case.
    public var drive = false

    public init(json: Bool = false, junit: String? = nil, only: [String]? = nil, list: Bool = false,
                drive: Bool = false) {
        self.json = json
        self.junit = junit
        self.only = only
        self.list = list
        self.drive = drive
    }

    /// Parses what follows `conformance`; nil for `--help`.
    package static func parse(_ arguments: ArraySlice<String>) throws(Options.ParseError) -> ConformanceOptions? {
        var options = ConformanceOptions()
        var remaining = arguments
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            func value() throws(Options.ParseError) -> String {
                if let inline { return inline }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw Options.ParseError(description: "option \(name) needs a value")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                return nil
            case "--json":
                options.json = true
            case "--list":
                options.list = true
            case "--drive":
                options.drive = true
            case "--junit":
                guard options.junit == nil else { throw Options.ParseError(description: "option --junit is given twice") }
                let path = try value()
                guard !path.isEmpty else { throw Options.ParseError(description: "option --junit needs a path") }
                options.junit = path
            case "--only":
                guard options.only == nil else { throw Options.ParseError(description: "option --only is given twice") }
                // The ids are checked against the suite when the command runs:
                // the suite is the Conformance target's, above this one.
                let ids = try value().split(separator: ",").map { String($0) }
                guard !ids.isEmpty else { throw Options.ParseError(description: "option --only needs case ids") }
                options.only = ids
            default:
                throw Options.ParseError(description: name.hasPrefix("-")
                    ? "conformance takes --json, --junit FILE, --only CASE,…, --list and --drive, not '\(name)'"
                    : "unexpected argument '\(argument)' (see conformance --help)")
            }
            if inline != nil, !["--junit", "--only"].contains(name) {
                throw Options.ParseError(description: "option \(name) takes no value")
            }
        }
        if options.drive, options != ConformanceOptions(drive: true) {
            throw Options.ParseError(description: "option --drive runs no case and takes no other conformance option")
        }
        return options
    }
}
