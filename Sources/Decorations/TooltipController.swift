import Timing
import TouchCore

/// When the header bar's buttons say what they are (GTK's tooltips): a
/// pointer or a hovering pen that rests on a button for `delay` shows its
/// `tooltip`, until it leaves the button or presses; a finger held on a
/// button as long shows it too, and that press then does not press the
/// button (`HeaderButton`'s part). Times are the window's timers', so
/// tests move them on a fake clock.
public final class TooltipController {
    /// How long a pointer rests, or a finger holds, before the tooltip shows.
    public static let delay = 0.5

    public let view = TooltipView()
    private unowned let window: Window
    private let measurer: any TextMeasuring
    /// The button the pointer or pen rests on, and whether its tooltip
    /// may still show (a press there has put it away until the pointer leaves).
    private weak var hovered: HeaderButton?
    private var hoverMayShow = false
    private var timer: TimerHandle?
    /// The button whose tooltip shows.
    public private(set) weak var shownFor: HeaderButton?

    public init(window: Window, measurer: any TextMeasuring) {
        self.window = window
        self.measurer = measurer
    }

    /// A pointer or a hovering pen is at `point` (window coordinates), or
    /// gone from the window (nil).
    public func hover(at point: Point?) {
        let button = point.flatMap { window.hitTest($0, with: nil) as? HeaderButton }.flatMap {
            $0.tooltip == nil ? nil : $0
        }
        guard button !== hovered else { return }
        hovered = button
        hoverMayShow = true
        hide()
        guard let button else { return }
        timer = window.timers.schedule(after: Self.delay) { [weak self, weak button] in
            guard let self, let button, hovered === button, hoverMayShow else { return }
            show(for: button)
        }
    }

    /// The pointer or pen pressed: the tooltip goes, and stays away from
    /// the button it is on until it leaves it.
    public func pressed() {
        hoverMayShow = false
        hide()
    }

    /// Shows `button`'s tooltip under it.
    public func show(for button: HeaderButton) {
        guard let text = button.tooltip, button.window === window else { return }
        timer?.cancel()
        shownFor = button
        if view.superview !== window { window.addSubview(view) }
        view.show(text, under: button.convert(button.bounds, to: nil), in: window.bounds, measuredBy: measurer)
    }

    /// Hides the tooltip and forgets a pending one.
    public func hide() {
        timer?.cancel()
        timer = nil
        shownFor = nil
        guard !view.isHidden else { return }
        view.hide()
        view.removeFromSuperview()
    }
}
