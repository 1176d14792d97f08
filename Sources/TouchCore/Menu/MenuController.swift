/// The context menu (UIMenuController), drawn inside its window's own
/// buffer (SPEC §4). There is one per application, `MenuController.shared`
/// for the process's (UIKit's `UIMenuController.shared`), and it shows in
/// the application's key window. A window that belongs to no application
/// (a test's, a tool's) has one of its own.
///
/// The menu serves the first responder of the window it shows in:
/// `showMenu()` offers the items the first responder can perform, plus the
/// standard edit actions it implements. Tapping an item sends its action to
/// the first responder and hides the menu; tapping a ‹ or › shows the page
/// of items before or after (`MenuLayout`); a touch anywhere else hides it
/// and still goes on to what it hit. While the menu is visible it sees key
/// presses first: arrows and Tab move the highlight (turning the page when
/// it leaves one), Enter activates the highlighted item, Escape dismisses.
/// Every change damages the menu's area of the window.
public final class MenuController {
    /// Custom items, shown after the standard edit items in this order.
    public var menuItems: [MenuItem] = []
    /// Measures item titles for the layout.
    public var textMeasurer: any TextMeasuring = FixedWidthTextMeasurer()
    /// Frames of the visible menu and its items, or nil while hidden.
    public private(set) var layout: MenuLayout?
    /// The item or arrow under the finger, or the item chosen with the
    /// keyboard, if any.
    private(set) var highlightedPart: MenuLayout.Part?
    /// The page of the layout that shows.
    public private(set) var page = 0

    /// The highlighted item, if the highlight is on an item.
    var highlightedIndex: Int? {
        if case .item(let index) = highlightedPart { index } else { nil }
    }

    /// Where the menu shows: its application's key window, or, for the
    /// menu of a window in no application, that window (one of the two).
    private unowned let application: Application?
    private unowned let ownWindow: Window?
    /// The window the visible menu is in; nil while hidden.
    private weak var shownWindow: Window?
    private weak var targetView: View?
    private var targetRect = Rect.null
    private(set) lazy var menuView = MenuView(controller: self)

    /// The menu of `application`, shown in its key window.
    init(application: Application) {
        self.application = application
        ownWindow = nil
    }

    /// The menu of a window that belongs to no application.
    init(window: Window) {
        application = nil
        ownWindow = window
    }

    /// The process's menu: `Application.shared`'s.
    public static var shared: MenuController { Application.shared.menuController }

    /// The window the menu shows in when asked now.
    private var hostWindow: Window? { application?.keyWindow ?? ownWindow }

    public var isMenuVisible: Bool { layout != nil }

    /// Whether the menu is visible in `window`.
    func isVisible(in window: Window) -> Bool { isMenuVisible && shownWindow === window }

    /// Shows the menu (as `showMenu()`) or hides it
    /// (UIMenuController.setMenuVisible). The menu has no animation: it
    /// appears and goes in the next frame either way.
    public func setMenuVisible(_ visible: Bool, animated: Bool) {
        if visible {
            showMenu()
        } else {
            hideMenu()
        }
    }

    /// Sets the rectangle (in `view`'s coordinates) the menu points at. It
    /// is converted when the menu is shown, so it follows the view. Without
    /// a target in the menu's window the menu is centred in the window.
    public func setTargetRect(_ rect: Rect, in view: View) {
        targetRect = rect
        targetView = view
    }

    /// Shows (or refreshes) the menu for the first responder of its
    /// window. Returns false, and leaves the menu hidden, when there is no
    /// window or first responder or none of the items validates.
    @discardableResult
    public func showMenu() -> Bool {
        guard let window = hostWindow, let responder = window.firstResponder else {
            hideMenu()
            return false
        }
        let items = validatedItems(for: responder)
        guard !items.isEmpty else {
            hideMenu()
            return false
        }
        let target: Rect
        if let targetView, targetView.window === window {
            target = targetView.convert(targetRect, to: nil)
        } else {
            target = Rect(origin: window.bounds.center, size: .zero)
        }
        let newLayout = MenuLayout(items: items, target: target, bounds: window.menuArea, measurer: textMeasurer)
        if shownWindow !== window { hideMenu() }
        layout = newLayout
        highlightedPart = nil
        page = 0
        shownWindow = window
        menuView.frame = newLayout.frame
        if menuView.superview === window {
            menuView.setNeedsDisplay()
        } else {
            window.addSubview(menuView)
        }
        return true
    }

