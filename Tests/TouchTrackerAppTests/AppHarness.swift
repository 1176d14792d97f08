import Canvas
@testable import Decorations
import Document
@testable import Instruments
import Testing
import TestCompositor
import TestSupport
import Timing
import TouchCore
import TouchTrackerApp
import WaylandClient
#if canImport(Glibc)
import Glibc
import Platform
#endif

/// The real app (`Session`) connected through real libwayland to a scripted
/// `TestCompositor` with one or more seats, on a fake clock, with its drawing
/// in a fresh temporary directory.
///
/// Both ends run on the test's thread: `settle()` alternates the server's
/// dispatch with non-blocking iterations of the session's loop. Frames are
/// paced by callbacks as with a real compositor: `frame()` sends
/// `wl_callback.done` and lets the app present what changed. Compositor
/// timestamps follow the fake clock (milliseconds), so gesture timers and
/// event times agree.
final class AppHarness {
    struct ConditionNeverHeld: Error, CustomStringConvertible {
        let description: String
    }

    let compositor: TestCompositor
    let seats: [TestSeat]
    var seat: TestSeat { seats[0] }
    let clock = ManualClock(now: 1000)
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    /// The temporary directory, for a second run on the same files.
    var temporaryDirectory: TemporaryDirectory { temporary }
    let documentPath: String
    /// The session's settings file (inside the temporary directory).
    let settingsPath: String
    /// Where `record: true` records the session (`--record`).
    let recordingPath: String
    let session: Session
    var toplevel: TestToplevel { compositor.toplevels[0] }

    /// The canvas's size: the window is as wide and `canvasTop` taller.
    static let width: Int32 = 400
    static let height: Int32 = 300
    /// The app's toolbar along the window's top (the scripted compositor
    /// draws the decorations, so the app shows its toolbar, not its header
    /// bar). The harness speaks the canvas's coordinates: its seats send
    /// touches, the pointer and pens this much lower (`surfaceOffsetY`) and
    /// `pixel` reads this much lower, so a test's points are the drawing's.
    static let canvasTop = AdwaitaStyle.toolbarHeight

    /// Device pixels per logical point of the presented buffers (at start).
    let scale: Int32
    /// Each seat's tablet, when made with `tablets`.
    let tablets: [TestTablet]
    /// Whether the compositor offers `zwp_pointer_gestures_v1`.
    let pointerGestures: Bool
    /// The compositor's clipboard, when made with `clipboard`.
    let clipboard: TestClipboard?
    /// The output added with `outputScale`, if any.
    let output: TestOutput?
    /// What the session's `report` and `logInput` callbacks received.
    private let messages: MessageBox

