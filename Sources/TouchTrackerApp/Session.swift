import Document
import Playground
import Platform
import Scene
import Timing
import TouchCore
import WaylandClient

/// One running TouchTracker: its drawings, each in a window of its own
/// (`DocumentWindow`), sharing the one Wayland connection, its seats and
/// one event loop. Input reaches the window whose surface it targets (the
/// seats name it); a seat's own news (its devices) reaches every window.
///
/// New Window (Ctrl+N) opens a new drawing, saved at once in the data
/// folder; `openWindow(for:)` opens a file (the command line, a drop, the
/// file chooser) or shows the window that already has it. Closing a window
/// saves its drawing and releases its lock; closing the last one, Ctrl+Q
/// or a termination signal ends the session with every drawing saved.
public final class Session {
    public let loop: EventLoop
    /// Every seat of the compositor, for all the windows.
    public private(set) lazy var seats = SeatManager(display: display, loop: loop) { [weak self] in
        self?.windows.map(\.toplevel) ?? []
    }
    /// The open windows, oldest first. The last one stays listed once
    /// closed, as the session ends with it (its `ending` says how).
    public private(set) var windows: [DocumentWindow] = []
    /// The oldest window still open: the one the session started with,
    /// until it closes. The instruments (`--record`, `check --live`'s guide,
    /// the conformance run) follow the first window the session opened.
    public var firstWindow: DocumentWindow { windows[0] }
    /// How each window's drawing ended up, as windows closed, in order.
    public private(set) var endings: [(documentPath: String, ending: SessionEnding)] = []
    /// What is remembered between runs, for every window.
    let settingsFile: SettingsFile?
    /// How windows start: the clock, the environment, the reports.
    private let configuration: Configuration
    /// Plays a sound a window's playground asks for; nil: no sound.
    public var onPlaygroundSound: ((PlaygroundSound) -> Void)? {
        didSet { for window in windows { window.onPlaygroundSound = onPlaygroundSound } }
    }
    /// Every window's canvas uses the book's values (`--book`, this run only).
    public var book = false {
        didSet { for window in windows where book { window.canvas.rules = .book } }
    }
    /// Whether windows may pace frames for the compositor's latch (not with
    /// `--frame-callback-pacing`).
    public var allowsLatchPacing = true {
        didSet { for window in windows { window.toplevel.allowsLatchPacing = allowsLatchPacing } }
    }

    /// Declared last: stored properties are released in order, and the
    /// windows' and seats' Wayland objects must be destroyed while the
    /// connection is still open.
    public let display: Display

    public static let appID = "org.touchtracker.TouchTracker"

    /// Opens the drawing `configuration` names in the first window. Throws a
    /// `DocumentError` when the drawing cannot be opened (another process
    /// has it open, it cannot be read); what happened to it otherwise (set
    /// aside…) goes to `report`.
    public init(display: Display, configuration: Configuration) throws {
        let opening = switch configuration.drawing {
        case .path(let path): try Document.beginOpening(at: path)
        case .opening(let opening): opening
        }
        self.display = display
        self.configuration = configuration
        loop = EventLoop(display: display, clock: configuration.clock)
        settingsFile = configuration.settingsPath.map { SettingsFile(path: $0, report: configuration.report) }
        seats.inputHandler = self
        seats.onDrop = { [unowned self] toplevel, result in dropped(result, on: toplevel) }
        seats.onDeclinedDrag = { [unowned self] toplevel, _ in
            windows.first { $0.toplevel === toplevel }?.scene.declinedDrag()
        }
        try openWindow(with: opening)
    }

    /// Files dropped on a window open each in a window of its own (or show
    /// theirs); what names no local file, or cannot be read, is said in a
    /// toast in the window they were dropped on.
    private func dropped(_ result: Result<[UInt8], ClipboardError>, on toplevel: ToplevelWindow) {
        guard let target = windows.first(where: { $0.toplevel === toplevel }) else { return }
        switch result {
        case .success(let bytes):
            let list = URIList(bytes)
            for path in list.paths { openWindow(for: path, from: target) }
            if let first = list.refused.first { target.scene.cannotOpen(first, reason: "it is not a local file") }
        case .failure(.cancelled):
            break
        case .failure(let error):
            configuration.report("cannot take the dropped files: \(error)")
            target.scene.cannotOpen("the dropped files", reason: "\(error)")
        }
    }