    /// Hides the menu; harmless when it is hidden.
    public func hideMenu() {
        guard isMenuVisible else { return }
        layout = nil
        highlightedPart = nil
        page = 0
        shownWindow = nil
        menuView.removeFromSuperview()
    }

    /// The standard edit items the responder implements and can perform,
    /// then the custom items some responder along the chain from it can
    /// perform (where `activateItem` sends them).
    private func validatedItems(for responder: Responder) -> [MenuItem] {
        let customActions = Set(menuItems.map(\.action))
        let standard = Action.standardEditActions.compactMap { action -> MenuItem? in
            guard !customActions.contains(action), responder.handler(for: action) != nil,
                  responder.canPerformAction(action, withSender: self) else { return nil }
            return MenuItem.standard(for: action)
        }
        let custom = menuItems.filter { responder.target(forAction: $0.action, withSender: self) != nil }
        return standard + custom
    }

    // MARK: Interaction

    /// Highlights `part` of the page that shows (nil: nothing).
    func highlight(_ part: MenuLayout.Part?) {
        guard isMenuVisible, part != highlightedPart else { return }
        highlightedPart = part
        menuView.setNeedsDisplay()
    }

    /// Highlights item `index`, turning to its page.
    private func highlightItem(at index: Int) {
        guard let layout else { return }
        let itemPage = layout.page(of: index)
        if itemPage != page { showPage(itemPage) }
        highlight(.item(index))
    }

    /// Shows page `newPage` of the layout, with nothing highlighted.
    func showPage(_ newPage: Int) {
        guard let layout, layout.pages.indices.contains(newPage), newPage != page else { return }
        page = newPage
        highlightedPart = nil
        menuView.setNeedsDisplay()
    }

    /// What a press released on `part` does: an item is activated, an
    /// arrow turns the page (the menu stays).
    func activate(_ part: MenuLayout.Part) {
        switch part {
        case .item(let index): activateItem(at: index)
        case .previousPage: showPage(page - 1)
        case .nextPage: showPage(page + 1)
        }
    }

    /// Hides the menu, then sends the item's action to the first responder.
    func activateItem(at index: Int) {
        guard let layout, layout.items.indices.contains(index) else { return }
        let action = layout.items[index].action
        let window = shownWindow
        let responder = window?.firstResponder
        hideMenu()
        responder?.perform(action, sender: self, tracer: window?.tracer)
    }

    /// Handles a key press while the menu is visible; returns whether the
    /// menu used it.
    func handleKey(_ press: KeyPress) -> Bool {
        guard let layout else { return false }
        let count = layout.items.count
        // With nothing highlighted, the first move lands on the page that shows.
        let shown = layout.pages[page].items
        switch press.key {
        case .left, .up:
            highlightItem(at: highlightedIndex.map { ($0 + count - 1) % count } ?? shown.upperBound - 1)
        case .right, .down:
            highlightItem(at: highlightedIndex.map { ($0 + 1) % count } ?? shown.lowerBound)
        case .tab:
            let step = press.modifiers.contains(.shift) ? count - 1 : 1
            highlightItem(at: highlightedIndex.map { ($0 + step) % count }
                ?? (step == 1 ? shown.lowerBound : shown.upperBound - 1))
        case .home:
            highlightItem(at: 0)
        case .end:
            highlightItem(at: count - 1)
        case .enter:
            if let highlightedIndex { activateItem(at: highlightedIndex) }
        case .escape:
            // Escape also reaches the first responder: dismissing the menu
            // is half of "cancel", the responder may undo the rest (the
            // canvas deselects its line).
            hideMenu()
            return false
        case .character, .delete, .backspace, .other:
            return false
        }
        return true
    }
}
