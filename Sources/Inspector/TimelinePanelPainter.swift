import InspectorModel
import Render
import TouchCore

/// Paints a panel of recognizer timelines (the playground's) with the
/// inspector's `RecognizerTimelinePainter`, on the panel's background. The
/// wiring says which views are such panels, and gives their timeline.
public final class TimelinePanelPainter: ContentPainter {
    private let timeline: (View) -> RecognizerTimeline?

    /// `timeline`: the timeline a view shows, nil for views that are not
    /// panels.
    public init(timeline: @escaping (View) -> RecognizerTimeline?) {
        self.timeline = timeline
    }

    public func paint(_ view: View, _ rect: Rect, in frame: RenderFrame) -> Bool {
        guard let timeline = timeline(view) else { return false }
        let cairo = frame.context.cairo
        PanelStyle.fill(view.bounds, on: cairo)
        // No text cache: its masks go on whole device pixels of an
        // unmoved user space, and the panel's is its own.
        PanelStyle.withWriter(on: cairo, scale: frame.buffer.scale, cache: nil) {
            RecognizerTimelinePainter.draw(timeline, in: view.bounds, damage: [rect], with: $0)
        }
        return true
    }
}