    /// Starts a session on a drawing file with `lines` (none: no file), or
    /// with the raw bytes `fileContents` when given. `outputScale` adds an
    /// output with that scale (the window's buffers follow it);
    /// `documentName` is the drawing's path inside the directory. With
    /// `tablets` the compositor offers tablet-v2 and each seat has a tablet.
    /// `presentationClock` is the clock `wp_presentation` announces;
    /// `omittedGlobals` are globals the compositor does not offer; with
    /// `clipboard` it offers `wl_data_device_manager`; `cursorShapes` adds
    /// `wp_cursor_shape_manager_v1`; `commitTiming` adds
    /// `wp_commit_timing_manager_v1`.
    /// `documentPath` opens that drawing instead (another harness's, say);
    /// `environment` replaces the session's, whose emergency copies go by
    /// default to `state/` and `runtime/` in the temporary directory.
    /// The settings file is `settingsPath` (`settings` its contents, when
    /// given); `sharing` is another harness's temporary directory to use.
    /// Drawings of `backgroundOpeningThreshold` bytes or more are opened in
    /// the background, after the window appears.
    init(lines: [Line]? = nil, fileContents: [UInt8]? = nil, seatNames: [String] = ["seat0"],
         logInput: Bool = false, trace: Bool = false, outputScale: Int32? = nil,
         documentName: String = "drawing.json", tablets: Bool = false, documentPath: String? = nil,
         environment: [String: String]? = nil, settings: String? = nil,
         sharing: TemporaryDirectory? = nil,
         backgroundOpeningThreshold: Int = DocumentWindow.backgroundOpeningThreshold,
         pointerGestures: Bool = false,
         record: Bool = false, seatVersion: Int32 = 8, checkGuide: Bool = false,
         presentationClock: UInt32 = 1, omittedGlobals: Set<String> = [], clipboard: Bool = false,
         cursorShapes: Bool = false, commitTiming: Bool = false) throws {
        let compositor = TestCompositor(omitting: omittedGlobals)
        compositor.presentationClock = presentationClock
        self.compositor = compositor
        seats = seatNames.map { compositor.addSeat(name: $0, version: seatVersion) }
        for seat in seats { seat.surfaceOffsetY = Self.canvasTop }
        if pointerGestures { compositor.addPointerGestures() }
        self.clipboard = clipboard ? compositor.addDataDeviceManager() : nil
        self.pointerGestures = pointerGestures
        self.tablets = tablets ? seats.map { $0.addTablet(name: "Tablet of \($0.name)") } : []
        if tablets { compositor.addTabletManager() }
        if cursorShapes { compositor.addCursorShapeManager() }
        if commitTiming { compositor.addCommitTimingManager() }
        output = outputScale.map { compositor.addOutput(name: "output0", scale: $0) }
        scale = outputScale ?? 1
        temporary = try sharing ?? TemporaryDirectory(prefix: Self.temporaryPrefix)
        self.documentPath = documentPath ?? temporary.path + "/" + documentName
        settingsPath = temporary.path + "/config/touchtracker/settings.conf"
        if let settings {
            precondition(mkdir(temporary.path + "/config", 0o700) == 0 || errno == EEXIST)
            precondition(mkdir(temporary.path + "/config/touchtracker", 0o700) == 0 || errno == EEXIST)
            try Self.write(Array(settings.utf8), to: settingsPath)
        }
        if let lines { try Document.save(lines, to: self.documentPath) }
        if let fileContents { try Self.write(fileContents, to: self.documentPath) }
        let display = try Self.connect(to: compositor, clock: clock)
        let box = MessageBox()
        messages = box
        let log: ((String) -> Void)? = logInput ? { box.logLines.append($0) } : nil
        let directory = temporary.path
        recordingPath = temporary.path + "/session.ttrec"
        let recording = record ? try RecordingFile(path: recordingPath) : nil
        session = try Session(display: display, configuration: Session.Configuration(
            drawing: .path(self.documentPath), clock: clock,
            environment: environment ?? ["HOME": directory,
                                         "XDG_STATE_HOME": directory + "/state",
                                         "XDG_RUNTIME_DIR": directory + "/runtime"],
            logInput: log, trace: trace ? { box.logLines.append($0) } : nil,
            record: recording,
            report: { box.reports.append($0) }, settingsPath: settingsPath,
            backgroundOpeningThreshold: backgroundOpeningThreshold,
            showsCheckGuide: checkGuide))
        try mapWindow()
    }

    /// Connects and fetches the globals with a loop of our own: the window
    /// needs them, and the session makes its window at once.
    private static func connect(to compositor: TestCompositor, clock: Clock) throws -> Display {
        let display = try Display.connect(fd: compositor.connectClient())
        let bootstrap = EventLoop(display: display, clock: clock)
        var rounds = 0
        while !display.initialGlobalsReceived && rounds < 50 {
            compositor.dispatch()
            try bootstrap.runOnce(timeout: 0)
            rounds += 1
        }
        return display
    }

    /// Configures the window to `width` × `height`, waits for its first
    /// frame and for every seat's devices.
    private func mapWindow() throws {
        try pump { compositor.toplevels.count == 1 }
        toplevel.configure(width: Self.width, height: Self.height + Int32(Self.canvasTop))
        try pump {
            surface.lastCommit?.attachedBuffer == true
                && seats.allSatisfy { $0.liveTouches == 1 && $0.livePointers == 1 && $0.liveKeyboards == 1 }
                && tablets.allSatisfy { $0.liveResources == 1 }
                && (!pointerGestures || seats.allSatisfy { $0.liveGestureObjects(.pinch) == 1 })
                && (clipboard.map { $0.liveDevices == seats.count } ?? true)
        }
        try frame()
    }

