import Canvas
import CCairo
@testable import Inspector
@testable import InspectorModel
@testable import Render
import RenderTestSupport
import Testing
import TestSupport
import Presentation
import TouchCore

/// A frame into the model and its charts, as the inspector gives it.
private func receive(_ frame: TouchFrame, into model: inout InspectorModel) {
    _ = model.receive(frame, at: frame.timestamp)
    model.charts.receive(frame)
}

/// `InspectorPainter`: the overlay over a rendered drawing, read back from
/// its pixels: rings at the contacts, text in their labels and the panel,
/// and the drawing whole again once the overlay's areas are redrawn
/// without it.
@Suite struct InspectorPainterTests {
    /// Wide enough for the charts beside the text panel.
    static let size = (width: 640.0, height: 360.0)
    let drawing = Drawing(lines: [line(20, 330, 460, 330), line(400, 20, 400, 340)])
    let canvasFrame = Rect(x: 0, y: 0, width: size.width, height: size.height)

    /// A model with a finger and the mouse down, after a few frames and a commit.
    private func model() -> InspectorModel {
        var timeline = RecognizerTimeline(rows: [.init(recognizer: "tap", state: .possible),
                                                 .init(recognizer: "longPress", state: .possible)])
        timeline.record(.state(recognizer: "tap", from: .possible, to: .failed), at: 1.0)
        var model = InspectorModel(timeline: timeline)
        receive(TouchFrame(changes: [down(1, 330, 200, at: 1)], timestamp: 1), into: &model)
        receive(TouchFrame(changes: [down(0, 120, 300, at: 1.02, on: mouse)], timestamp: 1.02), into: &model)
        receive(TouchFrame(changes: [move(1, 340, 200, at: 1.03)], timestamp: 1.03), into: &model)
        model.committed(at: 1.036)
        model.histograms = model.currentHistograms
        return model
    }

