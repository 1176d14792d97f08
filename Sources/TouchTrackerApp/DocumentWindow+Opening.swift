import Canvas
import Document
import Platform
import Render
import Synchronization
import WaylandClient

/// Opening the drawing: a large one on a thread of its own while the
/// window is already up, then the lines shown and kept on disk.
extension DocumentWindow {
    /// Parses and indexes the drawing on a thread of its own; the loop
    /// sleeps on its completion meanwhile, and the canvas already takes
    /// input: strokes drawn before the lines are there show at once, and
    /// join them when they come (`completeOpening`).
    func openInBackground(_ opening: DocumentOpening) throws {
        scene.beginOpening()
        banner.show(Self.openingNotice(for: opening), style: .notice)
        let outcome = OpeningOutcome()
        let work = try BackgroundWork {
            outcome.result = Result { () throws(DocumentError) in
                let document = try opening.finish()
                let lines = document.takeLines()
                // The canvas's line cache is rasterized meanwhile, at the
                // size the canvas has now, on threads of its own: the
                // lines are all on screen in the first frame they are there.
                var prepared: PreparedLineCache?
                let size = outcome.canvasCacheSize.withLock { $0 }
                let painter = lines.isEmpty ? nil : size.flatMap { size in
                    try? BackgroundWork { prepared = PreparedLineCache(lines, size: size) }
                }
                let drawing = Drawing(lines: lines)
                painter?.join()
                return (document, drawing, prepared)
            }
        }
        let watch = loop.watch(fd: work.completion.rawValue, events: .readable) { [weak self] _ in
            self?.completeOpening()
        }
        self.opening = (opening, work, watch, outcome)
    }

    /// Takes what the opening thread made, waiting for it if it is still
    /// at work (the session ends meanwhile: the strokes drawn so far must
    /// join the drawing and be saved).
    func completeOpening() {
        guard let (opening, work, watch, outcome) = self.opening else { return }
        self.opening = nil
        watch.cancel()
        work.join()
        switch outcome.result! {
        case .success(let (document, lines, prepared)):
            documentOpened(document, lines: lines, lineCache: prepared)
        case .failure(let error):
            openingFailure = error
            report("\(error)")
            keepDrawnMeanwhile(failure: error)
            opening.abandon()
            onOpeningFailure()
        }
    }

    /// The drawing could not be opened after all, so it cannot be saved:
    /// lines drawn while it was being opened go to an emergency copy.
    private func keepDrawnMeanwhile(failure: DocumentError) {
        guard canvas.drawing.count > 0 else { return }
        do {
            let copy = try Document.writeEmergencyCopy(of: canvas.drawing.lines, for: documentPath,
                                                       environment: environment)
            report("the lines drawn meanwhile were saved to \(copy)")
        } catch {
            report("the lines drawn meanwhile could not be saved either: \(error)")
        }
    }

    /// Where the background thread leaves what it made, read after
    /// `join()`, and what it reads of the window while it works.
    final class OpeningOutcome: @unchecked Sendable {
        var result: Result<(OpenedDocument, Drawing, PreparedLineCache?), DocumentError>?
        /// The size of the canvas's line cache, as of the last frame.
        let canvasCacheSize = Mutex<LineCacheSize?>(nil)
    }

    static func openingNotice(for opening: DocumentOpening) -> String {
        let name = opening.path.split(separator: "/").last.map(String.init) ?? opening.path
        let megabytes = Double(opening.byteCount) / 1_000_000
        return "Opening \(name) (\((megabytes * 10).rounded() / 10) MB)…"
    }

    /// Shows the drawing `document` opened with, whose lines (and index)
    /// `lines` holds, under what was drawn meanwhile, and starts keeping it
    /// on disk: what was drawn meanwhile is saved at once. `lineCache`, the
    /// lines rasterized while they were opened, replaces the canvas's line
    /// cache if the canvas is still the size it was made for.
    func documentOpened(_ document: OpenedDocument, lines: Drawing, lineCache: PreparedLineCache? = nil) {
        if let message = document.message { report(message) }
        recorder?.record(drawingOpened: lines.lines)
        let drawnMeanwhile = scene.documentOpened(lines)
        if let lineCache { canvasRenderer.adopt(lineCache, showing: canvas.drawing) }
        let autosave = Autosave(document: document, timers: timers, drawing: canvas.drawing,
                                unsaved: drawnMeanwhile, environment: environment, report: report)
        autosave.onFailureChange = { [unowned self] failure in banner.show(failure.map(Autosave.bannerText(for:))) }
        autosave.onOutsideChange = { [unowned self] notice in banner.show(notice, style: .notice) }
        self.autosave = autosave
        // What could not be read stays said until the next save says more.
        banner.show(document.recovery?.summary)
        if !drawnMeanwhile.isEmpty { needsSave = true }
    }
}
