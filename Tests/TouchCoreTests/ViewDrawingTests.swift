import Testing
import TestSupport
import Timing
@testable import TouchCore

/// The drawing pass (issue 16): views draw themselves in their own
/// coordinates, transformed, subviews over their parents, only where damaged.
@Suite struct ViewDrawingTests {
    /// A view that notes, in a shared log, each draw with the rect it was
    /// asked for and where its bounds' origin and far corner land on the root.
    final class Drawn: View {
        let name: String
        let log: DrawLog
        init(_ name: String, frame: Rect, log: DrawLog) {
            self.name = name
            self.log = log
            super.init(frame: frame)
        }

        override func draw(_ rect: Rect, in context: DrawingContext) {
            let recording = context as! RecordingDrawingContext
            log.entries.append(.init(name: name, rect: rect, origin: recording.toRoot(bounds.origin),
                                     farCorner: recording.toRoot(Point(x: bounds.maxX, y: bounds.maxY))))
            context.fill(bounds, with: .black)
        }
    }

    final class DrawLog {
        struct Entry {
            let name: String
            let rect: Rect
            let origin: Point
            let farCorner: Point
        }
        var entries: [Entry] = []
        var names: [String] { entries.map(\.name) }
        func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }
    }

    let log = DrawLog()
    let window = makeWindow(width: 400, height: 300)

    private func draw(_ damage: [Rect]? = nil) -> RecordingDrawingContext {
        let context = RecordingDrawingContext()
        ViewDrawingPass().draw(window, damage: damage ?? [window.bounds], in: context)
        return context
    }

    @Test func subviewsAreDrawnOverTheirParentsBackToFront() {
        let back = Drawn("back", frame: rect(0, 0, 200, 200), log: log)
        let front = Drawn("front", frame: rect(100, 100, 200, 200), log: log)
        let child = Drawn("child", frame: rect(10, 10, 50, 50), log: log)
        let hidden = Drawn("hidden", frame: rect(0, 0, 50, 50), log: log)
        window.addSubview(back)
        window.addSubview(front)
        back.addSubview(child)
        front.addSubview(hidden)
        hidden.isHidden = true
        _ = draw()
        #expect(log.names == ["back", "child", "front"])
        window.bringSubviewToFront(back)
        log.entries = []
        _ = draw()
        #expect(log.names == ["front", "back", "child"])
    }

    @Test func eachViewDrawsInItsOwnCoordinatesWithEveryTransformApplied() throws {
        let parent = Drawn("parent", frame: rect(100, 50, 200, 200), log: log)
        let picture = Drawn("picture", frame: rect(50, 50, 100, 40), log: log)
        window.addSubview(parent)
        parent.addSubview(picture)
        // The parent is scaled about its center (200, 150); the picture turned
        // a quarter about its own (100, 70 in the parent).
        parent.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        picture.transform = AffineTransform(rotationAngle: .pi / 2)
        _ = draw()
        let entry = try #require(log.entry("picture"))
        // Its bounds' origin (-50, -20 from its center) turns to (20, -50),
        // lands at (120, 20) in the parent, then scales about (100, 100):
        // (110, 60) in the parent, (210, 110) in the window.
        #expect(close(entry.origin, Point(x: 210, y: 110)))
        #expect(close(entry.farCorner, Point(x: 190, y: 160)))
        // Hit-testing agrees with the drawing: the window point where the
        // bounds' origin was drawn is that corner of the picture.
        #expect(close(picture.convert(Point(x: 210, y: 110), from: nil), .zero))
        #expect(close(picture.convert(.zero, to: nil), Point(x: 210, y: 110)))
    }

    @Test func transformedViewsAreHitWhereTheyAreDrawn() {
        let picture = View(frame: rect(150, 100, 100, 100))
        window.addSubview(picture)
        picture.transform = AffineTransform(rotationAngle: .pi / 4).scaledBy(x: 1.2, y: 1.2)
        // The center, and a point past the unrotated corner along the
        // diagonal axis (inside the turned square), are hits.
        #expect(window.hitTest(Point(x: 200, y: 150), with: nil) === picture)
        #expect(window.hitTest(Point(x: 200, y: 150 - 80), with: nil) === picture)
        // The unrotated corner of its frame lies outside the turned square.
        #expect(window.hitTest(Point(x: 152, y: 102), with: nil) === window)
        // Without the scale, 80 pt above the center is outside.
        picture.transform = AffineTransform(rotationAngle: .pi / 4)
        #expect(window.hitTest(Point(x: 200, y: 150 - 80), with: nil) === window)
    }

    @Test func onlyViewsMeetingTheDamageDrawAndEachIsToldItsPart() throws {
        let left = Drawn("left", frame: rect(0, 0, 100, 100), log: log)
        let right = Drawn("right", frame: rect(200, 0, 100, 100), log: log)
        let turned = Drawn("turned", frame: rect(200, 150, 100, 100), log: log)
        window.addSubview(left)
        window.addSubview(right)
        window.addSubview(turned)
        turned.transform = AffineTransform(rotationAngle: .pi)
        _ = draw([rect(10, 20, 30, 40), rect(280, 160, 10, 10)])
        #expect(log.names == ["left", "turned"])
        #expect(log.entry("left")?.rect == rect(10, 20, 30, 40))
        // Turned half a turn: the window's (280…290, 160…170) is its (10…20, 80…90).
        let part = try #require(log.entry("turned")?.rect)
        #expect(abs(part.minX - 10) < 1e-9 && abs(part.minY - 80) < 1e-9)
        #expect(abs(part.width - 10) < 1e-9 && abs(part.height - 10) < 1e-9)
    }

    @Test func aViewsOwnDrawingIsClippedToItsBoundsButNotItsSubviews() {
        let parent = Drawn("parent", frame: rect(0, 0, 100, 100), log: log)
        let outside = Drawn("outside", frame: rect(150, 0, 50, 50), log: log)
        window.addSubview(parent)
        parent.addSubview(outside)
        _ = draw([rect(160, 10, 5, 5)])
        #expect(log.names == ["outside"], "a subview outside its parent is drawn")
        parent.clipsToBounds = true
        log.entries = []
        _ = draw([rect(160, 10, 5, 5)])
        #expect(log.names.isEmpty, "not when the parent clips to its bounds")
    }

    @Test func backgroundsAlphaAndLayers() {
        let view = View(frame: rect(10, 10, 50, 50))
        view.backgroundColor = .blue
        view.alpha = 0.5
        window.addSubview(view)
        let context = draw()
        #expect(context.operations == [.beginLayer, .fill(rect(10, 10, 50, 50), .blue), .endLayer(alpha: 0.5)])
        view.alpha = 0
        #expect(draw().operations.isEmpty)
    }

    @Test func damageComesFromTransformedBounds() {
        let picture = View(frame: rect(100, 100, 100, 20))
        window.addSubview(picture)
        _ = window.takeDamage()
        picture.transform = AffineTransform(rotationAngle: .pi / 2)
        let damage = window.takeDamage().reduce(Rect.null) { $0.union($1) }
        // Before: the 100 × 20 strip; after: a 20 × 100 one about the same center.
        #expect(damage.contains(rect(100, 100, 100, 20)))
        #expect(damage.contains(rect(140, 60, 20, 100)))
        #expect(damage.width <= 100.001 && damage.height <= 100.001)

        // A parent that moves damages what its subviews draw outside it.
        let parent = View(frame: rect(0, 0, 50, 50))
        let outside = View(frame: rect(100, 200, 40, 40))
        window.addSubview(parent)
        parent.addSubview(outside)
        _ = window.takeDamage()
        parent.center = Point(x: 35, y: 25)
        let moved = window.takeDamage()
        #expect(moved.contains { $0.contains(rect(100, 200, 40, 40)) })
        #expect(moved.contains { $0.contains(rect(110, 200, 40, 40)) })
    }

    @Test func displayLinksRunPerFrameWhileNotPaused() {
        var calls: [(Double, Double)] = []
        let host = CountingWindowHost()
        window.host = host
        let link = DisplayLink { calls.append(($0.timestamp, $0.duration)) }
        #expect(!window.needsAnimationFrame)
        link.add(to: window)
        #expect(host.animationFrameRequests == 1 && window.needsAnimationFrame)
        window.runDisplayLinks(at: 1)
        window.runDisplayLinks(at: 1.016)
        #expect(calls.count == 2 && calls[0] == (1, 0) && abs(calls[1].1 - 0.016) < 1e-9)
        link.isPaused = true
        #expect(!window.needsAnimationFrame)
        window.runDisplayLinks(at: 2)
        #expect(calls.count == 2)
        link.isPaused = false
        #expect(host.animationFrameRequests == 2)
        window.runDisplayLinks(at: 3)
        #expect(calls.count == 3 && calls[2] == (3, 0), "a resumed link starts afresh")
        link.invalidate()
        #expect(!window.needsAnimationFrame)
    }
}
