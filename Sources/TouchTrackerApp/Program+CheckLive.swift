import Canvas
import Timing
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

extension Program {
    /// `check --live`: a session with the guide on the canvas, recorded
    /// (to `record`, or a scratch file), then the report of that recording.
    /// The drawing is `path` with `--file`, else a scratch drawing: a
    /// check leaves the user's drawing alone. Scratch files go when done.
    static func checkLive(documentAt path: String?, record: String?, json: Bool) -> ExitStatus {
        var template = Array("/tmp/touchtracker-check-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            printError("touchtracker: cannot create a scratch directory in /tmp: \(String(cString: strerror(errno)))")
            return .failure
        }
        let scratch = String(cString: created)
        let drawingPath = path ?? scratch + "/drawing.json"
        let recordingPath = record ?? scratch + "/check.ttrec"
        defer {
            for name in ["drawing.json", "drawing.json.journal", "drawing.json.lock", "check.ttrec"] {
                unlink(scratch + "/" + name)
            }
            rmdir(scratch)
        }
        let file: RecordingFile
        let document: OpenedDocument
        let display: Display
        do {
            file = try RecordingFile(path: recordingPath)
            document = try Document.open(at: drawingPath)
            display = try Display.connect()
        } catch let error as DocumentError {
            printError("touchtracker: \(error)")
            return status(for: error)
        } catch {
            printError("touchtracker: \(error)")
            return .failure
        }
        let session: Session
        do {
            session = try Session(display: display, clock: SystemClock(), document: document, record: file,
                                  report: { printError("touchtracker: \($0)") }, showsCheckGuide: true)
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
        let ended = conclude(session, runError: runError, report: { printError("touchtracker: \($0)") })
        let checked = check(recordingPath, json: json)
        if record != nil { printError("touchtracker: the recording is in \(recordingPath)") }
        return ended == .success ? checked : ended
    }
}
