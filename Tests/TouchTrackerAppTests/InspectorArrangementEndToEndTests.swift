@testable import Inspector
import Render
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The inspector at the window sizes a person may use, down to the app's
/// minimum, at scales 1, 2 and 1.5 (fractional), read from the presented
/// pixels: its text panel and its charts never overlap, paper shows
/// between them, each lies inside the canvas, a finger's charts show where
/// the charts do, and where they have no room the text panel says so.
@Suite struct InspectorArrangementEndToEndTests {
    /// Window sizes, the toolbar included.
    enum WindowSize: String, CaseIterable, CustomTestStringConvertible {
        /// `WindowSizing.defaultSize`: the window a first start opens.
        case standard
        case narrow
        case short
        /// `DocumentWindow.minimumSize`.
        case minimum

        var size: (width: Int32, height: Int32) {
            switch self {
            case .standard: (960, 640)
            case .narrow: (400, 640)
            case .short: (960, 360)
            case .minimum: (Int32(DocumentWindow.minimumSize.width), Int32(DocumentWindow.minimumSize.height))
            }
        }

        var placement: InspectorArrangement.Placement {
            switch self {
            case .standard, .short: .beside
            case .narrow: .below
            case .minimum: .hidden
            }
        }

        var testDescription: String { rawValue }
    }

    static let speedBlue: UInt32 = 0x3685E3

