import Testing
@testable import TouchCore

/// SPEC §4: the menu sits next to its target and stays on screen.
@Suite struct MenuLayoutTests {
    let window = rect(0, 0, 400, 300)
    let measurer = FixedWidthTextMeasurer(characterWidth: 10, lineHeight: 20)
    let items = [MenuItem(title: "Delete", action: .delete), MenuItem(title: "Copy", action: .copy)]
    // With 10-point characters and 12/8 padding: "Delete" is 84 wide, "Copy"
    // 64; both are 40 tall, a fingertip, though the text needs only 36.
    let menuSize = Size(width: 148, height: 40)
    let margin = MenuLayout.windowMargin
    let spacing = MenuLayout.targetSpacing

    private func layout(target: Rect, bounds: Rect? = nil, items: [MenuItem]? = nil) -> MenuLayout {
        MenuLayout(items: items ?? self.items, target: target, bounds: bounds ?? window, measurer: measurer)
    }

    @Test func itemsLieInARowSizedByTheirTitles() {
        let menu = layout(target: rect(200, 200, 0, 0))
        #expect(menu.pages.count == 1)
        #expect(menu.pages[0].previousArrow == nil && menu.pages[0].nextArrow == nil)
        #expect(menu.frame.size == menuSize)
        #expect(menu.items.map(\.title) == ["Delete", "Copy"])
        #expect(menu.items[0].frame == Rect(origin: menu.frame.origin, size: Size(width: 84, height: 40)))
        #expect(menu.items[1].frame == rect(menu.frame.minX + 84, menu.frame.minY, 64, 40))
    }

    @Test func theMenuIsCentredAboveTheTargetWhenThereIsRoom() {
        let menu = layout(target: rect(180, 150, 40, 20))
        #expect(menu.frame.midX == 200)
        #expect(menu.frame.maxY == 150 - spacing)
    }

    @Test func theMenuGoesBelowTheTargetWhenThereIsNoRoomAbove() {
        let menu = layout(target: rect(180, 20, 40, 20))
        #expect(menu.frame.minY == 40 + spacing)
        #expect(menu.frame.midX == 200)
    }

    @Test func theMenuStaysInsideTheLeftAndRightEdges() {
        #expect(layout(target: rect(0, 200, 1, 1)).frame.minX == margin)
        #expect(layout(target: rect(399, 200, 1, 1)).frame.maxX == 400 - margin)
    }

    @Test func theMenuStaysInsideTheWindowWhenNeitherSideHasRoom() {
        let short = rect(0, 0, 400, 60)
        let menu = layout(target: rect(100, 10, 20, 40), bounds: short)
        #expect(short.insetBy(dx: margin, dy: margin).contains(menu.frame))
    }

    @Test func aTargetOffScreenStillGivesAMenuOnScreen() {
        for target in [rect(-100, -100, 10, 10), rect(900, 900, 10, 10), rect(-50, 400, 10, 10)] {
            let menu = layout(target: target)
            #expect(window.insetBy(dx: margin, dy: margin).contains(menu.frame))
        }
    }

    @Test func findsTheItemUnderAPoint() {
        let menu = layout(target: rect(200, 200, 0, 0))
        #expect(menu.itemIndex(at: menu.items[1].frame.center) == 1)
        #expect(menu.itemIndex(at: menu.items[0].frame.center) == 0)
        #expect(menu.itemIndex(at: Point(x: menu.frame.minX - 1, y: menu.frame.midY)) == nil)
    }
}