    private func rendered(scale: Double) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Int(Self.size.width * scale), height: Int(Self.size.height * scale),
                                     scale: scale)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        return image
    }

    private var everything: [Rect] { [canvasFrame] }

    private func isRingBlue(_ pixel: Pixel) -> Bool {
        pixel.blue > 0xC0 && pixel.red < 0x60 && pixel.green > 0x50 && pixel.green < 0xA0
    }

    /// Pixels of light text within `rect` (logical points).
    private func textPixels(_ buffer: PixelBuffer, in rect: Rect) -> Int {
        let s = buffer.scale
        var count = 0
        for y in max(0, Int(rect.minY * s))..<min(buffer.height, Int(rect.maxY * s)) {
            for x in max(0, Int(rect.minX * s))..<min(buffer.width, Int(rect.maxX * s)) {
                let pixel = buffer.at(x, y)
                if pixel.red > 0x90 && pixel.green > 0x90 && pixel.blue > 0x90 { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [1.0, 2.0])
    func ringsAtTheContactsTextInTheLabelsAndThePanel(scale: Double) throws {
        let image = rendered(scale: scale)
        let model = model()
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvasFrame, into: image.buffer, damage: everything)
        let buffer = image.buffer
        let s = scale
        let r = InspectorLayout.ringRadius
        let labels = InspectorLayout.labelFrames(at: model.contacts.map(\.location), in: canvasFrame)
        for (contact, label) in zip(model.contacts, labels) {
            let c = contact.location
            #expect(isRingBlue(buffer.at(Int((c.x + r) * s), Int(c.y * s))), "the ring's right edge at \(c)")
            #expect(isRingBlue(buffer.at(Int(c.x * s), Int((c.y - r) * s))), "its top")
            // Inside the ring is what lies under it: the paper, or the
            // charts' panel, which shows while the inspector is open.
            let charts = try #require(InspectorPainter.arrangement(model, canvasFrame: canvasFrame).charts).panel
            let inside = buffer.at(Int(c.x * s), Int(c.y * s))
            if charts.contains(c) {
                #expect(!isRingBlue(inside) && inside != .white, "the charts' panel inside the ring is left alone")
            } else {
                #expect(inside == .white, "the paper inside the ring is left alone")
            }
            #expect(textPixels(buffer, in: label) > Int(30 * s * s), "the label at \(c) has text")
        }
        let layout = InspectorPainter.arrangement(model, canvasFrame: canvasFrame).text
        #expect(textPixels(buffer, in: layout.latency) > Int(60 * s * s), "the latency lines")
        let firstFrames = Rect(x: layout.frames.minX, y: layout.frames.minY, width: layout.frames.width,
                               height: 3 * PanelStyle.lineHeight)
        #expect(textPixels(buffer, in: firstFrames) > Int(90 * s * s), "three frames, three lines")
        #expect(textPixels(buffer, in: try #require(layout.timelineRow(0))) > Int(30 * s * s), "the recognizers")
        let panelCorner = buffer.at(Int((layout.panel.minX + 2) * s), Int((layout.panel.maxY - 2) * s))
        #expect(panelCorner.red < 0x40 && panelCorner.alpha == 0xFF, "a dark panel, opaque over the paper")
    }

    @Test(arguments: [1.0, 2.0])
    func theDrawingIsUnchangedAwayFromTheOverlayAndWholeOnceItCloses(scale: Double) throws {
        let reference = rendered(scale: scale)
        let image = rendered(scale: scale)
        let model = model()
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvasFrame, into: image.buffer, damage: everything)
        let layout = InspectorPainter.arrangement(model, canvasFrame: canvasFrame).text
        let charts = try #require(InspectorPainter.arrangement(model, canvasFrame: canvasFrame).charts, "the charts show")
        let covered = [layout.panel, charts.panel]
            + InspectorLayout.contactBounds(at: model.contacts.map(\.location), in: canvasFrame)
        let s = scale
        var changedOutside = 0
        for y in 0..<image.buffer.height {
            for x in 0..<image.buffer.width where image.buffer.pixel(x: x, y: y) != reference.buffer.pixel(x: x, y: y) {
                let point = Point(x: (Double(x) + 0.5) / s, y: (Double(y) + 0.5) / s)
                if !covered.contains(where: { $0.contains(point) }) { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0, "the overlay paints only inside its panels, rings and labels")
        #expect(!charts.panel.contains(Point(x: 400, y: 40)))
        #expect(image.buffer.at(Int(400 * s), Int(40 * s)) == .black, "the line beside the panels is untouched")

        // Closing: the same areas are drawn again, without the overlay.
        CanvasRenderer().render(drawing, into: image.buffer, damage: covered)
        #expect(image.buffer.samePixels(as: reference.buffer), "nothing of the drawing changed under the overlay")
    }

    @Test func onlyTheDamageIsPainted() {
        let reference = rendered(scale: 1)
        let image = rendered(scale: 1)
        let model = model()
        let finger = model.contacts[0]
        let bounds = InspectorLayout.contactBounds(at: model.contacts.map(\.location), in: canvasFrame)[0]
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvasFrame, into: image.buffer, damage: [bounds])
        let layout = InspectorPainter.arrangement(model, canvasFrame: canvasFrame).text
        #expect(image.buffer.at(Int(layout.panel.midX), Int(layout.panel.midY)) == .white, "the panel is not damaged")
        #expect(isRingBlue(image.buffer.at(Int(finger.location.x + InspectorLayout.ringRadius), Int(finger.location.y))))
        let mouse = model.contacts[1].location
        #expect(image.buffer.at(Int(mouse.x + InspectorLayout.ringRadius), Int(mouse.y))
                == reference.buffer.at(Int(mouse.x + InspectorLayout.ringRadius), Int(mouse.y)),
                "the other contact's ring is not damaged")
    }

    @Test func whatTheLinesSay() throws {
        let model = model()
        #expect(InspectorPainter.contactText(model.contacts[0], now: 1.25)
                == ["seat0 #1 finger", "move 0.2s 4Hz f3"])
        #expect(InspectorPainter.contactText(model.contacts[1], now: 1.25) == ["seat0 #0 mouse", "down 0.2s 2Hz f2"])
        #expect(model.frames.map(InspectorPainter.frameText)
                == ["f1 seat0 finger: 1 down", "f2 seat0 mouse: 0 down", "f3 seat0 finger: 1 move"])
        #expect(InspectorPainter.latencyText(model.latency) == "last 6ms median 6ms max 6ms of 1")
        #expect(InspectorPainter.latencyText(LatencyReadout()) == "no input yet")
        #expect(InspectorPainter.recognizersHeading(shown: 9, of: 9) == "recognizers")
        #expect(InspectorPainter.recognizersHeading(shown: 4, of: 9) == "recognizers: 4 of 9 fit the window")
        var unrelated = LatencyReadout()
        unrelated.received(eventTime: 100)
        unrelated.committed(at: 3000)
        #expect(InspectorPainter.latencyText(unrelated) == "event times not on our clock (2900s apart)")
        var opened = InspectorModel()
        _ = opened.receive(TouchFrame(changes: [move(2, 10, 10, at: 1)], timestamp: 1), at: 1)
        #expect(InspectorPainter.contactText(opened.contacts[0], now: 1.45)[1] == "move ≥0.4s 2Hz f1",
                "down before the overlay opened: at least this old")
        var cancelling = InspectorModel()
        _ = cancelling.receive(.cancel(at: 2), at: 2)
        #expect(cancelling.frames.map(InspectorPainter.frameText) == ["f1 cancel every touch"])
    }

    @Test func aLabelThatWouldLeaveTheCanvasGoesLeftOfItsRing() {
        let right = InspectorLayout.labelFrames(at: [Point(x: 100, y: 100)], in: canvasFrame)[0]
        #expect(right.minX > 100 + InspectorLayout.ringRadius)
        let nearTheEdge = Point(x: canvasFrame.maxX - 40, y: 100)
        let left = InspectorLayout.labelFrames(at: [nearTheEdge], in: canvasFrame)[0]
        #expect(left.maxX < nearTheEdge.x - InspectorLayout.ringRadius)
        #expect(InspectorLayout.contactBounds(at: [nearTheEdge], in: canvasFrame)[0].contains(left))
    }

    /// The layout's pieces lie inside the panel and do not overlap.
    @Test func thePanelsPartsAreStacked() {
        let layout = InspectorLayout(canvasFrame: Rect(x: 0, y: 30, width: 400, height: 300),
                                     timeline: RecognizerTimeline(rows: [.init(recognizer: "tap", state: .possible)]),
                                     bottom: 322, chartsNote: false)
        #expect(layout.panel.minY == 42, "below the title bar, at the canvas's corner")
        for part in [layout.latency, layout.frames, layout.timeline] { #expect(layout.panel.contains(part)) }
        #expect(layout.latency.maxY < layout.frames.minY)
        #expect(layout.frames.maxY < layout.timeline.minY)
        #expect(layout.panel.maxY == layout.timeline.maxY)
    }
}

