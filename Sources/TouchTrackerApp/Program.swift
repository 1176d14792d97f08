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
            return 2
        }
        let path = options.file ?? Document.defaultPath(environment: environment())
        switch options.command {
        case .help:
            print(Options.usage)
            return 0
        case .version:
            print("touchtracker \(Version.string)")
            return 0
        case .export(let output):
            return export(documentAt: path, to: output)
        case .run:
            return run(documentAt: path, logInput: options.logInput, trace: options.trace)
        }
    }

    static func run(documentAt path: String, logInput: Bool, trace: Bool) -> Int32 {
        let display: Display
        do {
            display = try Display.connect()
        } catch {
            printError("touchtracker: \(error)")
            return 1
        }
        do {
            let session = try Session(
                display: display, clock: SystemClock(), documentPath: path,
                logInput: logInput ? { writeLine($0, to: STDOUT_FILENO) } : nil,
                trace: trace ? { writeLine($0, to: STDOUT_FILENO) } : nil,
                report: { printError("touchtracker: \($0)") },
                settingsPath: SettingsFile.defaultPath(environment: environment()))
            try session.run()
            return 0
        } catch {
            printError("touchtracker: \(error)")
            printError("touchtracker: the drawing is saved in \(path)")
            return 1
        }
    }

    static func export(documentAt path: String, to output: String) -> Int32 {
        do {
            let drawing = Drawing(lines: try Document.load(from: path))
            try Exporter.export(drawing, to: output)
            print("exported \(drawing.count) line\(drawing.count == 1 ? "" : "s") to \(output)")
            return 0
        } catch {
            printError("touchtracker: \(error)")
            return 1
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
