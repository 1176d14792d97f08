/// Where a visible menu and its items sit, in window coordinates: what the
/// renderer draws and what touches are tested against.
///
/// Items lie in one row, like UIKit's edit menu. When the row would not
/// fit the width it may use, it is cut into pages, as UIKit's edit menu
/// pages: a › at a page's end shows the next page, a ‹ at its start the
/// page before. Every page fills the same frame, so the arrows stay under
/// the finger while it pages. The menu is placed centred above the target
/// rectangle when there is room, else below it, and is then moved as
/// needed to stay `windowMargin` inside the area it may use (the window
/// below its header bar: `Window.menuArea`).
public struct MenuLayout: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public let title: String
        public let action: Action
        /// Where the item sits while its page shows.
        public let frame: Rect
        /// The index of the page the item is on.
        public let page: Int
    }

    /// One page of the row: its items, and the arrows to the pages beside it.
    public struct Page: Hashable, Sendable {
        /// Indices into `items`.
        public let items: Range<Int>
        /// The ‹ at the page's start; nil on the first page.
        let previousArrow: Rect?
        /// The › at the page's end; nil on the last page.
        let nextArrow: Rect?
    }

    /// What a press on the menu can land on.
    public enum Part: Hashable, Sendable {
        case item(Int)
        case previousPage
        case nextPage
    }

    /// Space between an item's title and its edges.
    static let itemPadding = Size(width: 12, height: 8)
    /// The least height of an item: the size of a fingertip (the GNOME HIG's
    /// and UIKit's 40–44 points), whatever the font.
    static let minimumItemHeight = 40.0
    /// The width of a ‹ or › arrow, finger-sized too.
    static let arrowWidth = 40.0
    /// Gap between the target rectangle and the menu.
    static let targetSpacing = 8.0
    /// Closest the menu comes to the edges of the area it may use.
    static let windowMargin = 4.0

    public let frame: Rect
    /// Every item, in order, with its frame on its own page.
    public let items: [Item]
    /// The pages, in order; one when the row fits.
    public let pages: [Page]

    /// Lays out `items` next to `target` inside `bounds` (both in window
    /// coordinates), measuring titles with `measurer`.
    init(items: [MenuItem], target: Rect, bounds: Rect, measurer: any TextMeasuring) {
        let padding = MenuLayout.itemPadding
        let texts = items.map { measurer.size(of: $0.title) }
        let widths = texts.map { $0.width + 2 * padding.width }
        let height = max(MenuLayout.minimumItemHeight, (texts.map(\.height).max() ?? 0) + 2 * padding.height)
        let room = max(0, bounds.width - 2 * MenuLayout.windowMargin)
        let pageRanges = MenuLayout.pageRanges(of: widths, in: room)
        let width = pageRanges.enumerated().map { page, range in
            MenuLayout.arrowsWidth(page: page, of: pageRanges.count) + widths[range].reduce(0, +)
        }.max() ?? 0
        let size = Size(width: min(width, room), height: height)
        let origin = MenuLayout.origin(for: size, next: target.isNull ? bounds : target, in: bounds)
        let frame = Rect(origin: origin, size: size)

        var laidOut: [Item] = []
        var pages: [Page] = []
        for (page, range) in pageRanges.enumerated() {
            let previousArrow = page > 0 ? Rect(x: frame.minX, y: frame.minY, width: MenuLayout.arrowWidth,
                                                height: height) : nil
            let nextArrow = page < pageRanges.count - 1
                ? Rect(x: frame.maxX - MenuLayout.arrowWidth, y: frame.minY, width: MenuLayout.arrowWidth,
                       height: height) : nil
            // A page narrower than the frame spreads its spare width over
            // its items, so its › still sits at the frame's end.
            let itemsRoom = size.width - MenuLayout.arrowsWidth(page: page, of: pageRanges.count)
            let natural = widths[range].reduce(0, +)
            let spare = range.isEmpty ? 0 : (itemsRoom - natural) / Double(range.count)
            var x = previousArrow?.maxX ?? frame.minX
            for index in range {
                let itemWidth = max(0, min(widths[index] + spare, itemsRoom))
                laidOut.append(Item(title: items[index].title, action: items[index].action,
                                    frame: Rect(x: x, y: frame.minY, width: itemWidth, height: height), page: page))
                x += itemWidth
            }
            pages.append(Page(items: range, previousArrow: previousArrow, nextArrow: nextArrow))
        }
        self.frame = frame
        self.items = laidOut
        self.pages = pages
    }

    /// The index of the item containing `point` (window coordinates) on
    /// `page`, if any.
    func itemIndex(at point: Point, onPage page: Int = 0) -> Int? {
        guard pages.indices.contains(page) else { return nil }
        return pages[page].items.first { items[$0].frame.contains(point) }
    }

    /// What of `page` lies under `point` (window coordinates): an item or
    /// an arrow.
    public func part(at point: Point, onPage page: Int) -> Part? {
        guard pages.indices.contains(page) else { return nil }
        if pages[page].previousArrow?.contains(point) == true { return .previousPage }
        if pages[page].nextArrow?.contains(point) == true { return .nextPage }
        return itemIndex(at: point, onPage: page).map(Part.item)
    }

    /// The page `item` is on.
    public func page(of item: Int) -> Int { items[item].page }

    /// The width the arrows take on page `page` of `count`.
    private static func arrowsWidth(page: Int, of count: Int) -> Double {
        (page > 0 ? arrowWidth : 0) + (page < count - 1 ? arrowWidth : 0)
    }

    /// Cuts the row of items `widths` wide into pages at most `room` wide,
    /// each holding as many items as fit beside its arrows; an item wider
    /// than a page has a page of its own (its title is cut).
    private static func pageRanges(of widths: [Double], in room: Double) -> [Range<Int>] {
        guard widths.reduce(0, +) > room else { return [widths.indices] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < widths.count {
            var used = start > 0 ? arrowWidth : 0
            var end = start
            while end < widths.count {
                let needsNextArrow = end < widths.count - 1
                if end > start, used + widths[end] + (needsNextArrow ? arrowWidth : 0) > room { break }
                used += widths[end]
                end += 1
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    private static func origin(for size: Size, next target: Rect, in bounds: Rect) -> Point {
        let margin = windowMargin
        let lowestX = bounds.minX + margin, highestX = bounds.maxX - margin - size.width
        let x = max(lowestX, min(target.midX - size.width / 2, highestX))

        let lowestY = bounds.minY + margin, highestY = bounds.maxY - margin - size.height
        let above = target.minY - targetSpacing - size.height
        let below = target.maxY + targetSpacing
        let y: Double
        if above >= lowestY && above <= highestY {
            y = above
        } else {
            y = max(lowestY, min(below, highestY))
        }
        return Point(x: x, y: y)
    }
}