    /// Maps a window for the drawing `opening` began opening (its lock
    /// taken), wired to the session.
    @discardableResult
    func openWindow(with opening: DocumentOpening) throws -> DocumentWindow {
        let window = try DocumentWindow(opening: opening, display: display, loop: loop, seats: seats,
                                        settingsFile: settingsFile, configuration: configuration,
                                        instrumented: windows.isEmpty && endings.isEmpty)
        window.onPlaygroundSound = onPlaygroundSound
        if book { window.canvas.rules = .book }
        window.toplevel.allowsLatchPacing = allowsLatchPacing
        window.onClose = { [unowned self, unowned window] in close(window) }
        window.onQuit = { [unowned self] in quit() }
        window.onNewWindow = { [unowned self, unowned window] in openWindow(for: nil, from: window) }
        window.onOpenDrawing = { [unowned self] path in _ = try openWindow(at: path) }
        window.onOpeningFailure = { [unowned self, unowned window] in
            if windows.count == 1 { loop.stop() } else { close(window) }
        }
        windows.append(window)
        return window
    }

    /// Opens the drawing at `path` in a window of its own, or a new drawing
    /// (nil: "Untitled Drawing N", saved at once in the data folder). A
    /// drawing already open in a window is not opened twice: that window is
    /// returned. When the drawing cannot be opened (another instance has it,
    /// it is no drawing, a folder), `from` says why in a toast, or stderr
    /// says it when no window is given; nil is returned.
    @discardableResult
    public func openWindow(for path: String?, from requester: DocumentWindow? = nil) -> DocumentWindow? {
        // Nothing is ever unsaved: a new drawing exists as a file at once.
        guard let path else { return openNewDrawing(from: requester) }
        do {
            return try openWindow(at: path)
        } catch {
            configuration.report("\(error)")
            requester?.scene.cannotOpen(path, reason: (error as? DocumentError)?.reason ?? "\(error)")
            return nil
        }
    }

    /// A new drawing, "Untitled Drawing N" in the data folder, written empty
    /// before it opens (its folder made if need be).
    private func openNewDrawing(from requester: DocumentWindow?) -> DocumentWindow? {
        let path = DrawingName.newDrawingPath(environment: configuration.environment) { path in
            windows.contains { $0.documentPath == path }
        }
        // The data folder may not exist yet; saving says so if it cannot be made.
        try? FileSystem.makeDirectories(FileSystem.parent(of: path), permissions: 0o700)
        do {
            try Document.save([], to: path)
        } catch {
            configuration.report("cannot make a new drawing: \(error)")
            requester?.scene.cannotOpen(path, reason: error.reason)
            return nil
        }
        return openWindow(for: path, from: requester)
    }

    /// `openWindow(for:from:)` for a path, throwing why the drawing cannot
    /// be opened (a `DocumentError`). A file that is plainly no drawing is
    /// refused as it is, never set aside: it came from outside.
    public func openWindow(at path: String) throws -> DocumentWindow {
        if let identity = FileIdentity(path: path),
           let open = windows.first(where: { FileIdentity(path: $0.documentPath) == identity }) {
            return open
        }
        try Document.refuseIfPlainlyNotADrawing(at: path)
        let opening = try Document.beginOpening(at: path)
        do {
            return try openWindow(with: opening)
        } catch {
            opening.abandon()
            throw error
        }
    }

    /// Closes `window` alone: its drawing saved, its journal finished, its
    /// lock released. The last window's close ends the session.
    func close(_ window: DocumentWindow) {
        guard windows.count > 1 else { return quit() }
        guard let index = windows.firstIndex(where: { $0 === window }) else { return }
        finish(window)
        window.close()
        windows.remove(at: index)
    }

    /// Saves `window`'s drawing one last time and notes how it ended; a
    /// drawing that did not save says so.
    private func finish(_ window: DocumentWindow) {
        guard window.ending == nil else { return }
        window.finish()
        let ending = window.ending ?? .saved
        endings.append((window.documentPath, ending))
    }

    /// Ends the session cleanly: every drawing is saved (or, failing that,
    /// written to an emergency copy; see each window's `ending`) and `run()`
    /// returns.
    public func quit() {
        for window in windows { finish(window) }
        loop.stop()
    }

    /// Runs until the last window is closed, Ctrl+Q, SIGINT/SIGTERM/SIGHUP,
    /// or the connection fails (every drawing is saved in every case).
    public func run() throws {
        // Each run watches the signals anew, and stops watching when it ends.
        let signals = loop.watchTerminationSignals { [unowned self] in quit() }
        defer { signals?.cancel() }
        do {
            try loop.run()
        } catch {
            for window in windows { finish(window) }
            throw error
        }
    }
}
