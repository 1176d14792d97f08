@testable import Scene
import Testing
import TestSupport
@testable import TouchCore
@testable import TouchTrackerApp

/// Issue 36, through the whole stack at a phone's width: the canvas menu
/// is one row of finger-sized items that pages with ‹ ›, and opened near
/// the top it sits below the bar, never over it.
@Suite struct PagedMenuEndToEndTests {
    /// The width of a phone held upright.
    static let width: Int32 = 360

    /// A session 360 points wide with a line (so Undo is offered), and the
    /// canvas menu opened by a right click `y` points below the bar; and
    /// the bar's pixels as they were before the menu opened.
    private func menuOpened(at y: Double) throws -> (app: AppHarness, bar: [UInt32]) {
        let app = try AppHarness()
        try app.resize(width: Self.width, height: AppHarness.height + Int32(AppHarness.canvasTop))
        try app.stroke(from: Point(x: 40, y: 250), to: Point(x: 200, y: 250))
        let bar = barPixels(app)
        try app.pointerEnter(180, y)
        try app.pointerButton(InputTranslator.rightButton, pressed: true)
        try app.pointerButton(InputTranslator.rightButton, pressed: false)
        try app.frame()
        #expect(app.menu.isMenuVisible)
        return (app, bar)
    }

    /// The presented pixels of the bar along the window's top.
    private func barPixels(_ app: AppHarness) -> [UInt32] {
        let rows = Int(AppHarness.canvasTop) * Int(app.scale), width = Int(app.presented.bufferWidth)
        return Array((app.presented.pixels ?? []).prefix(rows * width))
    }

    /// The light pixels (a title's, a chevron's) inside `rect` of the window.
    private func lightPixels(in rect: Rect, _ app: AppHarness) -> [UInt32] {
        var pixels: [UInt32] = []
        for y in Int(rect.minY) + 2..<Int(rect.maxY) - 2 {
            for x in Int(rect.minX) + 2..<Int(rect.maxX) - 2 {
                let pixel = app.presented.pixel(x: x, y: y) ?? 0
                pixels.append(pixel)
            }
        }
        return pixels.filter { ($0 >> 16) & 0xFF > 0xA0 }
    }

    @Test func manyItemsPageInOneRowAndTheArrowsTurnThePagesByTap() throws {
        let app = try menuOpened(at: 150).app
        let layout = try #require(app.menu.layout)
        #expect(layout.pages.count > 1, "\(layout.items.map(\.title)) fit no row 360 points wide")
        #expect(layout.frame.width <= Double(Self.width) - 2 * MenuLayout.windowMargin)
        #expect(layout.items.allSatisfy { $0.frame.height >= 40 }, "finger-sized items")
        let next = try #require(layout.pages[0].nextArrow)
        #expect(next.width >= 40 && next.height >= 40)
        // The bubble is painted, the › on it in light strokes.
        #expect(Colour.isMenuBubble(app.presented.pixel(x: Int(next.minX) + 3, y: Int(next.minY) + 3) ?? 0))
        #expect(lightPixels(in: next, app).count > 8, "the › is drawn")
        let firstItem = layout.items[layout.pages[0].items.lowerBound].frame
        let firstPage = lightPixels(in: firstItem, app)

        try app.tap(next.center.inCanvas.x, next.center.inCanvas.y)
        #expect(app.menu.isMenuVisible, "an arrow keeps the menu open")
        #expect(app.menu.page == 1)
        let previous = try #require(layout.pages[1].previousArrow)
        #expect(lightPixels(in: previous, app).count > 8, "the ‹ is drawn where the first item was")
        #expect(lightPixels(in: firstItem, app) != firstPage, "the page shows other items")

        try app.tap(previous.center.inCanvas.x, previous.center.inCanvas.y)
        #expect(app.menu.page == 0)
        #expect(lightPixels(in: firstItem, app) == firstPage, "the first page again")
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "turning pages drew nothing")
    }

    @Test(arguments: [2.0, 20, 60])
    func openedNearTheTopTheMenuSitsBelowTheBarNeverOverIt(y: Double) throws {
        let (app, barBefore) = try menuOpened(at: y)
        let layout = try #require(app.menu.layout)
        let bar = AppHarness.canvasTop
        #expect(layout.frame.minY >= bar, "\(layout.frame) below the bar")
        // Too near the bar for room above the press, it goes below it.
        #expect(y >= 20 || layout.frame.minY >= y + bar, "below the press")
        #expect(!layout.frame.contains(Point(x: 180, y: y + bar)), "the press is not covered")
        #expect(barPixels(app) == barBefore, "the bar is painted as before, nothing of the menu on it")
        // The bar's buttons still take presses: the main menu opens.
        let menuButton = app.session.firstWindow.scene.chrome.menuButton
        try HeaderControlsAfterOverlaysEndToEndTests.tap(menuButton, in: app)
        #expect(app.session.firstWindow.scene.chrome.mainMenu != nil)
    }
}
