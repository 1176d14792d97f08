import Glibc

extension Program {
    /// `touchtracker conformance --drive`: no window; drives the compositor
    /// through the first input-emulation interface it offers with the
    /// commands read from stdin (`DriveCommand`), one line at a time.
    /// Prints "ready" once the interface is open, then answers each line
    /// with "ok" once the compositor has handled all of it, or with
    /// "error: …" (also on stderr) and goes on with the next line. Ends at
    /// `quit` or the end of stdin; fails when no interface opens or the
    /// connection to the compositor is lost.
    static func drive() -> ExitStatus {
        let (opened, notOffered) = EmulationBackends.open(environment: environment())
        guard let backend = opened else {
            let message = "the compositor offers no input emulation --drive can use: " + notOffered.joined(separator: "; ")
            answer("error: " + message)
            printError("touchtracker: " + message)
            return .failure
        }
        defer { backend.close() }
        let driver = DriveSession(backend: backend)
        answer("ready")
        while let line = readLine() {
            let commands: [DriveCommand]
            do {
                commands = try DriveCommand.parse(line: line)
            } catch {
                answer("error: \(error)")
                printError("touchtracker: conformance --drive: '\(line)': \(error)")
                continue
            }
            do {
                for command in commands {
                    if command == .quit {
                        answer("ok")
                        return .success
                    }
                    if let output = try driver.run(command) { answer(output) }
                }
                try backend.sync()
                answer("ok")
            } catch let failure as EmulationFailure {
                answer("error: \(failure)")
                printError("touchtracker: conformance --drive: \(failure)")
                return .failure
            } catch {
                answer("error: \(error)")
                printError("touchtracker: conformance --drive: '\(line)': \(error)")
            }
        }
        return .success
    }

    /// One line on stdout, flushed at once: the reader waits for it.
    private static func answer(_ line: String) {
        print(line)
        fflush(nil)  // every stream: stdout is a pipe, fully buffered
    }
}
