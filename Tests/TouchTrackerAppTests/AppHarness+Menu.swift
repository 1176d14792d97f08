import Scene
@testable import TouchCore

/// Choosing in the paged canvas menu (issue 36) as a person does: the
/// item's page is turned to with the › arrow first.
extension AppHarness {
    /// The frame (canvas coordinates) of the visible menu's item titled
    /// `title`, once its page shows: `press` (a finger tap by default)
    /// presses › at a canvas point until it does. Nil when the menu is
    /// hidden or has no such item.
    func menuItemFrame(_ title: String, pressingWith press: ((Point) throws -> Void)? = nil) throws -> Rect? {
        guard let layout = menu.layout, let index = layout.items.firstIndex(where: { $0.title == title }) else {
            return nil
        }
        let press = press ?? { [unowned self] point in try tap(point.x, point.y) }
        while menu.isMenuVisible, menu.page < layout.page(of: index),
              let next = layout.pages[menu.page].nextArrow {
            let page = menu.page
            try press(next.center.inCanvas)
            guard menu.page > page else { return nil }
        }
        return menu.page == layout.page(of: index) ? layout.items[index].frame.inCanvas : nil
    }
}
