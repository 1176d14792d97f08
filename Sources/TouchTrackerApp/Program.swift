import Canvas
import Document
import Export
import Instruments
import JSONLine
import Platform
import Playground
import Sound
import Timing
import WaylandClient

/// The `touchtracker` command: parses the options and runs what they ask
/// for. Returns the process's exit status.
public enum Program {
    /// `conformance` is the Conformance target's: it drives a `Session`, so
    /// it depends on this module, and the executable hands its entry in.
    public static func main(_ arguments: [String], conformance: (ConformanceOptions) -> ExitStatus) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            printError("touchtracker: \(error)")
            return ExitStatus.usage.rawValue
        }
        let path = options.file ?? Document.defaultPath(environment: environment())
        if !options.command.watchesTerminationSignals { TerminationSignalFile.deliverByDefault() }
        let status: ExitStatus
        switch options.command {
        case .help(let command):
            print(command.map(Options.usage(of:)) ?? Options.usage)
            status = .success
        case .version:
            print("touchtracker \(Version.string)")
            status = .success
        case .export(let output, let exportOptions):
            status = export(documentAt: path, to: output, options: exportOptions)
        case .run:
            status = run(documentsAt: [path] + options.moreFiles, logInput: options.logInput, trace: options.trace, record: options.record,
                         playground: options.playground, frameCallbackPacing: options.frameCallbackPacing,
                         book: options.book)
        case .replay(let recording, let output, let exportOptions):
            status = replay(recording, export: output, options: exportOptions, trace: options.trace)
        case .check(let recording?):
            status = check(recording, json: options.json, html: options.html)
        case .check(nil):
            // Its drawing is a scratch one unless --file names one.
            status = checkLive(documentAt: options.file, record: options.record, json: options.json)
        case .conformance(let conformanceOptions):
            status = conformance(conformanceOptions)
        }
        return status.rawValue
    }

    /// Opens each drawing of `paths` in a window of its own (one given
    /// twice, once). One that cannot be opened is said on stderr and the
    /// others still open; when none can, the first one's failure is the
    /// exit status.
    static func run(documentsAt paths: [String], logInput: Bool, trace: Bool, record: String?,
                    playground: Bool = false, frameCallbackPacing: Bool = false, book: Bool = false) -> ExitStatus {
        // A recording that cannot be written is refused before anything
        // opens; it is written only once the session runs (RecordingFile).
        var recordingFile: RecordingFile?
        if let record {
            do {
                recordingFile = try RecordingFile(path: record)
            } catch {
                printError("touchtracker: \(error)")
                return .failure
            }
        }
        let settingsPath = SettingsFile.defaultPath(environment: environment())
        // The drawings are opened (and locked) before connecting: a second
        // instance or a file that is no drawing is told at once, even
        // without a compositor.
        var openings: [DocumentOpening] = []
        var firstFailure: DocumentError?
        var identities: [FileIdentity] = []
        for path in paths {
            // The same file twice (by any spelling) opens once.
            if let identity = FileIdentity(path: path) {
                guard !identities.contains(identity) else { continue }
                identities.append(identity)
            }
            do {
                // Among several files, one that is plainly no drawing is
                // refused as it is rather than set aside.
                if paths.count > 1 { try Document.refuseIfPlainlyNotADrawing(at: path) }
                openings.append(try Document.beginOpening(at: path))
            } catch {
                printError("touchtracker: \(error)")
                firstFailure = firstFailure ?? error
            }
        }
        guard let opening = openings.first else { return status(for: firstFailure!) }
        let laterOpenings = openings.dropFirst()
        if let recordingFile {
            do {
                try recordingFile.refuse(ifItNames: filesKept(with: opening) + [("the settings", settingsPath)])
            } catch {
                for opening in openings { opening.abandon() }
                printError("touchtracker: \(error)")
                return .usage
            }
        }
        let display: Display
        do {
            display = try Display.connect()
        } catch {
            // Nothing was opened: the locks go, as after any clean exit.
            for opening in openings { opening.abandon() }
            printError("touchtracker: \(error)")
            return .failure
        }
        let session: Session
        do {
            session = try Session(display: display, configuration: Session.Configuration(
                drawing: .opening(opening), clock: SystemClock(),
                logInput: logInput ? { writeLine($0, to: .standardOutput) } : nil,
                trace: trace ? { writeLine($0, to: .standardOutput) } : nil,
                record: recordingFile,
                report: { printError("touchtracker: \($0)") },
                settingsPath: settingsPath))
        } catch {
            for opening in openings { opening.abandon() }
            return failed(error)
        }
        for later in laterOpenings {
            do {
                try session.openWindow(with: later)
            } catch {
                later.abandon()
                printError("touchtracker: \(error)")
            }
        }
        // The application of the first window is the process's
        // (UIApplication.shared); each window's events go through its own.
        session.firstWindow.application.makeShared()
        // The playground's sounds, played by libcanberra from a thread of
        // the player's own (its captions show whether or not they play).
        let sounds = SoundPlayer(directory: SoundDirectory.ofRunningProgram(),
                                 report: { printError("touchtracker: \($0)") })
        session.onPlaygroundSound = { sounds.play(SoundName($0)) }
        if playground { session.firstWindow.showPlayground() }
        // For this run only: the settings keep what the main menu's Book says.
        session.book = book
        session.allowsLatchPacing = !frameCallbackPacing
        var runError: Error?
        do {
            try session.run()
        } catch {
            runError = error
        }
        return conclude(session, runError: runError, report: { printError("touchtracker: \($0)") })
    }

    /// The files a session keeps for the drawing `opening` opens, by role:
    /// what `--record` must never name.
    static func filesKept(with opening: DocumentOpening) -> [(role: String, path: String)] {
        [("the drawing", opening.path),
         ("the drawing's lock", DrawingLock.lockPath(for: opening.path)),
         ("the drawing's journal", DrawingJournal.path(for: opening.path))]
    }

    /// Tells the user how a session that ended left its drawings, and
    /// returns the exit status for it: a lost connection is a failure, and
    /// lines that only an emergency copy holds (or none, the worst) in any
    /// window override that.
    static func conclude(_ session: Session, runError: Error?, report: (String) -> Void) -> ExitStatus {
        // Reported by the session when its only window stopped: nothing was changed.
        if session.windows.count == 1, let failure = session.firstWindow.openingFailure { return status(for: failure) }
        var status = ExitStatus.success
        if let runError {
            report("\(runError)")
            status = .failure
        }
        var emergencyCopied = false, lost = false
        for (path, ending) in session.endings {
            switch ending {
            case .saved:
                if runError != nil { report("the drawing is saved in \(path)") }
            case .emergencyCopy(let copy, let failure):
                report("could not save the drawing (\(failure)); your lines were saved to \(copy) instead")
                emergencyCopied = true
            case .lost(let failure, let emergencyFailure):
                report("could not save the drawing (\(failure)), nor an emergency copy (\(emergencyFailure)): "
                       + "the last changes are lost")
                lost = true
            }
        }
        if lost { return .unsavedChangesLost }
        if emergencyCopied { return .savedToEmergencyCopy }
        return status
    }

    static func export(documentAt path: String, to output: String,
                       options: ExportOptions = ExportOptions()) -> ExitStatus {
        do {
            do {
                _ = try FileStatus(path: path)
            } catch where error == .noSuchFileOrDirectory {
                printError("touchtracker: \(path): no such drawing, nothing to export")
                return .drawingUnreadable
            } catch {
                // Unreadable in another way: loading says how.
            }
            // Read from the file as it is written, not loaded: see `SavedDrawing`.
            let drawing = try SavedDrawing(path: path)
            let summary = try Exporter.export(drawing, to: output, options: options, sparing: path)
            if let note = summary.note { printError("touchtracker: \(note)") }
            let count = drawing.lineCount
            print("exported \(count) line\(count == 1 ? "" : "s") to \(output)")
            // Lines the file holds that the export left out, named as opening the drawing names them.
            for dropped in drawing.skipped { printError("touchtracker: \(dropped.reason): that line was not exported") }
            return .success
        } catch {
            return failed(error)
        }
    }

    /// `replay RECORDING`: the recording through the app's scene, its trace
    /// on stdout with `--trace`, its drawing to `output`.
    static func replay(_ path: String, export output: String?, options: ExportOptions = ExportOptions(),
                       trace: Bool) -> ExitStatus {
        guard let recording = readRecording(path) else { return .failure }
        let drawing = Replay(recording, trace: trace ? { writeLine($0, to: .standardOutput) } : nil,
                             report: { printError("touchtracker: replay: \($0)") }).run()
        let count = drawing.count
        let summary = "replayed \(recording.entries.count) lines of \(path): "
            + "\(count) line\(count == 1 ? "" : "s") drawn"
        guard let output else {
            // With --trace, stdout is the trace's alone.
            if trace { printError("touchtracker: \(summary)") } else { print(summary) }
            return .success
        }
        do {
            let exported = try Exporter.export(drawing, to: output, options: options, sparing: path)
            if let note = exported.note { printError("touchtracker: \(note)") }
            let message = "\(summary), exported to \(output)"
            if trace { printError("touchtracker: \(message)") } else { print(message) }
            return .success
        } catch {
            printError("touchtracker: \(error)")
            return .failure
        }
    }

    /// `check RECORDING`: the compositor report; a failed row fails. With
    /// `html`, the report is also written there as a page
    /// (`CheckReportHTML`); a page that cannot be written fails.
    static func check(_ path: String, json: Bool, html: String? = nil) -> ExitStatus {
        guard let recording = readRecording(path) else { return .failure }
        let report = CompositorReport(recording, name: path)
        if let html {
            do {
                try CheckReportHTML.write(CheckReportHTML.page(recording, report: report, name: path), to: html)
            } catch {
                printError("touchtracker: cannot write \(html): \(error)")
                return .failure
            }
        }
        print(json ? report.json : report.text)
        return report.failed ? .failure : .success
    }

    /// The recording at `path`, or nil once the reason it cannot be read
    /// is on stderr: what `replay` and `check` run on.
    static func readRecording(_ path: String) -> Recording? {
        do {
            return try Recording.read(path: path)
        } catch {
            printError("touchtracker: \(error)")
            return nil
        }
    }

    /// Says what went wrong and returns its exit status: a drawing that
    /// could not be opened has one of its own (`status(for:)`), anything
    /// else is a failure.
    package static func failed(_ error: Error) -> ExitStatus {
        printError("touchtracker: \(error)")
        return (error as? DocumentError).map(status(for:)) ?? .failure
    }

    /// The exit status for a drawing that could not be opened.
    static func status(for error: DocumentError) -> ExitStatus {
        switch error {
        case .locked, .lockLost: .drawingInUse
        case .notAFile, .notALockFile, .notYourFile, .readOnly, .system: .drawingUnreadable
        case .tooLarge, .malformed, .wrongFormat, .unsupportedVersion, .tooManyLines, .badCoordinate, .tooManyPoints,
             .badPressure: .failure
        }
    }

    /// The process's environment variables.
    public static func environment() -> [String: String] {
        CurrentProcess.environment()
    }

    /// Writes `message` to stderr, its control characters escaped line by
    /// line: a message quotes paths and a file's own strings, and a file
    /// name in a shared folder may carry escape sequences for the terminal.
    package static func printError(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        writeLine(lines.map { Excerpt.escapingControls(String($0)) }.joined(separator: "\n"), to: .standardError)
    }

    /// Writes one whole line straight to `fd`: unbuffered, so a reader of
    /// `--log-input` sees each batch as it arrives. A closed pipe or a full
    /// disk loses the line, never the drawing.
    package static func writeLine(_ text: String, to fd: FileDescriptor) {
        try? fd.writeAll(text + "\n")
    }
}

extension SoundName {
    /// The shipped sound for a sound the playground asks for.
    init(_ sound: PlaygroundSound) {
        switch sound {
        case .chomp: self = .chomp
        case .laugh: self = .laugh
        }
    }
}
