import Canvas
import Decorations
import Instruments
import Scene
import Timing
import TouchCore
import WaylandClient

/// `touchtracker replay`: a recording run through the app's own scene
/// (`CanvasScene`: the core, its recognizers and the canvas, wired as in a
/// session) with no compositor, on a fake clock set to each batch's
/// recorded time of receipt, so the gestures' timers (double tap, long
/// press) fire where they fired live. Nothing is read or written but the
/// recording: the drawing starts as the recording's drawing line says, and
/// the canvas menu's exports are refused.
///
/// The same recording gives the same drawing on every run: nothing in it
/// reads the real clock, the disk or the compositor.
final class Replay {
    /// Where the fake clock starts: any time will do, as long as it is the
    /// same on every run.
    static let startTime = 1000.0

    /// A window before the compositor's first configure (a recording of a
    /// session that ended before its window was shown).
    static let unconfigured = WindowLayout(width: 960, height: 640, scale: 1, clientSideDecorations: true)

    private let recording: Recording
    private let clock = ManualClock(now: Replay.startTime)
    private let timers: TimerQueue
    let scene: CanvasScene
    /// Ctrl+Q (or the title bar's close button) ended the recorded session here.
    private var quit = false

    /// - Parameters:
    ///   - trace: receives the `--trace` lines of the run.
    ///   - report: receives what the canvas says to the user (a refused export).
    init(_ recording: Recording, trace: ((String) -> Void)? = nil, report: @escaping (String) -> Void) {
        self.recording = recording
        timers = TimerQueue(clock: clock)
        let first = recording.entries.lazy.compactMap { entry -> WindowLayout? in
            if case .window(let layout) = entry.item { layout } else { nil }
        }.first ?? Self.unconfigured
        scene = CanvasScene(size: Size(width: Double(first.width), height: Double(first.height)), timers: timers,
                            drawing: Drawing(), palmRejection: recording.palmRejection, tool: recording.tool,
                            strokeStyle: recording.strokeStyle, fingersNavigate: recording.fingersNavigate,
                            exportEnvironment: nil, report: report)
        scene.onQuit = { [unowned self] in quit = true }
        // A recording follows one window: closing it (Ctrl+W) ended the session.
        scene.onCloseWindow = { [unowned self] in quit = true }
        scene.headerBar.onRequest = { [unowned self] request in
            // Moving, resizing and maximizing are the compositor's to do:
            // what it did is in the recording's window lines.
            if case .close = request { quit = true }
        }
        scene.chrome.appVersion = Version.string
        scene.traceLine = trace
        scene.layOut(first)
        scene.canvas.viewport = recording.viewport
        // As in the session: input before the drawing's line in the
        // recording draws on an empty canvas, and joins the lines it opened
        // with when they come.
        scene.beginOpening()
    }

    /// Runs every line of the recording, in order; returns the drawing
    /// as it ends.
    @discardableResult
    func run() -> Drawing {
        for entry in recording.entries {
            guard !quit else { break }
            // Timers due before this batch fire first, at their own time.
            advance(to: Self.startTime + entry.time)
            switch entry.item {
            case .drawing(let lines):
                scene.documentOpened(Drawing(lines: lines))
            case .window(let layout):
                scene.layOut(layout)
            case .batch(let event, _, _):
                scene.handle(event)
            case .presentation:
                // When frames reached the screen is about the compositor,
                // not the drawing.
                break
            case .end:
                // The session ended here: its strokes in progress were kept
                // as lines, as lifting their fingers would (`Session.finish`).
                scene.window.liftAllTouches()
            }
            // Nothing is shown: the damage the views raised goes nowhere.
            _ = scene.window.takeDamage()
        }
        // A fling still gliding when the recording ends glides to its end.
        var frames = 0
        while scene.window.needsAnimationFrame, frames < Self.maximumTrailingFrames {
            stepAnimations()
            frames += 1
        }
        return scene.canvas.drawing
    }

    /// Animations step at 60 frames a second, as a compositor's frames
    /// would step them.
    static let frameInterval = 1.0 / 60
    /// Enough frames for any fling to stop (it does within seconds).
    static let maximumTrailingFrames = 60 * 60

    /// Lets time pass until `time`: timers fire at their own time, and the
    /// running display links (a fling gliding on) step frame by frame.
    private func advance(to time: Double) {
        while scene.window.needsAnimationFrame, clock.now + Self.frameInterval < time {
            stepAnimations()
        }
        if time > clock.now { timers.advance(by: time - clock.now) }
    }

    private func stepAnimations() {
        timers.advance(by: Self.frameInterval)
        scene.window.runDisplayLinks(at: clock.now)
        _ = scene.window.takeDamage()
    }
}
