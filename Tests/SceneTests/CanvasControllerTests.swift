import Canvas
import Foundation
@testable import Scene
import Testing
import TestSupport
import Timing
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// The canvas menu a right click opens away from any line, and the line menu
/// it opens on one; the items that are the scene's reach its controller
/// through the chain.
@Suite struct CanvasControllerTests {
    let scene: CanvasScene
    var window: Window { scene.window }
    var canvas: CanvasView { scene.canvas }
    var controller: CanvasController { scene.canvasController }
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    var reports: [String] { reportLog.lines }
    private let reportLog = ReportLog()

    final class ReportLog { var lines: [String] = [] }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-export")
        let log = reportLog
        // Exports go to the home directory the scene is given.
        scene = CanvasScene(size: Size(width: 800, height: 600), timers: TimerQueue(clock: ManualClock()),
                            drawing: Drawing(lines: [Line(begin: Point(x: 100, y: 100), end: Point(x: 300, y: 100))]),
                            palmRejection: true, exportEnvironment: ["HOME": temporary.path],
                            report: { log.lines.append($0) })
    }

    var titles: [String] { window.menuController.layout?.items.map(\.title) ?? [] }

    /// Chooses a menu item the way a keyboard user does: arrows, then Enter.
    func choose(_ title: String) throws {
        let index = try #require(titles.firstIndex(of: title))
        for _ in 0...index { window.handle(KeyPress(.right)) }
        window.handle(KeyPress(.enter))
    }

    @Test func aRightClickAwayFromLinesOpensTheCanvasMenu() {
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(window.menuController.isMenuVisible)
        // Nothing was changed yet: no Undo, no Redo.
        #expect(titles == ["Export PNG", "Export SVG", "Export PDF", "Draw Freehand", "Select", "Palm Rejection Off",
                           "Show Inspector", "Gesture Playground"])
        #expect(canvas.drawing.selectedLineID == nil)
    }

    @Test func theMenuSwitchesToTheOtherToolAndSaysSo() throws {
        var told: [DrawingTool] = []
        canvas.onToolChange = { told.append($0) }
        controller.secondaryClick(at: Point(x: 500, y: 400))
        try choose("Draw Freehand")
        #expect(canvas.tool == .freehand && told == [.freehand])
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(titles.contains("Draw Lines") && !titles.contains("Draw Freehand"))
        try choose("Draw Lines")
        #expect(canvas.tool == .lines && told == [.freehand, .lines])
    }

    /// Issue 38: the menu offers the Select tool until it is in use, and
    /// the drawing tool to go back to then.
    @Test func theMenuOffersTheSelectToolAndTheWayBack() throws {
        controller.secondaryClick(at: Point(x: 500, y: 400))
        try choose("Select")
        #expect(canvas.tool == .select)
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(!titles.contains("Select") && titles.contains("Draw Lines"))
        try choose("Draw Lines")
        #expect(canvas.tool == .lines)
    }

    @Test func undoAndRedoAppearWhenTheyCanDoSomething() throws {
        canvas.drawing.add(Line(begin: Point(x: 0, y: 300), end: Point(x: 50, y: 300)))
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(titles == ["Undo", "Export PNG", "Export SVG", "Export PDF", "Draw Freehand", "Select", "Palm Rejection Off",
                           "Show Inspector", "Gesture Playground"])
        try choose("Undo")
        #expect(canvas.drawing.count == 1)
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(titles == ["Redo", "Export PNG", "Export SVG", "Export PDF", "Draw Freehand", "Select", "Palm Rejection Off",
                           "Show Inspector", "Gesture Playground"])
    }

    @Test func theMenuShowsAndHidesTheInspector() throws {
        controller.secondaryClick(at: Point(x: 500, y: 400))
        try choose("Show Inspector")
        #expect(scene.inspector.isOpen)
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(titles.contains("Hide Inspector"))
        try choose("Hide Inspector")
        #expect(!scene.inspector.isOpen)
    }

    @Test func theMenuTurnsPalmRejectionOffAndSaysSo() throws {
        var told: [Bool] = []
        scene.onPalmRejectionChange = { told.append($0) }
        controller.secondaryClick(at: Point(x: 500, y: 400))
        try choose("Palm Rejection Off")
        #expect(!scene.palmRejection.isEnabled && told == [false])
        controller.secondaryClick(at: Point(x: 500, y: 400))
        #expect(titles.contains("Palm Rejection On"))
    }

    @Test func aRightClickOnALineOpensTheLineMenu() throws {
        controller.secondaryClick(at: Point(x: 200, y: 110))
        #expect(titles == ["Delete"])
        #expect(canvas.drawing.selectedLineID != nil)
        try choose("Delete")
        #expect(canvas.drawing.count == 0)
    }

    @Test(arguments: ["PNG", "SVG", "PDF"])
    func exportWritesTheFileAndSaysWhere(format: String) throws {
        controller.secondaryClick(at: Point(x: 500, y: 400))
        try choose("Export \(format)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file.hasPrefix("TouchTracker ") && file.hasSuffix(".\(format.lowercased())"))
        let path = "\(directory)/\(file)"
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_size > 100)
        #expect(reports == ["exported the drawing to \(path)"])
        #expect(!window.menuController.isMenuVisible)
    }
}
