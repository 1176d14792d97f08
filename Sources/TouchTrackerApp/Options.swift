import Export

/// What the command line asked for. Parsing is strict: an unknown option or a
/// missing value is an error with a message that names it, never ignored.
public struct Options: Equatable, Sendable {
    public enum Command: Equatable, Sendable {
        /// Open the window and draw (the default).
        case run
        /// Write the drawing to a PNG, SVG or PDF file and exit; needs no compositor.
        case export(path: String, options: ExportOptions = ExportOptions())
        /// `replay FILE`: run a recording through the app with no compositor;
        /// write the drawing it ends in to `export` (.png, .svg or .pdf).
        case replay(recording: String, export: String?, exportOptions: ExportOptions = ExportOptions())
        /// `check FILE`: report what the compositor did in a recording;
        /// `check --live` (nil): record a guided session first.
        case check(recording: String?)
        /// `conformance`: open the window, drive scripted input into it
        /// through the compositor's input emulation and report each case.
        case conformance(ConformanceOptions)
        /// `--help`: the usage; of one command (`replay --help`), its part.
        case help(command: String? = nil)
        case version

        /// Whether the command reads SIGINT, SIGTERM and SIGHUP from its
        /// event loop (a window saves its drawing and quits; `conformance`
        /// and `--drive` let go of every finger, button and key first); the
        /// others leave them their default action, ending the process.
        var watchesTerminationSignals: Bool {
            switch self {
            case .run, .check(recording: nil), .conformance: true
            case .export, .replay, .check, .help, .version: false
            }
        }
    }

    public var command: Command = .run
    /// The drawing to open and autosave; nil means the default in the XDG data directory.
    public var file: String?
    /// The drawings given after the first (`touchtracker FILE FILE…`), each
    /// opened in a window of its own beside `file`'s.
    public var moreFiles: [String] = []
    /// Print every input batch to stdout as one JSON object per line.
    public var logInput = false
    /// Print what the core makes of the input (touch messages, recognizer
    /// states and actions, responder-chain walks) to stdout, likewise.
    public var trace = false
    /// Write every input batch, with its times and the window's size, to
    /// this file (`--record`), for `replay` and `check`.
    public var record: String?
    /// `check`: the report as one JSON object instead of a table.
    public var json = false
    /// Open the gesture playground instead of the drawing.
    public var playground = false
    /// Pace frames with input by frame callbacks even when presentation
    /// feedback predicts the compositor's latch (to compare both).
    public var frameCallbackPacing = false
    /// Run the canvas with the TouchTracker chapter's values
    /// (`CanvasRules.book`) instead of the app's, whatever the settings say.
    public var book = false
    /// `check FILE --html OUT`: also write the report as a self-contained
    /// HTML page to this file.
    public var html: String?