    /// Opens the inspector in a window of `size` at `scale`, then a finger
    /// goes down near the canvas's top-right corner and moves left 2 pt
    /// every 10 ms, 10 times, away from where the panels meet.
    private func inspector(_ size: WindowSize, scale: Double) throws -> AppHarness {
        let app = try AppHarness(outputScale: scale == 2 ? 2 : nil)
        if scale != 1 && scale != 2 { app.surface.sendPreferredScale(scale) }
        try app.resize(width: size.size.width, height: size.size.height)
        try app.frame()
        #expect(Double(app.presented.bufferWidth) == (Double(size.size.width) * scale).rounded(),
                "presented at scale \(scale)")
        try app.focusKeyboard()
        try app.press(EvdevKey.f12)
        let x = Double(size.size.width) - 30
        try app.down(1, x, 40)
        for step in 1...10 { try app.move(1, x - 2 * Double(step), 40) }
        return app
    }

    private func arrangement(_ app: AppHarness) -> InspectorArrangement {
        InspectorPainter.arrangement(app.session.firstWindow.inspector.model, canvasFrame: app.canvas.frame.inCanvas)
    }

    /// The presented pixel covering canvas point (`x`, `y`), at whatever
    /// scale the buffer has.
    private func pixel(_ x: Double, _ y: Double, _ app: AppHarness) -> UInt32 {
        let commit = app.presented
        let scale = Double(commit.bufferWidth) / Double(commit.viewportDestination?.width ?? commit.bufferWidth / commit.bufferScale)
        return commit.pixel(x: Int(x * scale), y: Int((y + AppHarness.canvasTop) * scale)) ?? 0
    }

    /// The canvas points of `rect`, one per point, at their centres.
    private func points(in rect: Rect) -> [Point] {
        var points: [Point] = []
        for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY.rounded(.down)) {
            for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX.rounded(.down)) {
                points.append(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            }
        }
        return points
    }

    private func isPanel(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return pixel >> 24 == 0xFF && r < 0x40 && g < 0x40 && b < 0x40
    }

    private func isLightText(_ pixel: UInt32) -> Bool {
        (pixel >> 16) & 0xFF > 0x90 && (pixel >> 8) & 0xFF > 0x90 && pixel & 0xFF > 0x90
    }

    private func isSpeedBlue(_ pixel: UInt32) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(Self.speedBlue >> UInt32($0) & 0xFF)) <= 40 }
    }

    /// With `TOUCHTRACKER_SCREENSHOTS=DIR`, saves the window there as `name`.png.
    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    @Test(arguments: WindowSize.allCases, [1.0, 2.0, 1.5])
    func theTextAndTheChartsNeverOverlap(size: WindowSize, scale: Double) throws {
        let app = try inspector(size, scale: scale)
        screenshot(app, "inspector-\(size.rawValue)-\(scale)")
        let arrangement = arrangement(app)
        let canvas = Rect(x: 0, y: 0, width: app.canvas.frame.width, height: app.canvas.frame.height)
        let text = arrangement.text.panel
        #expect(arrangement.placement == size.placement)
        #expect(canvas.contains(text), "the text panel \(text) inside the canvas \(canvas)")
        // Its corners are the panel's, so it is drawn where it is laid out.
        for corner in [Point(x: text.minX + 1, y: text.minY + 1), Point(x: text.maxX - 1, y: text.maxY - 1)] {
            #expect(isPanel(pixel(corner.x, corner.y, app)), "the text panel's corner \(corner)")
        }
        let contact = InspectorLayout.contactBounds(at: [try #require(app.session.firstWindow.inspector.model.contacts.first).location],
                                                    in: app.canvas.frame.inCanvas)[0]
        guard let charts = arrangement.charts else {
            // No panel but the text's, and its last line says why.
            let note = try #require(arrangement.text.chartsNote)
            #expect(points(in: note).filter { isLightText(pixel($0.x, $0.y, app)) }.count > 40, "the note is written")
            let elsewhere = points(in: canvas).filter { !text.contains($0) && !contact.contains($0) }
            #expect(elsewhere.allSatisfy { !isPanel(pixel($0.x, $0.y, app)) }, "no charts' panel anywhere")
            return
        }
        #expect(!text.intersects(charts.panel), "\(text) and \(charts.panel) apart")
        #expect(canvas.contains(charts.panel), "the charts \(charts.panel) inside the canvas")
        #expect(arrangement.text.chartsNote == nil)
        // The paper between them, across all they face each other.
        let gap = arrangement.placement == .beside
            ? Rect(x: text.maxX + 1, y: charts.panel.minY, width: charts.panel.minX - text.maxX - 2,
                   height: min(text.maxY, charts.panel.maxY) - charts.panel.minY)
            : Rect(x: text.minX, y: text.maxY + 1, width: min(text.width, charts.panel.width),
                   height: charts.panel.minY - text.maxY - 2)
        let between = points(in: gap)
        #expect(!between.isEmpty && between.allSatisfy { pixel($0.x, $0.y, app) == Colour.white },
                "paper between the panels (\(gap))")
        for corner in [Point(x: charts.panel.minX + 1, y: charts.panel.minY + 1),
                       Point(x: charts.panel.maxX - 1, y: charts.panel.maxY - 1)] {
            #expect(isPanel(pixel(corner.x, corner.y, app)), "the charts' corner \(corner)")
        }
        // The finger's block, with its speed drawn.
        let block = try #require(charts.contacts.first, "room for a finger's charts")
        #expect(points(in: block).contains { isSpeedBlue(pixel($0.x, $0.y, app)) }, "its speed is plotted")
    }

    /// Recognizers that do not fit are left out (the heading says how many
    /// show: `InspectorPainterTests`); none is cut through the middle.
    @Test func theRecognizersThatFitAndTheirCount() throws {
        let app = try inspector(.short, scale: 1)
        let text = arrangement(app).text
        let rows = app.session.firstWindow.inspector.model.timeline.rows.count
        #expect(text.shownRows < rows && text.shownRows >= InspectorArrangement.minimumRows)
        let last = try #require(text.timelineRow(text.shownRows - 1))
        #expect(last.maxY <= text.panel.maxY && text.timelineRow(text.shownRows) == nil)
        #expect(points(in: last).contains { isLightText(pixel($0.x, $0.y, app)) }, "the last row shown is written")

        // A taller window shows them all.
        try app.resize(width: 960, height: 900)
        #expect(arrangement(app).text.shownRows == rows)
    }

    /// Below the text, a device's new line in the charts takes a row from
    /// the text: both panels are repainted whole, so what is on screen is
    /// what a repaint of the whole window shows.
    @Test func aNewDeviceBelowTheTextRearrangesBothPanelsWhole() throws {
        let app = try AppHarness()
        // 8 recognizers' rows fit with one device's line, 7 with two.
        try app.resize(width: 400, height: 655)
        try app.focusKeyboard()
        try app.press(EvdevKey.f12)
        try app.down(1, 370, 40)
        try app.move(1, 360, 40)
        let before = arrangement(app)
        #expect(before.placement == .below && before.text.shownRows == 8)
        try app.pointerEnter(330, 100)
        try app.pointerButton(InputTranslator.leftButton, pressed: true)
        try app.pointerMotion(320, 100)
        let after = arrangement(app)
        #expect(app.session.firstWindow.inspector.model.charts.devices.count == 2)
        #expect(after.placement == .below && after.text.shownRows == 7)
        let shown = try #require(app.presented.pixels)
        app.session.firstWindow.window.setNeedsDisplay()
        try app.frame()
        // But for the latency lines: they show the commit before the last
        // (the last one's figure comes with the next input).
        let full = try #require(app.presented.pixels)
        let width = Int(app.presented.bufferWidth)
        let latency = after.text.latency.offsetBy(dx: 0, dy: AppHarness.canvasTop)
        let differing = full.indices.filter { full[$0] != shown[$0] }
            .map { Point(x: Double($0 % width) + 0.5, y: Double($0 / width) + 0.5) }
        #expect(differing.allSatisfy { latency.contains($0) },
                "the damage repainted all that changed: \(differing.prefix(5))")
    }

    /// Growing the window from its minimum brings the charts back, with
    /// what they gathered while hidden; shrinking it hides them again and
    /// leaves no trace of them.
    @Test func resizingMovesThePanelsAndLeavesNothingBehind() throws {
        let app = try inspector(.minimum, scale: 1)
        #expect(arrangement(app).charts == nil)
        try app.resize(width: 400, height: 640)
        let below = try #require(arrangement(app).charts)
        #expect(arrangement(app).placement == .below)
        #expect(points(in: try #require(below.contacts.first)).contains { isSpeedBlue(pixel($0.x, $0.y, app)) },
                "the finger's speed, gathered while the charts were hidden")
        try app.resize(width: 960, height: 640)
        let beside = try #require(arrangement(app).charts)
        #expect(arrangement(app).placement == .beside)
        #expect(points(in: below.panel).filter { !beside.panel.contains($0) && !arrangement(app).text.panel.contains($0) }
                    .allSatisfy { pixel($0.x, $0.y, app) == Colour.white },
                "the paper where the charts were")
    }
}
