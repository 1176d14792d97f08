import Canvas
import Decorations
@testable import Scene
import Testing
import TestSupport
import Timing
@testable import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// The scene's controller in the responder chain: next after the canvas
/// controller and the playground's, it takes the menus' nil-target actions
/// on the scene (exports, palm rejection, the inspector, the playground)
/// and greys what cannot be done.
@Suite struct SceneControllerTests {
    let scene: CanvasScene
    private let temporary: TemporaryDirectory
    var reports: [String] { reportLog.lines }
    private let reportLog = ReportLog()

    final class ReportLog { var lines: [String] = [] }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-scene")
        let log = reportLog
        scene = CanvasScene(size: Size(width: 800, height: 600), timers: TimerQueue(clock: ManualClock()),
                            drawing: Drawing(lines: [Line(begin: Point(x: 100, y: 300), end: Point(x: 300, y: 300))]),
                            palmRejection: true, exportEnvironment: ["HOME": temporary.path],
                            report: { log.lines.append($0) })
        scene.layOut(WindowLayout(width: 800, height: 600, scale: 1, clientSideDecorations: true, maximized: false,
                                  fullscreen: false, activated: true))
        scene.beginOpening()
    }

    /// The responders the window's trace says `action` walked past, and
    /// who took it, when sent nil-target from the first responder.
    func chainWalk(of action: Action) -> (asked: [String], takenBy: String?)? {
        var walk: (asked: [String], takenBy: String?)?
        scene.window.tracer = { record in
            if case .actionWalk(action.name, let asked, let takenBy) = record { walk = (asked, takenBy) }
        }
        scene.application.sendAction(action, to: nil, from: nil)
        scene.window.tracer = nil
        return walk
    }

    @Test func anActionFromTheCanvasTravelsPastItsControllerToTheScenes() throws {
        #expect(scene.canvas.isFirstResponder)
        let walk = try #require(chainWalk(of: SceneController.toggleInspector))
        #expect(walk.asked == ["CanvasView", "CanvasController", "SceneController"])
        #expect(walk.takenBy == "SceneController")
        #expect(scene.inspector.isOpen)
        // The tool is the canvas controller's own: it goes no further.
        #expect(chainWalk(of: CanvasController.switchTool)?.takenBy == "CanvasController")
    }

    @Test func theAppsCommandsGoOnPastTheSceneToTheEndOfTheChain() throws {
        let walk = try #require(chainWalk(of: WindowChrome.showAbout))
        #expect(walk.asked.starts(with: ["CanvasView", "CanvasController", "SceneController"]))
        #expect(walk.takenBy == "WindowChrome")
        #expect(scene.chrome.dialog?.isOpen == true)
    }

    /// The main menu's items as the chain validates them, by title.
    func mainMenu() throws -> [String: Command] {
        scene.chrome.openMainMenu()
        let menu = try #require(scene.chrome.mainMenu?.contentView as? PopoverMenuView)
        defer { scene.chrome.closeMainMenu() }
        return Dictionary(uniqueKeysWithValues: menu.commands.map { ($0.title, $0) })
    }

    @Test func inThePlaygroundTheMenuGreysThePlaygroundAndStillReachesTheScene() throws {
        #expect(try mainMenu()[SceneController.playgroundTitle]?.isEnabled == true)
        scene.showPlayground()
        #expect(scene.playground.isFirstResponder)
        let menu = try mainMenu()
        #expect(menu[SceneController.playgroundTitle]?.isEnabled == false, "canPerformAction greys it")
        #expect(menu["Inspector"]?.isEnabled == true && menu["Inspector"]?.state == .off)
        #expect(scene.application.sendAction(SceneController.showPlayground, to: nil, from: nil) == false)
        let walk = try #require(chainWalk(of: SceneController.toggleInspector))
        #expect(walk.asked == ["PlaygroundView", "PlaygroundController", "SceneController"])
        #expect(scene.inspector.isOpen)
        #expect(try mainMenu()["Inspector"]?.state == .on)
    }

    @Test func palmRejectionIsTurnedOffThroughTheChainAndTheMenuSaysSo() throws {
        var told: [Bool] = []
        scene.onPalmRejectionChange = { told.append($0) }
        #expect(try mainMenu()["Palm Rejection"]?.state == .on)
        scene.application.sendAction(SceneController.togglePalmRejection, to: nil, from: nil)
        #expect(!scene.palmRejection.isEnabled && told == [false])
        #expect(try mainMenu()["Palm Rejection"]?.state == .off)
    }

    @Test func anExportGoesUnderTheInjectedHome() throws {
        scene.application.sendAction(SceneController.exportSVG, to: nil, from: nil)
        let report = try #require(reports.first)
        #expect(report.hasPrefix("exported the drawing to \(temporary.path)/TouchTracker "))
        #expect(report.hasSuffix(".svg"))
    }

    @Test func aFailedExportIsReported() {
        let scene = CanvasScene(size: Size(width: 800, height: 600), timers: TimerQueue(clock: ManualClock()),
                                drawing: Drawing(), palmRejection: true,
                                exportEnvironment: ["HOME": "/nonexistent-dir"], report: { reportLog.lines.append($0) })
        scene.beginOpening()
        scene.application.sendAction(SceneController.exportPNG, to: nil, from: nil)
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("cannot export the drawing: /nonexistent-dir/TouchTracker ") == true)
    }

    @Test func exportNamesGoToPicturesWhenItExists() throws {
        let home = temporary.path
        #expect(SceneController.exportBasePath(environment: ["HOME": home], now: 0)
            .hasPrefix("\(home)/TouchTracker 19"))
        #expect(mkdir("\(home)/Pictures", 0o700) == 0)
        #expect(SceneController.exportBasePath(environment: ["HOME": home], now: 0)
            .hasPrefix("\(home)/Pictures/TouchTracker 19"))
    }
}