/// `PanelTextCache`: lines drawn before are copied, and look the same.
@Suite struct PanelTextCacheTests {
    private func model() -> InspectorModel {
        var model = InspectorModel(timeline: RecognizerTimeline(rows: [.init(recognizer: "tap", state: .possible)]))
        receive(TouchFrame(changes: [down(1, 300, 200, at: 1)], timestamp: 1), into: &model)
        receive(TouchFrame(changes: [move(1, 310.5, 200.25, at: 1.01)], timestamp: 1.01), into: &model)
        return model
    }

    @Test(arguments: [1.0, 2.0])
    func cachedLinesLookLikeLinesLaidOutAnew(scale: Double) {
        let canvas = Rect(x: 0, y: 0, width: 480, height: 300)
        let direct = OwnedPixelBuffer(width: Int(480 * scale), height: Int(300 * scale), scale: scale)
        let cached = OwnedPixelBuffer(width: Int(480 * scale), height: Int(300 * scale), scale: scale)
        direct.fill(0xFFFF_FFFF)
        cached.fill(0xFFFF_FFFF)
        InspectorPainter.paint(model(), now: 1.1, canvasFrame: canvas, into: direct.buffer, damage: [canvas])
        let cache = PanelTextCache()
        InspectorPainter.paint(model(), now: 1.1, canvasFrame: canvas, into: cached.buffer, damage: [canvas],
                               textCache: cache)
        var different = 0, largest = 0
        for y in 0..<direct.buffer.height {
            for x in 0..<direct.buffer.width {
                let a = direct.buffer.at(x, y), b = cached.buffer.at(x, y)
                let difference = max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
                if difference > 0 { different += 1 }
                largest = max(largest, difference)
            }
        }
        #expect(largest <= 8, "the same glyphs in the same pixels (\(different) pixels differ, by \(largest) at most)")
        #expect(cache.misses > 10)
    }

