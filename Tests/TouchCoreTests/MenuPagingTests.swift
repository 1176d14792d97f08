import Testing
import TestSupport
@testable import TouchCore

/// Issue 36: the menu is one row up to the window's width, then pages with
/// ‹ › as UIKit's edit menu does; it keeps below the window's header bar;
/// its items are finger-sized.
@Suite struct MenuPagingTests {
    let measurer = FixedWidthTextMeasurer(characterWidth: 8, lineHeight: 17)
    /// Twelve commands, more than a phone-wide window's row holds: whatever
    /// items others add, paging must take any number.
    let many = (1...12).map { MenuItem(title: "Command \($0)", action: Action("command\($0)")) }
    let phone = Rect(x: 0, y: 0, width: 360, height: 640)

    private func paged(_ items: [MenuItem], target: Rect = Rect(x: 180, y: 300, width: 2, height: 2)) -> MenuLayout {
        MenuLayout(items: items, target: target, bounds: phone, measurer: measurer)
    }

    /// The parts of a page left to right: ‹, the items, ›.
    private func partFrames(_ layout: MenuLayout, page: Int) -> [Rect] {
        let shown = layout.pages[page]
        return [shown.previousArrow].compactMap { $0 } + shown.items.map { layout.items[$0].frame }
            + [shown.nextArrow].compactMap { $0 }
    }

    @Test func manyItemsAt360WideArePagedInOneRowInsideTheWindow() {
        let layout = paged(many)
        #expect(layout.pages.count > 1)
        #expect(phone.insetBy(dx: MenuLayout.windowMargin, dy: MenuLayout.windowMargin).contains(layout.frame))
        // Every item is on exactly one page, in order.
        #expect(layout.pages.flatMap { Array($0.items) } == Array(many.indices))
        #expect(layout.items.map(\.title) == many.map(\.title))
        for page in layout.pages.indices {
            let frames = partFrames(layout, page: page)
            #expect(frames.allSatisfy { $0.minY == layout.frame.minY && $0.height == layout.frame.height },
                    "one row")
            #expect(frames.allSatisfy { layout.frame.contains($0) })
            for (left, right) in zip(frames, frames.dropFirst()) {
                #expect(left.maxX <= right.minX + 1e-9, "parts of page \(page) do not overlap")
            }
        }
        #expect(layout.pages.first?.previousArrow == nil && layout.pages.first?.nextArrow != nil)
        #expect(layout.pages.last?.previousArrow != nil && layout.pages.last?.nextArrow == nil)
        for middle in layout.pages.dropFirst().dropLast() {
            #expect(middle.previousArrow != nil && middle.nextArrow != nil)
        }
    }

    @Test func theArrowsStayInPlaceFromPageToPage() {
        let layout = paged(many)
        #expect(layout.pages.count > 2)
        let nexts = Set(layout.pages.compactMap(\.nextArrow))
        let previouses = Set(layout.pages.compactMap(\.previousArrow))
        #expect(nexts.count == 1 && nexts.first?.maxX == layout.frame.maxX)
        #expect(previouses.count == 1 && previouses.first?.minX == layout.frame.minX)
    }

    @Test func aRowThatFitsHasOnePageAndNoArrows() {
        let layout = paged(Array(many.prefix(2)))
        #expect(layout.pages.count == 1)
        #expect(layout.pages[0].previousArrow == nil && layout.pages[0].nextArrow == nil)
        #expect(layout.part(at: layout.items[1].frame.center, onPage: 0) == .item(1))
    }

    @Test func itemsAndArrowsAreAtLeastAFingertipTall() {
        let small = FixedWidthTextMeasurer(characterWidth: 5, lineHeight: 9)
        let layout = MenuLayout(items: many, target: Rect(x: 180, y: 300, width: 0, height: 0), bounds: phone,
                                measurer: small)
        #expect(layout.items.allSatisfy { $0.frame.height >= 40 })
        #expect(layout.pages.compactMap(\.nextArrow).allSatisfy { $0.height >= 40 && $0.width >= 40 })
    }

    @Test func aTitleWiderThanAPageHasAPageOfItsOwnCutToFit() {
        let long = MenuItem(title: String(repeating: "W", count: 60), action: Action("long"))
        let layout = paged([many[0], long, many[1]])
        #expect(layout.pages.map(\.items) == [0..<1, 1..<2, 2..<3])
        #expect(layout.frame.width <= phone.width - 2 * MenuLayout.windowMargin)
        let middle = partFrames(layout, page: 1)
        #expect(middle.allSatisfy { layout.frame.contains($0) })
    }

    @Test func partsAreFoundOnlyOnTheirOwnPage() throws {
        let layout = paged(many)
        let next = try #require(layout.pages[0].nextArrow)
        #expect(layout.part(at: next.center, onPage: 0) == .nextPage)
        let second = layout.pages[1]
        let firstOfSecond = layout.items[second.items.lowerBound].frame.center
        #expect(layout.part(at: firstOfSecond, onPage: 1) == .item(second.items.lowerBound))
        #expect(layout.part(at: firstOfSecond, onPage: 0) != .item(second.items.lowerBound))
        let previous = try #require(second.previousArrow)
        #expect(layout.part(at: previous.center, onPage: 1) == .previousPage)
    }
}