    /// Messages the session reported for the user, oldest first.
    var reports: [String] { messages.reports }
    /// `--log-input` and `--trace` lines, oldest first, as they would
    /// interleave on stdout.
    var logLines: [String] { messages.logLines }
    func clearLog() { messages.logLines = [] }

    var surface: TestSurface { toplevel.surface }
    var canvas: CanvasView { session.firstWindow.canvas }
    var menu: MenuController { session.firstWindow.window.menuController }
    /// The compositor's timestamp for "now" on the fake clock (ms).
    var time: UInt32 { UInt32(clock.now * 1000) }

    // MARK: Exchanging messages

    /// Exchanges messages until `condition` holds; throws if it never does.
    func pump(until condition: () -> Bool) throws {
        for _ in 0..<200 {
            if condition() { return }
            compositor.dispatch()
            try session.loop.runOnce(timeout: 0)
        }
        if !condition() {
            throw ConditionNeverHeld(description: "the condition did not hold after 200 exchanges")
        }
    }

    /// Lets both sides handle everything the other sent, without completing
    /// frame callbacks (so at most one commit follows the last `frame()`).
    func settle() throws {
        for _ in 0..<4 {
            compositor.dispatch()
            try session.loop.runOnce(timeout: 0)
        }
        compositor.dispatch()
    }

    /// Completes the pending frame callback and lets the app present.
    func frame() throws {
        try settle()
        compositor.completeFrames(time: time)
        try settle()
    }

    /// Runs `script` on the compositor, lets 10 ms pass, then presents.
    func send(_ script: () -> Void) throws {
        script()
        try settle()
        advance(by: 0.01)
        try frame()
    }

    /// Configures the window to `width` × `height` (the toolbar included)
    /// and presents it at that size.
    func resize(width: Int32, height: Int32) throws {
        toplevel.configure(width: width, height: height)
        try frame()
    }

    /// Lets `seconds` pass on the fake clock (firing gesture timers), then presents.
    func wait(_ seconds: Double) throws {
        advance(by: seconds)
        try frame()
    }

    func advance(by seconds: Double) {
        session.loop.timers.advance(by: seconds)
    }

    // MARK: Touch

    func down(_ id: Int32, _ x: Double, _ y: Double, seat: TestSeat? = nil) throws {
        try send {
            (seat ?? self.seat).touchDown(on: surface.resource, id: id, x: x, y: y, time: time)
            (seat ?? self.seat).touchFrame()
        }
    }

    func move(_ id: Int32, _ x: Double, _ y: Double, seat: TestSeat? = nil) throws {
        try send {
            (seat ?? self.seat).touchMotion(id: id, x: x, y: y, time: time)
            (seat ?? self.seat).touchFrame()
        }
    }

    func up(_ id: Int32, seat: TestSeat? = nil) throws {
        try send {
            (seat ?? self.seat).touchUp(id: id, time: time)
            (seat ?? self.seat).touchFrame()
        }
    }

    /// A quick tap, then long enough for a double tap to have failed.
    func tap(_ x: Double, _ y: Double) throws {
        try down(9, x, y)
        try up(9)
        try wait(0.5)
    }

