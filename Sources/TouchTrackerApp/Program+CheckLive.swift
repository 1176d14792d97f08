import Canvas
import Document
import Instruments
import Platform
import Timing
import WaylandClient

extension Program {
    /// `check --live`: a session with the guide on the canvas, recorded
    /// (to `record`, or a scratch file), then the report of that recording.
    /// The drawing is `path` with `--file`, else a scratch drawing: a
    /// check leaves the user's drawing alone. Scratch files go when done.
    static func checkLive(documentAt path: String?, record: String?, json: Bool) -> ExitStatus {
        let scratch: String
        do {
            scratch = try FileSystem.makeTemporaryDirectory(prefix: "touchtracker-check")
        } catch {
            printError("touchtracker: cannot create a scratch directory in /tmp: \(error)")
            return .failure
        }
        let drawingPath = path ?? scratch + "/drawing.json"
        let recordingPath = record ?? scratch + "/check.ttrec"
        defer {
            for name in ["drawing.json", "drawing.json.journal", "drawing.json.lock", "check.ttrec"] {
                try? FileSystem.remove(scratch + "/" + name)
            }
            try? FileSystem.removeDirectory(scratch)
        }
        let session: Session
        var opening: DocumentOpening?
        do {
            let file = try RecordingFile(path: recordingPath)
            let opened = try Document.beginOpening(at: drawingPath)
            opening = opened
            do {
                try file.refuse(ifItNames: filesKept(with: opened))
            } catch {
                opened.abandon()
                printError("touchtracker: \(error)")
                return .usage
            }
            let display = try Display.connect()
            session = try Session(display: display, configuration: Session.Configuration(
                drawing: .opening(opened), clock: SystemClock(), record: file,
                report: { printError("touchtracker: \($0)") }, showsCheckGuide: true))
        } catch {
            opening?.abandon()
            return failed(error)
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
