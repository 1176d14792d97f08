import Canvas
import Render
import Timing
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// The `touchtracker` command: parses the options and runs what they ask
/// for. Returns the process's exit status.
public enum Program {
    public static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            printError("touchtracker: \(error)")
            return ExitStatus.usage.rawValue
        }
        let path = options.file ?? Document.defaultPath(environment: environment())
        let status: ExitStatus
        switch options.command {
        case .help:
            print(Options.usage)
            status = .success
        case .version:
            print("touchtracker \(Version.string)")
            status = .success
        case .export(let output):
            status = export(documentAt: path, to: output)
        case .run:
            status = run(documentAt: path, logInput: options.logInput, trace: options.trace)
        }
        return status.rawValue
    }

    static func run(documentAt path: String, logInput: Bool, trace: Bool) -> ExitStatus {
        // The drawing is opened (and locked) before connecting: a second
        // instance or a file that is no drawing is told at once, even
        // without a compositor.
        let document: OpenedDocument
        do {
            document = try Document.open(at: path)
        } catch {
            printError("touchtracker: \(error)")
            return status(for: error)
        }
        if let message = document.message { printError("touchtracker: \(message)") }
        let display: Display
        do {
            display = try Display.connect()
        } catch {
            printError("touchtracker: \(error)")
            return .failure
        }
        let session: Session
        do {
            session = try Session(
                display: display, clock: SystemClock(), document: document,
                logInput: logInput ? { writeLine($0, to: STDOUT_FILENO) } : nil,
                trace: trace ? { writeLine($0, to: STDOUT_FILENO) } : nil,
                report: { printError("touchtracker: \($0)") },
                settingsPath: SettingsFile.defaultPath(environment: environment()))
        } catch {
            printError("touchtracker: \(error)")
            return .failure
        }
        var runError: Error?
        do {
            try session.run()
        } catch {
            runError = error
        }
        return conclude(session, runError: runError, report: { printError("touchtracker: \($0)") })
    }

    /// Tells the user how a session that ended left the drawing, and
    /// returns the exit status for it: a lost connection is a failure, and
    /// lines that only an emergency copy holds (or none) override that.
    static func conclude(_ session: Session, runError: Error?, report: (String) -> Void) -> ExitStatus {
        var status = ExitStatus.success
        if let runError {
            report("\(runError)")
            status = .failure
        }
        switch session.ending ?? .saved {
        case .saved:
            if status != .success { report("the drawing is saved in \(session.documentPath)") }
        case .emergencyCopy(let copy, let failure):
            report("could not save the drawing (\(failure)); your lines were saved to \(copy) instead")
            status = .savedToEmergencyCopy
        case .lost(let failure, let emergencyFailure):
            report("could not save the drawing (\(failure)), nor an emergency copy (\(emergencyFailure)): "
                   + "the last changes are lost")
            status = .unsavedChangesLost
        }
        return status
    }

    static func export(documentAt path: String, to output: String) -> ExitStatus {
        do {
            var info = stat()
            guard stat(path, &info) == 0 || errno != ENOENT else {
                printError("touchtracker: \(path): no such drawing, nothing to export")
                return .drawingUnreadable
            }
            let lines = try Document.load(from: path)
            let summary = try Exporter.export(lines, to: output, sparing: path)
            if let note = summary.note { printError("touchtracker: \(note)") }
            print("exported \(lines.count) line\(lines.count == 1 ? "" : "s") to \(output)")
            return .success
        } catch let error as DocumentError {
            printError("touchtracker: \(error)")
            return status(for: error)
        } catch {
            printError("touchtracker: \(error)")
            return .failure
        }
    }

    /// The exit status for a drawing that could not be opened.
    static func status(for error: DocumentError) -> ExitStatus {
        switch error {
        case .locked: .drawingInUse
        case .notAFile, .system: .drawingUnreadable
        case .tooLarge, .malformed, .wrongFormat, .unsupportedVersion, .tooManyLines, .badCoordinate, .tooManyPoints,
             .badPressure: .failure
        }
    }

    /// The process's environment variables.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    static func printError(_ message: String) {
        writeLine(message, to: STDERR_FILENO)
    }

    /// Writes one whole line straight to `fd`: unbuffered, so a reader of
    /// `--log-input` sees each batch as it arrives.
    static func writeLine(_ text: String, to fd: Int32) {
        var bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