    /// One finger drawing a straight line in `steps` moves, lifted at the end.
    func stroke(_ id: Int32 = 1, from start: Point, to end: Point, steps: Int = 5) throws {
        try down(id, start.x, start.y)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try move(id, start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)
        }
        try up(id)
    }

    // MARK: Pointer and keyboard

    func pointerEnter(_ x: Double, _ y: Double, seat: TestSeat? = nil) throws {
        let seat = seat ?? self.seat
        try send {
            seat.pointerEnter(surface.resource, x: x, y: y)
            seat.pointerFrame()
        }
    }

    func pointerMotion(_ x: Double, _ y: Double, seat: TestSeat? = nil) throws {
        let seat = seat ?? self.seat
        try send {
            seat.pointerMotion(x: x, y: y, time: time)
            seat.pointerFrame()
        }
    }

    func pointerButton(_ button: UInt32, pressed: Bool, seat: TestSeat? = nil) throws {
        let seat = seat ?? self.seat
        try send {
            seat.pointerButton(button, pressed: pressed, time: time)
            seat.pointerFrame()
        }
    }

    /// Sends the US keymap and gives the window keyboard focus.
    /// Ends the session as Ctrl+Q does, and checks it ended by itself.
    func quitByKeyboard() throws {
        try focusKeyboard()
        seat.modifiers(depressed: ModifierMask.control)
        seat.key(EvdevKey.q, pressed: true, time: time)
        compositor.dispatch()
        #expect(runGuarded().endedByItself)
    }

    func focusKeyboard() throws {
        try send {
            seat.sendKeymap(layout: "us")
            seat.keyboardEnter(surface.resource)
        }
    }

    /// Presses and releases the key `code` (evdev) with the XKB modifier
    /// mask `modifiers` held (Shift 1, Control 4).
    func press(_ code: UInt32, modifiers: UInt32 = 0) throws {
        try send {
            if modifiers != 0 { seat.modifiers(depressed: modifiers) }
            seat.key(code, pressed: true, time: time)
            seat.key(code, pressed: false, time: time)
            if modifiers != 0 { seat.modifiers(depressed: 0) }
        }
    }

    // MARK: Running the loop for real

    /// Runs `session.run()` with a guard, so a session that fails to end
    /// makes the test fail instead of hanging. Returns whether the session
    /// ended by itself, and what `run()` threw. `onIteration` runs in each
    /// of the first `iterations` iterations with its number (from 1),
    /// inside `run()`: a descriptor kept ready drives them.
    ///
    /// After those, the loop sleeps in `poll` as it does for real, and the
    /// guard stops it only after `patience` seconds of real time. Counting
    /// iterations alone made the guard spin through them in microseconds,
    /// so an end that waits on the kernel (a compositor's socket closes for
    /// good only once a child process spawned meanwhile by another test has
    /// called exec, which under load takes milliseconds) came too late.
    func runGuarded(iterations: Int = 50, patience: Double = 20,
                    onIteration: @escaping (Int) -> Void = { _ in }) -> (endedByItself: Bool, error: Error?) {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        _ = Glibc.write(fds[1], &byte, 1)
        var count = 0
        var stoppedByGuard = false
        let loop = session.loop
        let patienceRunsOut = PatienceTimer(seconds: patience)
        defer { patienceRunsOut.cancel() }
        var timeout: FileWatch?
        let watch = loop.watch(fd: fds[0], events: .readable) { _ in
            count += 1
            onIteration(count)
            if count >= iterations {
                // Drained: from now on the loop sleeps until something happens.
                _ = Glibc.read(fds[0], &byte, 1)
                timeout = loop.watch(fd: patienceRunsOut.descriptor, events: .readable) { _ in
                    stoppedByGuard = true
                    loop.stop()
                }
                patienceRunsOut.start()
            }
        }
        defer { watch.cancel(); timeout?.cancel() }
        do {
            try session.run()
            return (!stoppedByGuard, nil)
        } catch {
            return (!stoppedByGuard, error)
        }
    }

    // MARK: Pixels and the file

    /// The last commit that attached a buffer.
    var presented: CommitRecord {
        surface.commits.last { $0.attachedBuffer }!
    }

    /// The presented pixels of the canvas (the window below the toolbar).
    var canvasPixels: [UInt32] {
        guard let pixels = presented.pixels else { return [] }
        return Array(pixels.dropFirst(Int(presented.bufferWidth) * Int(Self.canvasTop * Double(scale))))
    }

    /// The presented pixel at logical point (x, y) of the canvas.
    func pixel(_ x: Double, _ y: Double) -> UInt32 {
        presented.pixel(x: Int(x * Double(scale)), y: Int((y + Self.canvasTop) * Double(scale))) ?? 0
    }

    /// Whether (`x`, `y`) shows a selected line: ink there, and the
    /// accent ring 8 pt away across the line (above or below, left or
    /// right of it).
    func showsSelectedLine(at x: Double, _ y: Double) -> Bool {
        guard pixel(x, y) != Colour.white else { return false }
        return [(0.0, 8.0), (0, -8), (8, 0), (-8, 0)].contains { pixel(x + $0.0, y + $0.1) == Colour.accent }
    }

    /// The lines the drawing file holds now.
    func savedLines() throws -> [Line] {
        try Document.load(from: documentPath)
    }

    var fileExists: Bool { access(documentPath, F_OK) == 0 }

    /// Files in the temporary directory, sorted.
    func directoryEntries() -> [String] {
        temporary.entries()
    }

    // MARK: Files

    /// The start of the name of the end-to-end tests' temporary directories.
    static let temporaryPrefix = "touchtracker-e2e"

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw ConditionNeverHeld(description: "cannot create \(path)") }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw ConditionNeverHeld(description: "cannot write \(path)")
        }
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            result += chunk[0..<count]
        }
        return result
    }
}