    @Test func aLineSeenBeforeIsNotLaidOutAgain() {
        // Wide enough for the charts beside the text.
        let canvas = Rect(x: 0, y: 0, width: 640, height: 300)
        let image = OwnedPixelBuffer(width: 640, height: 300)
        let cache = PanelTextCache()
        var model = model()
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvas, into: image.buffer, damage: [canvas], textCache: cache)
        let first = cache.misses
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvas, into: image.buffer, damage: [canvas], textCache: cache)
        #expect(cache.misses == first, "the same frame again: every line from the cache")
        // As far and as soon as the one before: the same interval and rate.
        receive(TouchFrame(changes: [move(1, 320.5, 200.25, at: 1.02)], timestamp: 1.02), into: &model)
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvas, into: image.buffer, damage: [canvas], textCache: cache)
        #expect(cache.misses == first + 3,
                "a motion: its new frame line, the contact's changed line and its speed in the charts")
    }
}

/// The panel's input → on screen line (`InspectorPainter.presentationText`).
@Suite struct InspectorPresentationTextTests {
    private func shown(_ latency: Double) -> FramePresentation {
        FramePresentation(outcome: .presented(time: 10 + latency, refresh: 1.0 / 60, flags: [.vsync]),
                          oldestInputTime: 10_000, clock: FramePresentation.monotonicClock)
    }

    @Test func itShowsTheLastMedianP99AndTheDiscardedShareOrSaysWhyNot() {
        var statistics = PresentationStatistics()
        #expect(InspectorPainter.presentationText(statistics, offered: false) == "the compositor offers no wp_presentation")
        #expect(InspectorPainter.presentationText(statistics, offered: true) == "no frame with input presented yet")
        #expect(InspectorPainter.presentationText(statistics, offered: true, unanswered: true)
                == "the compositor answers no feedback request")
        for latency in [0.030, 0.020, 0.045] { statistics.add(shown(latency)) }
        statistics.add(FramePresentation(outcome: .discarded, oldestInputTime: 10_000, clock: 1))
        #expect(InspectorPainter.presentationText(statistics, offered: true)
                == "last 45ms median 30ms p99 45ms, 25% discarded")
        var otherClock = PresentationStatistics()
        otherClock.add(FramePresentation(outcome: .presented(time: 5, refresh: nil, flags: []), oldestInputTime: 1, clock: 0))
        #expect(InspectorPainter.presentationText(otherClock, offered: true)
                == "presentation clock 0 is not the events' clock, 0% discarded")
    }

    @Test func itsHeadingSaysHowInputFramesArePaced() {
        #expect(InspectorPainter.presentationHeading(pacedForLatch: true) == "→ on screen, last 120 frames, paced: latch")
        #expect(InspectorPainter.presentationHeading(pacedForLatch: false)
                == "→ on screen, last 120 frames, paced: frame callback")
    }

    /// Once frames tell their pacing, the heading gives the share of them
    /// paced each way: for the latch, at once (no frame outstanding, no
    /// latch predicted) and by frame callbacks (frames of old recordings
    /// tell none).
    @Test func itsHeadingGivesTheShareOfFramesPacedEachWay() {
        var statistics = PresentationStatistics()
        func frame(_ pacing: FramePresentation.Pacing?) -> FramePresentation {
            FramePresentation(outcome: .presented(time: 5, refresh: nil, flags: []), oldestInputTime: 4980, clock: 1,
                              pacing: pacing)
        }
        statistics.add(frame(nil))
        #expect(statistics.share(pacedBy: .latch) == nil)
        #expect(InspectorPainter.presentationHeading(pacedForLatch: false, statistics: statistics)
                == "→ on screen, last 120 frames, paced: frame callback")
        let pacings = Array(repeating: FramePresentation.Pacing.latch, count: 6)
            + Array(repeating: .atOnce, count: 3) + [.frameCallback]
        for pacing in pacings { statistics.add(frame(pacing)) }
        #expect(InspectorPainter.presentationHeading(pacedForLatch: true, statistics: statistics)
                == "→ on screen: 60% latch 30% at once 10% callback")
        for _ in 0..<PresentationStatistics.capacity { statistics.add(frame(.atOnce)) }
        #expect(InspectorPainter.presentationHeading(pacedForLatch: false, statistics: statistics)
                == "→ on screen: 0% latch 100% at once 0% callback")
    }

    @Test func theModernProtocolsOfferedFitOneLineOfThePanel() {
        let mutter48 = ["cursor2", "timing", "fifo", "dialog", "color", "tablet2"]
        #expect(InspectorPainter.protocolsText(mutter48) == "cursor2 timing fifo dialog color tablet2")
        #expect(InspectorPainter.protocolsText(mutter48).count <= 40)
        #expect(InspectorPainter.protocolsText([]) == "no modern protocols offered")
    }
}