/// The paged menu in a window: taps on ‹ › turn its pages, keys follow the
/// highlight across pages, and it keeps out of the window's header bar.
@Suite struct MenuPagingInteractionTests {
    let log = Log()
    let application = Application()
    let window = makeWindow(width: 360, height: 640)
    let canvas: ActionView
    let menu: MenuController
    let actions = (1...12).map { Action("command\($0)") }

    init() {
        application.addWindow(window)
        canvas = ActionView("canvas", log: log, implements: Set(actions))
        canvas.frame = window.bounds
        window.addSubview(canvas)
        menu = window.menuController
        menu.menuItems = actions.enumerated().map { MenuItem(title: "Command \($0.offset + 1)", action: $0.element) }
        menu.setTargetRect(Rect(x: 180, y: 300, width: 2, height: 2), in: canvas)
        canvas.becomeFirstResponder()
    }

    private func tap(_ point: Point) {
        window.send(down(1, point.x, point.y))
        window.send(up(1))
    }

    @Test func tappingTheArrowsTurnsThePagesAndKeepsTheMenuOpen() throws {
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        #expect(layout.pages.count > 1)
        #expect(menu.page == 0)
        _ = window.takeDamage()
        tap(try #require(layout.pages[0].nextArrow).center)
        #expect(menu.isMenuVisible)
        #expect(menu.page == 1)
        #expect(window.takeDamage().contains { $0.contains(layout.frame) }, "the new page is drawn")
        #expect(log.entries.isEmpty, "an arrow performs nothing")
        tap(try #require(layout.pages[1].previousArrow).center)
        #expect(menu.page == 0)
        #expect(menu.isMenuVisible)
    }

    @Test func anItemOnALaterPageIsTappedWhereItShows() throws {
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        tap(try #require(layout.pages[0].nextArrow).center)
        let index = layout.pages[1].items.lowerBound
        tap(layout.items[index].frame.center)
        #expect(log.entries == ["canvas \(actions[index]) from sender"])
        #expect(!menu.isMenuVisible)
    }

    @Test func theArrowHighlightsUnderTheFingerAndSlidingOffTurnsNoPage() throws {
        #expect(menu.showMenu())
        let next = try #require(menu.layout?.pages[0].nextArrow)
        window.send(down(1, next.midX, next.midY))
        #expect(menu.highlightedPart == .nextPage)
        window.send(move(1, next.midX, next.maxY + 60))
        #expect(menu.highlightedPart == nil)
        window.send(up(1))
        #expect(menu.page == 0)
        #expect(menu.isMenuVisible)
    }

    @Test func keysMoveTheHighlightAcrossPages() throws {
        #expect(menu.showMenu())
        let layout = try #require(menu.layout)
        let lastOfFirst = layout.pages[0].items.upperBound - 1
        window.handle(KeyPress(.left))
        #expect(menu.highlightedIndex == lastOfFirst, "from nothing, the first move stays on the page shown")
        window.handle(KeyPress(.right))
        #expect(menu.highlightedIndex == lastOfFirst + 1)
        #expect(menu.page == 1)
        window.handle(KeyPress(.left))
        #expect(menu.page == 0)
        window.handle(KeyPress(.end))
        #expect(menu.page == layout.pages.count - 1)
        window.handle(KeyPress(.enter))
        #expect(log.entries == ["canvas \(actions[actions.count - 1]) from sender"])
    }

    @Test func showingAgainStartsOnTheFirstPage() throws {
        #expect(menu.showMenu())
        tap(try #require(menu.layout?.pages[0].nextArrow).center)
        #expect(menu.page == 1)
        menu.hideMenu()
        #expect(menu.showMenu())
        #expect(menu.page == 0)
    }

    @Test func theMenuNeverCoversTheHeaderBarAndGoesBelowAPressNearTheTop() throws {
        window.topChromeHeight = 46
        for y in [0.0, 10, 46, 60, 90] {
            menu.setTargetRect(Rect(x: 180, y: y, width: 2, height: 2), in: canvas)
            #expect(menu.showMenu())
            let layout = try #require(menu.layout)
            #expect(layout.frame.minY >= 46 + MenuLayout.windowMargin, "press at \(y)")
            if y >= 46 { #expect(layout.frame.minY >= y + 2, "below the press at \(y)") }
        }
    }
}
