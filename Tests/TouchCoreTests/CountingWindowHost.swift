import TouchCore

/// A window's host that counts what the window asks of it.
final class CountingWindowHost: WindowHost {
    private(set) var displayRequests = 0
    private(set) var animationFrameRequests = 0

    func windowNeedsDisplay(_ window: Window) { displayRequests += 1 }
    func windowNeedsAnimationFrame(_ window: Window) { animationFrameRequests += 1 }
}
