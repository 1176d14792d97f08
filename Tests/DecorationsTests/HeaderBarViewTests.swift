@testable import Decorations
import Testing
import Timing
@testable import TouchCore

/// The header bar's layout, hit areas and what presses on it do, on a core
/// window alone (no compositor): its buttons send their commands through
/// the responder chain; the bar itself moves, maximizes and resizes.
@Suite struct HeaderBarViewTests {
    static let undo = Action("undo")
    static let redo = Action("redo")
    static let tool = Action("switchTool")
    static let menu = Action("showMainMenu")

    /// What the chain ends in here: a first responder that performs undo
    /// (while `canUndo`), redo and the tool switch, and says which tool is on.
    final class Canvas: View {
        var performed: [Action] = []
        var canUndo = true
        var freehand = false
        override var canBecomeFirstResponder: Bool { true }
        override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
            action == HeaderBarViewTests.undo ? canUndo : super.canPerformAction(action, withSender: sender)
        }
        override func handler(for action: Action) -> ((Any?) -> Void)? {
            switch action {
            case HeaderBarViewTests.undo, HeaderBarViewTests.redo, HeaderBarViewTests.tool,
                 HeaderBarViewTests.menu:
                { [unowned self] _ in performed.append(action) }
            default: super.handler(for: action)
            }
        }
        override func validate(_ command: Command) {
            if command.action == HeaderBarViewTests.tool { command.state = freehand ? .on : .off }
        }
    }

    /// A window `width` points wide: the canvas under a header bar with
    /// Undo and Redo at the start, the tool (collapsible) and the menu at
    /// the end.
    final class Fixture {
        let application = Application()
        let window: Window
        let canvas: Canvas
        let undo = HeaderButton(Command(title: "Undo", action: HeaderBarViewTests.undo), content: .glyph(.undo))
        let redo = HeaderButton(Command(title: "Redo", action: HeaderBarViewTests.redo), content: .glyph(.redo))
        let tool = HeaderButton(Command(title: "Freehand", action: HeaderBarViewTests.tool),
                                content: .toggle(off: .lines, on: .freehand))
        let menu = HeaderButton(Command(title: "Menu", action: HeaderBarViewTests.menu), content: .glyph(.menu))
        let bar: HeaderBarView
        var presses = 0
        var requests: [HeaderBarView.Request] = []
        var collapses: [Bool] = []

        init(width: Double = 600, style: HeaderBarView.Style = .headerBar) {
            window = Window(size: Size(width: width, height: 300), timers: TimerQueue(clock: ManualClock()))
            application.addWindow(window)
            let height = HeaderBarView.height(style, scale: 1)
            canvas = Canvas(frame: Rect(x: 0, y: height, width: width, height: 300 - height))
            bar = HeaderBarView(title: "TouchTracker", style: style, startButtons: [undo, redo],
                                endButtons: [tool, menu], collapsibleButtons: [tool])
            window.addSubview(canvas)
            window.addSubview(bar)
            canvas.becomeFirstResponder()
            bar.onCollapseChange = { [unowned self] in collapses.append($0) }
            bar.frame = Rect(x: 0, y: 0, width: width, height: height)
            bar.onPress = { [unowned self] in presses += 1 }
            bar.onRequest = { [unowned self] in requests.append($0) }
            bar.updateButtons()
        }

        func send(_ phase: RawTouch.Phase, _ x: Double, _ y: Double, at time: Double, kind: Touch.Kind = .pointer,
                  id: Int32 = 0) {
            let change = RawTouch(device: InputDeviceID(seat: "seat0", kind: kind), id: id,
                                  phase: phase, location: Point(x: x, y: y), timestamp: time)
            window.handle(TouchFrame(changes: [change], timestamp: time))
        }

        func click(_ x: Double, _ y: Double, at time: Double, kind: Touch.Kind = .pointer) {
            send(.down, x, y, at: time, kind: kind)
            send(.up, x, y, at: time + 0.05, kind: kind)
        }

        var visibleButtons: [HeaderButton] { bar.subviews.compactMap { $0 as? HeaderButton }.filter { !$0.isHidden } }
    }

    // MARK: Layout

    @Test func theButtonsSitWhereLibadwaitaPutsThem() {
        let fixture = Fixture()
        func frame(_ x: Double) -> Rect { Rect(x: x, y: 6, width: 34, height: 34) }
        #expect(fixture.bar.bounds.height == 47)
        #expect(fixture.undo.frame == frame(7) && fixture.redo.frame == frame(47))
        // From the end: close, maximize, minimize, then the menu and the tool.
        #expect(fixture.bar.windowButtons.map(\.frame) == [frame(479), frame(519), frame(559)])
        #expect(fixture.menu.frame == frame(439) && fixture.tool.frame == frame(399))
        #expect(!fixture.bar.isCollapsed && fixture.collapses.isEmpty)
    }

    @Test(arguments: [600.0, 360, 320])
    func everyControlHasAHitAreaOfFortyPointsAtLeastAndNoneOverlap(width: Double) {
        let fixture = Fixture(width: width)
        let areas = fixture.visibleButtons.map { $0.convert($0.hitArea, to: nil) }
        #expect(areas.count >= 6)
        for (index, area) in areas.enumerated() {
            #expect(area.width >= 40 && area.height >= 40)
            #expect(area.minX >= 0 && area.maxX <= width, "inside the window")
            for other in areas[(index + 1)...] {
                #expect(area.maxX <= other.minX || other.maxX <= area.minX, "\(area) and \(other) overlap")
            }
        }
        // The edges of each hit area, 19 points either side of a button's middle, hit it.
        let finger = Event.hitTesting(.finger)
        for button in fixture.visibleButtons {
            let centre = button.convert(button.bounds.center, to: nil)
            for dx in [-19.0, 19] {
                #expect(fixture.window.hitTest(Point(x: centre.x + dx, y: centre.y + 19), with: finger) === button)
            }
        }
    }

    @Test func aNarrowBarMovesTheToolButtonOutAndLosesNothingElse() {
        let fixture = Fixture(width: 360)
        #expect(fixture.bar.isCollapsed && fixture.collapses == [true])
        #expect(fixture.tool.isHidden)
        let shown = fixture.visibleButtons
        #expect(shown.count == 7 - 1, "undo, redo, menu and the three window buttons")
        #expect(shown.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 360 })
        // Wide again: it comes back.
        fixture.window.frame = Rect(x: 0, y: 0, width: 600, height: 300)
        fixture.bar.frame = Rect(x: 0, y: 0, width: 600, height: 47)
        #expect(!fixture.bar.isCollapsed && !fixture.tool.isHidden && fixture.collapses == [true, false])
    }

    /// The tool button says which tool in words beside its icon where the
    /// bar has room for them; narrower, the icon alone; narrower still, the
    /// button goes to the menu. Never does a button overlap another.
    @Test func theToolButtonSaysWhichToolInWordsWhereTheBarHasRoom() {
        var seen: [String] = []
        for width in stride(from: 320.0, through: 800, by: 4) {
            let fixture = Fixture(width: width)
            fixture.tool.labels = (off: "Lines", on: "Freehand")
            fixture.bar.layoutSubviews()
            let labelled = fixture.tool.labelledWidth(measuredBy: fixture.bar.textMeasurer) ?? 0
            let regime = fixture.tool.isHidden ? "in the menu" : fixture.tool.isLabelShown ? "words" : "icon"
            if seen.last != regime { seen.append(regime) }
            #expect(fixture.tool.frame.width == (fixture.tool.isLabelShown ? labelled : 34))
            let frames = fixture.visibleButtons.map(\.frame).sorted { $0.minX < $1.minX }
            for (left, right) in zip(frames, frames.dropFirst()) {
                #expect(left.maxX + 6 <= right.minX + 0.001, "at \(width): \(left) and \(right) overlap")
            }
            #expect(frames.allSatisfy { $0.minX >= 0 && $0.maxX <= width })
        }
        #expect(seen == ["in the menu", "icon", "words"], "wider and wider")
        let wide = Fixture(width: 800)
        wide.tool.labels = (off: "Lines", on: "Freehand")
        wide.bar.layoutSubviews()
        #expect(wide.tool.label == "Lines")
        wide.canvas.freehand = true
        wide.bar.updateButtons()
        #expect(wide.tool.label == "Freehand")
        #expect(wide.tool.frame.width > 34 + 50, "room for the longer word and the icon")
    }

    @Test func theToolbarHasTheSameButtonsAndNoWindowButtons() {
        let fixture = Fixture(style: .toolbar)
        #expect(fixture.bar.bounds.height == 40)
        #expect(fixture.bar.windowButtons.allSatisfy { $0.isHidden })
        #expect(fixture.undo.frame == Rect(x: 7, y: 3, width: 34, height: 34))
        #expect(fixture.menu.frame == Rect(x: 559, y: 3, width: 34, height: 34))
        #expect(!fixture.tool.isHidden)
        // The compositor moves and resizes the window: a drag on the bar does nothing.
        fixture.send(.down, 300, 20, at: 1)
        fixture.send(.move, 340, 30, at: 1.1)
        fixture.send(.up, 340, 30, at: 1.2)
        fixture.send(.down, 2, 150, at: 2)
        #expect(fixture.requests.isEmpty && fixture.presses == 0)
    }

    // MARK: Buttons

    @Test(arguments: [Touch.Kind.finger, .pointer, .pen])
    func aTapOnUndoSendsItToTheFirstResponder(kind: Touch.Kind) {
        let fixture = Fixture()
        fixture.click(24, 23, at: 1, kind: kind)
        fixture.click(64, 23, at: 2, kind: kind)
        #expect(fixture.canvas.performed == [HeaderBarViewTests.undo, HeaderBarViewTests.redo])
        #expect(fixture.requests.isEmpty, "a button is not the bar's drag area")
    }

    @Test func aPressIsOnlyAPressIfReleasedOverTheButton() {
        let fixture = Fixture()
        fixture.send(.down, 24, 23, at: 1, kind: .finger)
        #expect(fixture.undo.isPressed)
        fixture.send(.move, 24, 90, at: 1.1, kind: .finger)
        #expect(!fixture.undo.isPressed, "drawn released while off it")
        fixture.send(.up, 24, 90, at: 1.2, kind: .finger)
        #expect(fixture.canvas.performed.isEmpty)
        // Off and back on before lifting: pressed after all.
        fixture.send(.down, 24, 23, at: 2, kind: .finger)
        fixture.send(.move, 150, 23, at: 2.1, kind: .finger)
        fixture.send(.move, 26, 25, at: 2.2, kind: .finger)
        #expect(fixture.undo.isPressed)
        fixture.send(.up, 26, 25, at: 2.3, kind: .finger)
        #expect(fixture.canvas.performed == [HeaderBarViewTests.undo])
        #expect(fixture.requests.isEmpty, "sliding along the bar from a button never moves the window")
    }

    @Test func aCommandNothingCanPerformIsGreyedAndIgnoresPresses() {
        let fixture = Fixture()
        fixture.canvas.canUndo = false
        _ = fixture.window.takeDamage()
        fixture.bar.updateButtons()
        #expect(!fixture.undo.command.isEnabled && fixture.redo.command.isEnabled)
        #expect(fixture.window.takeDamage() == [fixture.undo.frame], "redrawn greyed")
        fixture.bar.updateButtons()
        #expect(!fixture.window.hasDamage, "no change, no redraw")
        fixture.click(24, 23, at: 1, kind: .finger)
        #expect(fixture.canvas.performed.isEmpty && fixture.requests.isEmpty)
        fixture.canvas.canUndo = true
        fixture.bar.updateButtons()
        #expect(fixture.undo.command.isEnabled)
    }

    @Test func theToolButtonShowsTheTool() {
        let fixture = Fixture()
        #expect(fixture.tool.command.state == .off)
        fixture.canvas.freehand = true
        _ = fixture.window.takeDamage()
        fixture.bar.updateButtons()
        #expect(fixture.tool.command.state == .on)
        #expect(fixture.window.takeDamage() == [fixture.tool.frame])
    }

    @Test(arguments: [(559.0, HeaderBarView.Request.close), (519.0, .toggleMaximize), (479.0, .minimize)])
    func windowButtonsActOnReleaseInside(x: Double, request: HeaderBarView.Request) {
        let fixture = Fixture()
        fixture.send(.down, x + 17, 23, at: 1)
        #expect(fixture.requests.isEmpty)
        fixture.send(.up, x + 17, 23, at: 1.1)
        #expect(fixture.requests == [request])
    }

    @Test func aMaximizedWindowShowsRestore() {
        let fixture = Fixture()
        fixture.bar.isMaximized = true
        #expect(fixture.bar.windowButtons[1].content == .windowButton(.restore))
        fixture.bar.isMaximized = false
        #expect(fixture.bar.windowButtons[1].content == .windowButton(.maximize))
    }

    // MARK: The bar itself

    @Test func partsUnderAPointer() {
        let fixture = Fixture()
        let bar = fixture.bar
        #expect(bar.part(at: Point(x: 200, y: 23), pointer: true) == .dragArea)
        #expect(bar.part(at: Point(x: 576, y: 23), pointer: true) == .control)
        #expect(bar.part(at: Point(x: 24, y: 23), pointer: true) == .control)
        #expect(bar.part(at: Point(x: 200, y: 3), pointer: true) == .resizeBorder(.top))
        #expect(bar.part(at: Point(x: 2, y: 2), pointer: true) == .resizeBorder(.topLeft))
        #expect(bar.part(at: Point(x: 2, y: 20), pointer: true) == .resizeBorder(.left))
        #expect(bar.part(at: Point(x: 597, y: 150), pointer: true) == .resizeBorder(.right))
        #expect(bar.part(at: Point(x: 599, y: 299), pointer: true) == .resizeBorder(.bottomRight))
        #expect(bar.part(at: Point(x: 200, y: 150), pointer: true) == nil, "the canvas's")
    }

    @Test func thePointerResizesFromTheBorderEvenAtAButtonsEdge() {
        let fixture = Fixture()
        let pointer = Event.hitTesting(.pointer), finger = Event.hitTesting(.finger)
        #expect(fixture.window.hitTest(Point(x: 24, y: 4), with: pointer) === fixture.bar)
        #expect(fixture.window.hitTest(Point(x: 24, y: 4), with: finger) === fixture.undo)
        #expect(fixture.window.hitTest(Point(x: 2, y: 150), with: pointer) === fixture.bar)
        #expect(fixture.window.hitTest(Point(x: 2, y: 150), with: finger) === fixture.canvas)
    }

    @Test func aMaximizedWindowHasNoResizeBorder() {
        let fixture = Fixture()
        fixture.bar.isMaximized = true
        #expect(fixture.bar.part(at: Point(x: 2, y: 150), pointer: true) == nil)
        #expect(fixture.bar.part(at: Point(x: 200, y: 3), pointer: true) == .dragArea)
    }

    @Test func dragOnTheBarMovesOnceBeyondTheThreshold() {
        let fixture = Fixture()
        fixture.send(.down, 200, 23, at: 1)
        #expect(fixture.presses == 1)
        fixture.send(.move, 202, 24, at: 1.01)
        #expect(fixture.requests.isEmpty, "a trembling click is no drag")
        fixture.send(.move, 250, 60, at: 1.03)
        #expect(fixture.requests == [.move])
    }

    @Test func aDoubleTapOnTheBarTogglesMaximize() {
        let fixture = Fixture()
        fixture.send(.down, 200, 23, at: 3, kind: .finger)
        fixture.send(.up, 200, 23, at: 3.05, kind: .finger)
        fixture.send(.down, 200, 23, at: 3.2, kind: .finger)
        #expect(fixture.requests == [.toggleMaximize])
    }

    @Test func aPressAfterAHandedOverTouchThatNeverEndedStillWorks() {
        let fixture = Fixture()
        fixture.send(.down, 200, 23, at: 1, kind: .finger, id: 1)
        fixture.send(.move, 250, 23, at: 1.1, kind: .finger, id: 1)
        // The compositor moved the window and kept the rest of touch 1.
        fixture.send(.down, 576, 23, at: 5, kind: .finger, id: 2)
        fixture.send(.up, 576, 23, at: 5.1, kind: .finger, id: 2)
        #expect(fixture.requests == [.move, .close])
    }

    @Test func becomingActiveRedrawsTheBar() {
        let fixture = Fixture()
        _ = fixture.window.takeDamage()
        fixture.bar.isActive = true
        #expect(fixture.window.takeDamage().reduce(Rect.null) { $0.union($1) } == fixture.bar.frame)
        fixture.bar.isActive = true
        #expect(!fixture.window.hasDamage, "no change, no redraw")
    }
}
