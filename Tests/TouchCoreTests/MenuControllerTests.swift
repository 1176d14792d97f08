import Testing
import TestSupport
@testable import TouchCore

/// SPEC §4: the window's menu, its validation and its interaction.
@Suite struct MenuControllerTests {
    let log = Log()
    let application = Application()
    let window = makeWindow(width: 400, height: 300)
    let canvas: ActionView
    let menu: MenuController
    let custom = Action("deleteLine")

    init() {
        application.addWindow(window)
        canvas = ActionView("canvas", log: log, implements: [Action("deleteLine")])
        canvas.frame = rect(0, 0, 400, 300)
        window.addSubview(canvas)
        menu = window.menuController
        menu.menuItems = [MenuItem(title: "Delete", action: custom)]
        menu.setTargetRect(rect(200, 150, 0, 0), in: canvas)
    }

    private func tap(_ point: Point, id: Int32 = 1) {
        window.send(down(id, point.x, point.y))
        window.send(up(id))
    }

    @Test func theMenuNeedsAFirstResponder() {
        #expect(!menu.showMenu())
        #expect(!menu.isMenuVisible)
        #expect(menu.layout == nil)
    }

    @Test func theMenuRefusesToShowWhenNoItemValidates() {
        canvas.becomeFirstResponder()
        canvas.implemented = []
        #expect(!menu.showMenu())
        #expect(!menu.isMenuVisible)
        #expect(!window.subviews.contains { $0 !== canvas })
    }

    @Test func itemsTheFirstResponderCannotPerformAreLeftOut() throws {
        canvas.becomeFirstResponder()
        menu.menuItems.append(MenuItem(title: "Rename", action: Action("rename")))
        canvas.implemented = [custom, .copy]
        canvas.disabled = [.copy]
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        #expect(layout.items.map(\.title) == ["Delete"])
    }

    @Test func implementedStandardEditActionsAppearWithoutBeingAdded() throws {
        canvas.becomeFirstResponder()
        canvas.implemented = [custom, .copy, .selectAll, .delete]
        menu.menuItems = [MenuItem(title: "Delete Line", action: custom), MenuItem(title: "Erase", action: .delete)]
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        #expect(layout.items.map(\.title) == ["Copy", "Select All", "Delete Line", "Erase"])
    }

    @Test func showingPlacesTheMenuNextToTheTargetInsideTheWindow() throws {
        canvas.becomeFirstResponder()
        #expect(menu.showMenu())
        #expect(menu.isMenuVisible)
        let layout = try #require(menu.layout)
        #expect(layout.frame.midX == 200)
        #expect(layout.frame.maxY == 150 - MenuLayout.targetSpacing)
        #expect(window.hasDamage)
        #expect(window.takeDamage().contains { $0.contains(layout.frame) })
    }

    @Test func theTargetRectIsConvertedFromItsView() throws {
        let panel = View(frame: rect(300, 200, 100, 100))
        canvas.addSubview(panel)
        canvas.becomeFirstResponder()
        menu.setTargetRect(rect(10, 10, 0, 0), in: panel)
        menu.textMeasurer = FixedWidthTextMeasurer(characterWidth: 1, lineHeight: 4)
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        #expect(layout.frame.midX == 310)
        #expect(layout.frame.maxY == 210 - MenuLayout.targetSpacing)
        #expect(layout.frame.size == Size(width: 6 + 24, height: MenuLayout.minimumItemHeight))
    }

    @Test func tappingAnItemSendsItsActionToTheFirstResponderAndHidesTheMenu() throws {
        canvas.becomeFirstResponder()
        menu.showMenu()
        let item = try #require(menu.layout?.items.first)
        tap(item.frame.center)
        #expect(log.entries == ["canvas deleteLine from sender"])
        #expect(!menu.isMenuVisible)
    }

