import WaylandClient

/// A `FrameSource` that paints with another, then shows the frame to
/// `watch`: how tests and benchmarks follow what each frame shows. Keep it
/// while it is set: a window holds its frame source weakly.
public final class WatchedFrames: FrameSource {
    private let source: any FrameSource
    private let watch: (DrawTarget) -> Void

    public init(_ source: any FrameSource, watch: @escaping (DrawTarget) -> Void) {
        self.source = source
        self.watch = watch
    }

    public func draw(into target: DrawTarget) {
        source.draw(into: target)
        watch(target)
    }
}