/// Collects what the session's callbacks receive.
private final class MessageBox {
    var reports: [String] = []
    var logLines: [String] = []
}

/// Pixel values the app paints (0xAARRGGBB, premultiplied).
enum Colour {
    static let white: UInt32 = 0xFFFF_FFFF
    static let black: UInt32 = 0xFF00_0000
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    /// The selection's ring: GNOME's accent blue (#3584e4).
    static let accent: UInt32 = 0xFF35_84E4
    /// The palette's red (GNOME red 4, #c01c28).
    static let paletteRed: UInt32 = 0xFFC0_1C28

    /// The menu bubble: dark grey, opaque over the white paper.
    static func isMenuBubble(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return pixel >> 24 == 0xFF && r < 0x50 && g < 0x50 && b < 0x50 && r > 0x10
    }
}

/// XKB modifier masks of the "us" keymap.
enum ModifierMask {
    static let shift: UInt32 = 1
    static let control: UInt32 = 4
}

extension Rect {
    /// This rectangle of the window (where menus are placed) in the
    /// harness's canvas coordinates.
    var inCanvas: Rect { offsetBy(dx: 0, dy: -AppHarness.canvasTop) }
}

extension Point {
    /// This point of the window in the harness's canvas coordinates.
    var inCanvas: Point { Point(x: x, y: y - AppHarness.canvasTop) }
}

/// A descriptor that becomes readable `seconds` after `start()`, unless
/// cancelled first: a thread waits in `poll` on a pipe for that long, and
/// cancelling wakes it at once, so no test waits out its patience.
final class PatienceTimer {
    private let seconds: Double
    private var cancelEnds: [Int32] = [-1, -1]
    private var readyEnds: [Int32] = [-1, -1]
    private var work: BackgroundWork?

    init(seconds: Double) {
        self.seconds = seconds
        precondition(pipe(&cancelEnds) == 0 && pipe(&readyEnds) == 0)
    }

    /// Readable once the time is up.
    var descriptor: Int32 { readyEnds[0] }

    func start() {
        guard work == nil else { return }
        let cancel = cancelEnds[0], ready = readyEnds[1], milliseconds = Int32(seconds * 1000)
        work = try? BackgroundWork {
            var waitFor = pollfd(fd: cancel, events: Int16(POLLIN), revents: 0)
            _ = poll(&waitFor, 1, milliseconds)
            var byte: UInt8 = 1
            _ = Glibc.write(ready, &byte, 1)
        }
    }

    func cancel() {
        var byte: UInt8 = 1
        _ = Glibc.write(cancelEnds[1], &byte, 1)
        work?.join()
        work = nil
    }

    deinit {
        cancel()
        for fd in cancelEnds + readyEnds { close(fd) }
    }
}
