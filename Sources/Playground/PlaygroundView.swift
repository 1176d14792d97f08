import Timing
import TouchCore

/// The gesture playground: the book's gesture demos on our UIKit core, one
/// page per demo (`PicturesPage`, `MultiTapPage`, `PinchZoomPage`,
/// `EventInfoPage`, `RecognizerLabPage`), a bar of tabs along the top to
/// change page, and a side panel following each recognizer of the page
/// live. The way back to the drawing is the app's header bar's (and
/// Escape).
///
/// It knows nothing of sound or of the app: it asks for sounds through
/// `onSound` (and shows their visual cues itself), for the way back
/// through `onExit` (Escape), and is fed the window's trace
/// (`record(_:at:)`) for the panel.
public final class PlaygroundView: View {
    public let pages: [PlaygroundPage]
    public let pictures = PicturesPage()
    let multiTap = MultiTapPage()
    let pinchZoom = PinchZoomPage()
    let eventInfo = EventInfoPage()
    let recognizerLab = RecognizerLabPage()
    /// Each recognizer of the page, live.
    public let panel = RecognizerPanelView()
    /// One tab per page.
    private(set) var pageButtons: [PlaygroundButton] = []
    private(set) var currentPageIndex = 0

    /// Asked for a sound (each also shows its cue on the page).
    public var onSound: ((PlaygroundSound) -> Void)?
    /// The user asked to go back to the drawing.
    public var onExit: (() -> Void)?

    /// The bar's height, points: its tabs are finger-sized.
    public static let barHeight = 40.0
    static let barColor = Color(red: 0.15, green: 0.16, blue: 0.19)

    public override init(frame: Rect) {
        pages = [pictures, multiTap, pinchZoom, eventInfo, recognizerLab]
        super.init(frame: frame)
        backgroundColor = Self.barColor
        addSubview(panel)
        for (index, page) in pages.enumerated() {
            let button = PlaygroundButton(title: page.title)
            button.onTap = { [unowned self] in showPage(index) }
            pageButtons.append(button)
            addSubview(button)
            page.onSound = { [unowned self] in onSound?($0) }
            page.onRecord = { [unowned self] in record($0, at: window?.timers.clock.now ?? 0) }
            page.onRecognizersChanged = { [unowned self] in
                if index == currentPageIndex { panel.show(currentPage.recognizers, ownRows: currentPage.ownRows) }
            }
        }
        showPage(0)
        layoutSubviews()
    }

    public convenience init() { self.init(frame: .zero) }

    var currentPage: PlaygroundPage { pages[currentPageIndex] }

    /// Shows page `index` in place of the current one.
    public func showPage(_ index: Int) {
        precondition(pages.indices.contains(index), "no such page")
        let old = currentPage
        if old.superview === self {
            if index == currentPageIndex { return }
            old.willDisappear()
            old.removeFromSuperview()
        }
        currentPageIndex = index
        let page = currentPage
        insertSubview(page, at: 0)
        for (buttonIndex, button) in pageButtons.enumerated() { button.isSelected = buttonIndex == index }
        panel.show(page.recognizers, ownRows: page.ownRows)
        layOutPage()
        page.didAppear()
    }

    /// Where the page goes (this view's coordinates): below the bar, left
    /// of the panel.
    var pageFrame: Rect {
        let below = max(0, bounds.height - Self.barHeight)
        return Rect(x: bounds.minX, y: bounds.minY + Self.barHeight, width: max(0, bounds.width - panelWidth),
                    height: below)
    }

    /// The side panel's width: a third of the playground, 150 to 280 points.
    public var panelWidth: Double { min(max(bounds.width * 0.32, 150), 280, bounds.width / 2) }

    /// Takes in the window's trace (`Window.tracer`) for the side panel
    /// (state changes of the page's recognizers, received at `time`) and
    /// for the page itself.
    public func record(_ record: TraceRecord, at time: Double) {
        panel.record(record, at: time)
        currentPage.observe(record)
    }

    public override func layoutSubviews() {
        // In a window too narrow for every button, each gives up the same share.
        let gaps = 2 * Double(pageButtons.count - 1)
        let wanted = pageButtons.reduce(0) { $0 + $1.preferredWidth }
        let shrink = min(1, max(0, bounds.width - 8 - gaps) / wanted)
        var x = bounds.minX + 4
        for button in pageButtons {
            let width = button.preferredWidth * shrink
            button.frame = Rect(x: x, y: bounds.minY, width: width, height: Self.barHeight)
            x += width + 2
        }
        layOutPage()
    }

    private func layOutPage() {
        let frame = pageFrame
        if currentPage.frame != frame { currentPage.frame = frame }
        let panelFrame = Rect(x: frame.maxX, y: frame.minY, width: bounds.maxX - frame.maxX, height: frame.height)
        if panel.frame != panelFrame { panel.frame = panelFrame }
    }

    /// Leaving the playground: the page stops what it was doing.
    public func willHide() {
        currentPage.willDisappear()
    }

    // MARK: Keys

    public override var canBecomeFirstResponder: Bool { true }

    /// Escape goes back to the drawing; ← and → turn the page.
    public override func keyPressed(_ press: KeyPress) -> Bool {
        switch press.key {
        case .escape:
            onExit?()
            return true
        case .left:
            showPage((currentPageIndex + pages.count - 1) % pages.count)
            return true
        case .right:
            showPage((currentPageIndex + 1) % pages.count)
            return true
        default:
            return super.keyPressed(press)
        }
    }
}