    @Test func anItemALaterResponderPerformsIsShownAndSentAlongTheChain() throws {
        let board = ActionView("board", log: log, implements: [Action("tidy")])
        board.frame = rect(0, 0, 400, 300)
        window.addSubview(board)
        board.addSubview(canvas)
        canvas.becomeFirstResponder()
        menu.menuItems.append(contentsOf: [MenuItem(title: "Tidy", action: Action("tidy")),
                                           MenuItem(title: "Rename", action: Action("rename"))])
        menu.showMenu()
        let layout = try #require(menu.layout)
        #expect(layout.items.map(\.title) == ["Delete", "Tidy"])
        tap(layout.items[1].frame.center)
        #expect(log.entries == ["board tidy from sender"])
    }

    @Test func theCanvasDoesNotSeeTouchesOnTheMenu() throws {
        let recorder = RecordingView("recorder", frame: rect(0, 0, 400, 300))
        canvas.addSubview(recorder)
        canvas.becomeFirstResponder()
        menu.showMenu()
        let item = try #require(menu.layout?.items.first)
        tap(item.frame.center)
        #expect(recorder.calls.isEmpty)
    }

    @Test func tappingElsewhereHidesTheMenuAndTheTouchGoesOn() {
        let recorder = RecordingView("recorder", frame: rect(0, 0, 400, 300))
        canvas.addSubview(recorder)
        canvas.becomeFirstResponder()
        menu.showMenu()
        window.send(down(1, 20, 280))
        #expect(!menu.isMenuVisible)
        #expect(recorder.phases == [.began])
        window.send(up(1))
        #expect(log.entries.isEmpty)
    }

    @Test func theItemUnderTheFingerHighlightsAndLiftingOutsideActivatesNothing() throws {
        canvas.becomeFirstResponder()
        menu.showMenu()
        let item = try #require(menu.layout?.items.first)
        window.send(down(1, item.frame.midX, item.frame.midY))
        #expect(menu.highlightedIndex == 0)
        window.send(move(1, item.frame.midX, item.frame.maxY + 30))
        #expect(menu.highlightedIndex == nil)
        window.send(up(1))
        #expect(menu.isMenuVisible)
        #expect(log.entries.isEmpty)
    }

    @Test func arrowKeysMoveTheHighlightAndEnterActivates() {
        canvas.becomeFirstResponder()
        canvas.implemented = [custom, .copy, .paste]
        #expect(menu.showMenu())
        // Items: Copy, Paste, Delete.
        #expect(menu.highlightedIndex == nil)
        #expect(window.handle(KeyPress(.right)))
        #expect(menu.highlightedIndex == 0)
        window.handle(KeyPress(.right))
        window.handle(KeyPress(.down))
        #expect(menu.highlightedIndex == 2)
        window.handle(KeyPress(.right))
        #expect(menu.highlightedIndex == 0)
        window.handle(KeyPress(.left))
        #expect(menu.highlightedIndex == 2)
        window.handle(KeyPress(.up))
        #expect(menu.highlightedIndex == 1)
        window.handle(KeyPress(.tab, modifiers: [.shift]))
        #expect(menu.highlightedIndex == 0)
        #expect(window.handle(KeyPress(.enter)))
        #expect(log.entries == ["canvas copy from sender"])
        #expect(!menu.isMenuVisible)
    }

    @Test func leftWithNothingHighlightedStartsAtTheLastItem() {
        canvas.becomeFirstResponder()
        canvas.implemented = [custom, .copy]
        menu.showMenu()
        window.handle(KeyPress(.left))
        #expect(menu.highlightedIndex == 1)
    }

    @Test func enterWithNothingHighlightedDoesNothing() {
        canvas.becomeFirstResponder()
        menu.showMenu()
        #expect(window.handle(KeyPress(.enter)))
        #expect(menu.isMenuVisible)
        #expect(log.entries.isEmpty)
    }

