/// Where a visible menu and its items sit, in window coordinates: what the
/// renderer draws and what touches are tested against.
///
/// Items lie in a row, like UIMenuController's bar; when the row would not
/// fit the window's width they are stacked in a column instead. The menu is
/// placed centred above the target rectangle when there is room, else below
/// it, and is then moved as needed to stay `windowMargin` inside the window.
public struct MenuLayout: Hashable, Sendable {
    public enum Axis: Hashable, Sendable {
        case horizontal
        case vertical
    }

    public struct Item: Hashable, Sendable {
        public let title: String
        public let action: Action
        public let frame: Rect
    }

    /// Space between an item's title and its edges.
    public static let itemPadding = Size(width: 12, height: 8)
    /// Gap between the target rectangle and the menu.
    public static let targetSpacing = 8.0
    /// Closest the menu comes to the window's edges.
    public static let windowMargin = 4.0

    public let frame: Rect
    public let axis: Axis
    /// The visible items, in order, with their frames.
    public let items: [Item]

    /// Lays out `items` next to `target` inside `bounds` (both in window
    /// coordinates), measuring titles with `measurer`.
    public init(items: [MenuItem], target: Rect, bounds: Rect, measurer: any TextMeasuring) {
        let padding = MenuLayout.itemPadding
        let sizes = items.map { item in
            let text = measurer.size(of: item.title)
            return Size(width: text.width + 2 * padding.width, height: text.height + 2 * padding.height)
        }
        let margin = MenuLayout.windowMargin
        let rowWidth = sizes.reduce(0) { $0 + $1.width }
        let axis: Axis = rowWidth <= bounds.width - 2 * margin ? .horizontal : .vertical

        var itemRects: [Rect] = []
        var size = Size.zero
        switch axis {
        case .horizontal:
            let height = sizes.map(\.height).max() ?? 0
            for itemSize in sizes {
                itemRects.append(Rect(x: size.width, y: 0, width: itemSize.width, height: height))
                size.width += itemSize.width
            }
            size.height = height
        case .vertical:
            let width = sizes.map(\.width).max() ?? 0
            for itemSize in sizes {
                itemRects.append(Rect(x: 0, y: size.height, width: width, height: itemSize.height))
                size.height += itemSize.height
            }
            size.width = width
        }

        let origin = MenuLayout.origin(for: size, next: target.isNull ? bounds : target, in: bounds)
        self.axis = axis
        self.frame = Rect(origin: origin, size: size)
        self.items = zip(items, itemRects).map { item, rect in
            Item(title: item.title, action: item.action, frame: rect.offsetBy(dx: origin.x, dy: origin.y))
        }
    }

    /// The index of the item containing `point` (window coordinates), if any.
    public func itemIndex(at point: Point) -> Int? {
        items.firstIndex { $0.frame.contains(point) }
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
