import Glibc
import JSONLine
import Platform
import TouchTrackerApp

extension Program {
    /// `touchtracker conformance --drive`: no window; drives the compositor
    /// through the first input-emulation interface it offers with the
    /// commands read from stdin (`DriveCommand`), one line at a time.
    /// Prints "ready" once the interface is open, then answers each line
    /// with "ok" once the compositor has handled all of it, or with
    /// "error: …" (also on stderr) and goes on with the next line. Ends at
    /// `quit` or the end of stdin; fails when no interface opens, the
    /// connection to the compositor is lost, or SIGINT, SIGTERM or SIGHUP
    /// stops it. Whatever it ends by, it first lets go of every finger,
    /// button and key the commands left held.
    static func drive() -> ExitStatus {
        // The signals are read (a signalfd), never left to their default
        // action: killed with fingers down, the drive would leave them down.
        let signals = try? TerminationSignalFile.open()
        defer { try? signals?.close() }
        let (opened, notOffered) = EmulationBackends.open(environment: environment())
        guard let backend = opened else {
            let message = "the compositor offers no input emulation --drive can use: " + notOffered.joined(separator: "; ")
            writeLine("error: " + message, to: .standardOutput)
            printError("touchtracker: " + message)
            return .failure
        }
        defer { backend.close() }
        return drive(DriveSession(backend: backend, signals: signals), input: FileDescriptor(rawValue: STDIN_FILENO),
                     output: .standardOutput, signals: signals)
    }

    /// The drive's loop: `input`'s lines run through `driver`, answered on
    /// `output`, until `quit`, the end, a lost connection or a signal; then
    /// what the commands left held is let go.
    static func drive(_ driver: DriveSession, input: FileDescriptor, output: FileDescriptor,
                      signals: FileDescriptor?) -> ExitStatus {
        // Each answer is written whole at once (`writeLine`): the reader waits for it.
        writeLine("ready", to: output)
        var lines = DriveInput(fd: input, lineLimit: DriveCommand.lineByteLimit)
        let status = runLines(&lines, through: driver, output: output, signals: signals)
        do {
            try driver.letGo()
        } catch {
            printError("touchtracker: conformance --drive: letting go of the input still held failed: \(error)")
            return .failure
        }
        return status
    }

    private static func runLines(_ lines: inout DriveInput, through driver: DriveSession, output: FileDescriptor,
                                 signals: FileDescriptor?) -> ExitStatus {
        while true {
            let line: String
            do {
                switch try lines.next(signals: signals) {
                case .line(let text):
                    line = text
                case .tooLong(let bytes):
                    let message = "a line of \(bytes) bytes; a line holds at most \(DriveCommand.lineByteLimit)"
                    writeLine("error: " + message, to: output)
                    printError("touchtracker: conformance --drive: " + message)
                    continue
                case .signal:
                    printError("touchtracker: conformance --drive: stopped by a signal")
                    return .failure
                case .end:
                    return .success
                }
            } catch {
                printError("touchtracker: conformance --drive: cannot read the commands: \(error)")
                return .failure
            }
            let commands: [DriveCommand]
            do {
                commands = try DriveCommand.parse(line: line)
            } catch {
                writeLine("error: \(error)", to: output)
                printError("touchtracker: conformance --drive: '\(Excerpt.of(line))': \(error)")
                continue
            }
            do {
                for command in commands {
                    if command == .quit {
                        writeLine("ok", to: output)
                        return .success
                    }
                    if let printed = try driver.run(command) { writeLine(printed, to: output) }
                }
                try driver.backend.sync()
                writeLine("ok", to: output)
            } catch let stopped as DriveSession.Stopped {
                printError("touchtracker: conformance --drive: \(stopped)")
                return .failure
            } catch let failure as EmulationFailure {
                writeLine("error: \(failure)", to: output)
                printError("touchtracker: conformance --drive: \(failure)")
                return .failure
            } catch {
                writeLine("error: \(error)", to: output)
                printError("touchtracker: conformance --drive: '\(Excerpt.of(line))': \(error)")
            }
        }
    }
}