    @Test func escapeDismissesAndGoesOnToTheFirstResponder() {
        canvas.consumesKeys = true
        canvas.becomeFirstResponder()
        menu.showMenu()
        #expect(window.handle(KeyPress(.escape)))
        #expect(!menu.isMenuVisible)
        #expect(log.entries == ["canvas typed"])
    }

    @Test func keysTheMenuDoesNotUseGoOnToTheFirstResponder() {
        canvas.consumesKeys = true
        canvas.becomeFirstResponder()
        menu.showMenu()
        #expect(window.handle(KeyPress(.character("x"))))
        window.handle(KeyPress(.right))
        #expect(log.entries == ["canvas typed"])
        #expect(menu.isMenuVisible)
    }

    @Test func aNewFirstResponderHidesTheMenu() {
        let other = ActionView("other", log: log, implements: [.copy])
        canvas.addSubview(other)
        canvas.becomeFirstResponder()
        menu.showMenu()
        other.becomeFirstResponder()
        #expect(!menu.isMenuVisible)
    }

    @Test func resizingTheWindowHidesTheMenu() {
        canvas.becomeFirstResponder()
        menu.showMenu()
        window.frame = rect(0, 0, 300, 200)
        #expect(!menu.isMenuVisible)
    }

    @Test func theMenuStaysOnTopOfViewsAddedLater() throws {
        canvas.becomeFirstResponder()
        menu.showMenu()
        let cover = RecordingView("cover", frame: rect(0, 0, 400, 300))
        window.addSubview(cover)
        let item = try #require(menu.layout?.items.first)
        tap(item.frame.center)
        #expect(log.entries == ["canvas deleteLine from sender"])
        #expect(cover.calls.isEmpty)
    }

    @Test func highlightingDamagesTheMenu() throws {
        canvas.becomeFirstResponder()
        menu.showMenu()
        _ = window.takeDamage()
        window.handle(KeyPress(.right))
        let frame = try #require(menu.layout?.frame)
        #expect(window.takeDamage() == [frame])
        menu.hideMenu()
        #expect(window.takeDamage() == [frame])
    }

    // MARK: One menu per application (UIMenuController.shared)

    @Test func everyWindowOfAnApplicationHasItsOneMenuShownInTheKeyWindow() throws {
        let second = makeWindow(width: 300, height: 200)
        application.addWindow(second)
        #expect(window.menuController === application.menuController)
        #expect(second.menuController === application.menuController)
        let other = ActionView("other", log: log, implements: [custom])
        other.frame = second.bounds
        second.addSubview(other)
        other.becomeFirstResponder()
        canvas.becomeFirstResponder()

        second.makeKey()
        menu.setMenuVisible(true, animated: true)
        #expect(menu.isMenuVisible)
        #expect(showsTheMenu(second), "in the key window")
        #expect(!showsTheMenu(window))
        let item = try #require(menu.layout?.items.first)
        second.send(down(1, item.frame.midX, item.frame.midY), up(1))
        #expect(log.entries == ["other deleteLine from sender"], "to the key window's first responder")

        menu.setMenuVisible(true, animated: false)
        window.makeKey()
        #expect(!menu.isMenuVisible, "it does not stay behind in a window no longer key")
        #expect(!showsTheMenu(second))
        menu.setMenuVisible(true, animated: false)
        #expect(showsTheMenu(window))
        menu.setMenuVisible(false, animated: true)
        #expect(!menu.isMenuVisible && !showsTheMenu(window))
    }

    /// Whether `window` holds the menu's view (every other view of these
    /// windows is an `ActionView`).
    private func showsTheMenu(_ window: Window) -> Bool {
        window.subviews.contains { !($0 is ActionView) }
    }

    @Test func aWindowInNoApplicationHasAMenuOfItsOwn() {
        let loose = makeWindow()
        #expect(loose.menuController !== application.menuController)
        #expect(loose.menuController === loose.menuController)
    }
}