    public init(command: Command = .run, file: String? = nil, logInput: Bool = false, trace: Bool = false,
                record: String? = nil, json: Bool = false, playground: Bool = false) {
        self.command = command
        self.file = file
        self.logInput = logInput
        self.trace = trace
        self.record = record
        self.json = json
        self.playground = playground
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Parses the arguments that follow the program name.
    public static func parse(_ arguments: [String]) throws(ParseError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(for option: String, inline: String?) throws(ParseError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst(), !next.hasPrefix("--") || next == "-" else {
                throw ParseError(description: "option \(option) needs a value")
            }
            return next
        }
        // The subcommands come first: `replay FILE …`, `check FILE …`, `check --live …`.
        var subcommand: String?
        var recordingPath: String?
        var live = false
        var exportPath: String?
        var exportArguments = ExportArguments()
        var given: Set<String> = []
        /// Whether the drawing came as a plain argument rather than --file.
        var positionalGiven = false
        // `conformance` takes options of its own and no others.
        if remaining.first == "conformance" {
            guard let conformance = try ConformanceOptions.parse(remaining.dropFirst()) else {
                return Options(command: .help(command: "conformance"))
            }
            return Options(command: .conformance(conformance))
        }
        if let first = remaining.first, ["replay", "check"].contains(first) {
            subcommand = remaining.popFirst()
            if let path = remaining.first, !path.hasPrefix("-") {
                recordingPath = remaining.popFirst()
            }
        }
        while let argument = remaining.popFirst() {
            // Accept both "--file PATH" and "--file=PATH".
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            // One value each: a second would silently win.
            if ["--file", "--export", "--record"].contains(name) || ExportArguments.names.contains(name) {
                guard !given.contains(name) else { throw ParseError(description: "option \(name) is given twice") }
                given.insert(name)
            }
            switch name {
            case "-h", "--help":
                options.command = .help(command: subcommand)
            case "-V", "--version":
                options.command = .version
            case "--file":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw ParseError(description: "option --file needs a path") }
                options.file = path
            case "--log-input":
                options.logInput = true
            case "--trace":
                options.trace = true
            case "--playground":
                options.playground = true
            case "--frame-callback-pacing":
                options.frameCallbackPacing = true
            case "--book":
                options.book = true
            case "--export":
                let path = try value(for: name, inline: inline)
                guard ExportFormat(path: path) != nil else {
                    throw ParseError(description:
                        "cannot export to '\(path)': the file name must end in .png, .svg or .pdf")
                }
                exportPath = path
            case "--scale", "--background", "--page":
                try exportArguments.take(name, value: value(for: name, inline: inline))
            case "--record":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw ParseError(description: "option --record needs a path") }
                options.record = path
            case "--json":
                options.json = true
            case "--html":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw ParseError(description: "option --html needs a path") }
                options.html = path
            case "--live":
                live = true
            default:
                if name.hasPrefix("-") {
                    throw ParseError(description: "unknown option '\(name)' (see --help)")
                }
                // `touchtracker FILE…`, as a file manager runs it (the desktop
                // entry's %F): the first the same as --file FILE, each in a
                // window of its own.
                guard subcommand == nil, !argument.isEmpty else {
                    throw ParseError(description: "unexpected argument '\(argument)' (see --help)")
                }
                if positionalGiven {
                    options.moreFiles.append(argument)
                    continue
                }
                guard !given.contains("--file") else {
                    throw ParseError(description: "a drawing is given twice: --file '\(options.file ?? "")' and '\(argument)'")
                }
                given.insert("--file")
                positionalGiven = true
                options.file = argument
                continue
            }
            // A value attached with '=' to an option that takes none is a mistake too.
            if inline != nil, !(["--file", "--export", "--record", "--html"] + ExportArguments.names).contains(name) {
                throw ParseError(description: "option \(name) takes no value")
            }
        }
        // Help and the version are answered whatever else the line says.
        switch options.command {
        case .help, .version: return options
        case .run, .export, .replay, .check, .conformance: break
        }
        let exportOptions = try exportArguments.options(forExportTo: exportPath)
        switch subcommand {
        case "replay":
            guard let recordingPath else { throw ParseError(description: "replay needs a recording: replay FILE") }
            guard options.record == nil, !options.json, options.html == nil, !live, !options.logInput, options.file == nil,
                  !options.frameCallbackPacing, !options.book else {
                throw ParseError(description: "replay takes only --export and --trace")
            }
            if options.command == .run {
                options.command = .replay(recording: recordingPath, export: exportPath, exportOptions: exportOptions)
            }
        case "check":
            guard (recordingPath == nil) == live else {
                throw ParseError(description: "check needs a recording or --live, not both: check FILE, check --live")
            }
            guard exportPath == nil, !options.trace, !options.logInput, !options.frameCallbackPacing, !options.book else {
                throw ParseError(description: "check takes --json and --html (and, with --live, --file and --record)")
            }
            guard live || (options.record == nil && options.file == nil) else {
                throw ParseError(description: "--file and --record go with check --live, not check FILE")
            }
            if live, options.html != nil {
                throw ParseError(description: "--html goes with a recording: check FILE --html OUT")
            }
            if options.command == .run { options.command = .check(recording: recordingPath) }
        default:
            if live { throw ParseError(description: "--live goes with check: check --live") }
            if options.json { throw ParseError(description: "--json goes with check: check FILE --json") }
            if options.html != nil { throw ParseError(description: "--html goes with check: check FILE --html OUT") }
            if let exportPath {
                guard options.moreFiles.isEmpty else {
                    throw ParseError(description: "--export writes one drawing: '\(options.file ?? "")' and '\(options.moreFiles[0])' are given")
                }
                guard options.record == nil else {
                    throw ParseError(description: "--record records a session; --export opens none")
                }
                for (given, option) in [(options.playground, "--playground"), (options.logInput, "--log-input"),
                                        (options.trace, "--trace"),
                                        (options.frameCallbackPacing, "--frame-callback-pacing"),
                                        (options.book, "--book")] where given {
                    throw ParseError(description: "\(option) goes with a session; --export opens none")
                }
                if options.command == .run { options.command = .export(path: exportPath, options: exportOptions) }
            }
        }
        return options
    }
}
