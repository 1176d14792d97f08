/// Calls its action once per frame of its window while it runs
/// (CADisplayLink): what frame-paced animations step from.
///
/// The window runs its links when the app layer says a frame is coming
/// (`Window.runDisplayLinks(at:)`); the app asks for frames only while a
/// link is running (`Window.needsAnimationFrame`), so a window whose
/// animations are at rest costs no wake-ups. An action usually moves
/// views, which damages the window and so draws the next frame; it pauses
/// or invalidates the link when its animation is done.
public final class DisplayLink {
    /// Seconds on the window's clock of the frame being prepared.
    public private(set) var timestamp: Double = 0
    /// Seconds since the link's previous frame (0 on its first).
    public private(set) var duration: Double = 0
    /// A paused link is not called and asks for no frames.
    var isPaused = false {
        didSet { if oldValue && !isPaused { window?.displayLinkDidStart(self) } }
    }
    private let action: (DisplayLink) -> Void
    private(set) weak var window: Window?
    private var hasRun = false

    public init(_ action: @escaping (DisplayLink) -> Void) {
        self.action = action
    }

    /// Starts calling the action at `window`'s frames (from another window
    /// it was added to, if any).
    public func add(to window: Window) {
        if self.window === window { return }
        invalidate()
        self.window = window
        hasRun = false
        window.addDisplayLink(self)
    }

    /// Stops for good: the window lets go of the link.
    public func invalidate() {
        window?.removeDisplayLink(self)
        window = nil
    }

    /// Whether the link takes frames: added to a window and not paused.
    public var isRunning: Bool { window != nil && !isPaused }

    func run(at time: Double) {
        guard !isPaused else {
            hasRun = false
            return
        }
        duration = hasRun ? max(0, time - timestamp) : 0
        timestamp = time
        hasRun = true
        action(self)
    }
}

extension Window {
    /// True while some display link runs: the app layer should keep
    /// calling `runDisplayLinks(at:)` once per frame.
    public var needsAnimationFrame: Bool { displayLinks.contains { !$0.isPaused } }

    /// Runs every running display link for the frame at `time` (seconds on
    /// the window's clock), in the order they were added.
    public func runDisplayLinks(at time: Double) {
        for link in displayLinks { link.run(at: time) }
    }

    func addDisplayLink(_ link: DisplayLink) {
        displayLinks.append(link)
        displayLinkDidStart(link)
    }

    func removeDisplayLink(_ link: DisplayLink) {
        displayLinks.removeAll { $0 === link }
    }

    func displayLinkDidStart(_ link: DisplayLink) {
        if !link.isPaused { host?.windowNeedsAnimationFrame(self) }
    }
}
