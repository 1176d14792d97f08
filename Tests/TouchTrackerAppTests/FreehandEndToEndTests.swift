@testable import Canvas
import Document
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The freehand tool through the whole stack: pens from the test
/// compositor's tablet, fingers, the mouse and the keyboard, the pixels the
/// session presents, the drawing file and journal it saves, and the
/// settings file that remembers the tool.
@Suite struct FreehandEndToEndTests {
    /// How many pixels of column `x` between rows `top` and `bottom` are `colour`.
    private func height(of colour: UInt32, _ app: AppHarness, x: Double, from top: Double, to bottom: Double) -> Int {
        stride(from: top, through: bottom, by: 1).filter { app.pixel(x, $0) == colour }.count
    }

    /// A pen drawing along y = 150 from x = 40 to 360, pressing harder and harder.
    private func pressureRamp(_ pen: Pen) throws {
        try pen.enter(40, 150)
        try pen.down(40, 150, pressure: 2000)
        for step in 1...32 {
            try pen.move(40 + 10 * Double(step), 150, pressure: UInt32(2000 + 2000 * step - (step == 32 ? 465 : 0)))
        }
    }

    @Test func aPressureRampGivesALineThatGrowsWider() throws {
        let app = try AppHarness(tablets: true, settings: "tool = freehand\n")
        let pen = try Pen(app)
        try pressureRamp(pen)
        let red = [60.0, 120, 200, 280, 350].map { height(of: Colour.red, app, x: $0, from: 130, to: 170) }
        #expect(red == red.sorted() && red.first! < red.last!, "wider further along, in progress: \(red)")
        #expect(red.first! <= 3 && red.last! >= 8, "\(red)")
        try pen.up()
        try pen.leave()
        let black = [60.0, 120, 200, 280, 350].map { height(of: Colour.black, app, x: $0, from: 130, to: 170) }
        #expect(black == red, "the same widths once finished: \(black)")
        let saved = try #require(try app.savedLines().first)
        let pressures = try #require(saved.freehandPoints).map(\.pressure)
        #expect(pressures.count == 33 && pressures == pressures.sorted() && pressures.last == 1)
        #expect(try app.savedLines().count == 1)
    }

    @Test func aFingerDrawsAFreehandLineAtFullWidth() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        try app.press(EvdevKey.f)
        #expect(app.canvas.tool == .freehand)
        try app.down(1, 50, 50)
        for (x, y) in [(75.0, 100.0), (100, 150), (125, 100), (150, 50)] { try app.move(1, x, y) }
        #expect(app.pixel(100, 145) == Colour.red, "the V's corner, in progress")
        try app.up(1)
        #expect(app.pixel(100, 145) == Colour.black)
        #expect(app.pixel(100, 50) == Colour.white, "not the straight line from start to end")
        #expect(height(of: Colour.black, app, x: 75, from: 90, to: 110) >= 9, "full width")
        #expect(try app.savedLines() == [Line(freehand: [(50.0, 50.0), (75, 100), (100, 150), (125, 100), (150, 50)]
            .map { FreehandPoint(x: $0.0, y: $0.1) })])
    }

    /// Right-clicks at (x, y) with the mouse and clicks the menu item `title`.
    private func choose(_ title: String, _ app: AppHarness, at x: Double = 200, _ y: Double = 250) throws {
        try app.pointerEnter(x, y)
        try app.pointerButton(273, pressed: true)
        try app.pointerButton(273, pressed: false)
        let item = try #require(try app.menuItemFrame(title),
                                "\(title) in \(app.menu.layout?.items.map(\.title) ?? [])")
        try app.pointerMotion(item.midX, item.midY)
        try app.pointerButton(272, pressed: true)
        try app.pointerButton(272, pressed: false)
        try app.wait(0.5)
    }

    private func settingsText(_ app: AppHarness) -> String? {
        AppHarness.read(app.settingsPath).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theToolIsChosenFromTheMenuAndRememberedAcrossSessions() throws {
        let first = try AppHarness()
        #expect(first.canvas.tool == .lines, "lines by default")
        try choose("Draw Freehand", first)
        #expect(first.canvas.tool == .freehand && !first.menu.isMenuVisible)
        #expect(settingsText(first)?.contains("tool = freehand\n") == true)
        try first.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 150))
        #expect(try first.savedLines().first?.isFreehand == true)

        // Another drawing in the same directory: the first run holds its own.
        let second = try AppHarness(documentName: "second.json", sharing: first.temporaryDirectory)
        #expect(second.canvas.tool == .freehand, "remembered")
        try choose("Draw Lines", second)
        #expect(second.canvas.tool == .lines)
        try second.focusKeyboard()
        try second.press(EvdevKey.f)
        #expect(settingsText(second)?.contains("tool = freehand\n") == true, "the key is remembered too")
        try second.press(EvdevKey.l)
        #expect(settingsText(second)?.contains("tool = lines\n") == true)

        let third = try AppHarness(documentName: "third.json", sharing: first.temporaryDirectory)
        #expect(third.canvas.tool == .lines)
        try third.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 150))
        #expect(try third.savedLines() == [line(50, 100, 300, 150)])
    }

    @Test func aToolKeyWhileTheCanvasMenuIsOpenClosesIt() throws {
        let app = try AppHarness()
        try app.pointerEnter(200, 250)
        try app.pointerButton(273, pressed: true)
        try app.pointerButton(273, pressed: false)
        #expect(app.menu.layout?.items.map(\.title).contains("Draw Freehand") == true)
        try app.focusKeyboard()
        try app.press(EvdevKey.f)
        #expect(app.canvas.tool == .freehand && !app.menu.isMenuVisible)
    }

    @Test func aBadToolInTheSettingsFileIsReportedAndLeftAlone() throws {
        let app = try AppHarness(settings: "tool = spray\n")
        #expect(app.canvas.tool == .lines)
        #expect(app.reports.contains { $0.contains("tool must be 'lines' or 'freehand' or 'select', not 'spray'") }, "\(app.reports)")
        #expect(settingsText(app) == "tool = spray\n")
    }

    @Test func freehandLinesAreMovedErasedUndoneAndFoundAgainNextTime() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        let moved: [Line]
        do {
            let app = try AppHarness(tablets: true, documentPath: path, sharing: temporary)
            // Two straight lines: a version 1 snapshot, then a journal record.
            try app.stroke(from: Point(x: 50, y: 250), to: Point(x: 350, y: 250))
            try app.stroke(from: Point(x: 50, y: 280), to: Point(x: 350, y: 280))
            #expect(String(decoding: AppHarness.read(path) ?? [], as: UTF8.self).contains("\"version\":1"))
            try app.focusKeyboard()
            try app.press(EvdevKey.f)
            let pen = try Pen(app)
            try pressureRamp(pen)
            try pen.up()
            try pen.leave()
            // The first freehand line of a version 1 drawing makes it version 2.
            let text = String(decoding: AppHarness.read(path) ?? [], as: UTF8.self)
            #expect(text.contains("\"version\":2") && text.contains("\"points\""), "a snapshot, not a journal record")
            try app.wait(1)  // past palm rejection's half second

            // A long press with a finger picks it up; the pan moves it.
            try app.down(1, 200, 152)
            try app.wait(0.6)
            for step in 1...5 { try app.move(1, 200, 152 - 10 * Double(step)) }
            try app.up(1)
            let lines = try app.savedLines()
            #expect(lines.count == 3 && lines[2].freehandPoints?.offset == Vector(dx: 0, dy: -50))
            #expect(app.pixel(350, 100) == Colour.black && app.pixel(350, 150) == Colour.white)
            let journal = String(decoding: AppHarness.read(DrawingJournal.path(for: path)) ?? [], as: UTF8.self)
            #expect(journal.contains("\no 2 0.0 -50.0 #"), "the move is a new offset in the journal: \(journal)")

            // The eraser end takes it whole; Ctrl+Z brings it back.
            let eraser = try Pen(app, type: 0x141, serial: 0x99)
            try eraser.stroke(from: Point(x: 300, y: 60), to: Point(x: 300, y: 130))
            #expect(try app.savedLines() == [line(50, 250, 350, 250), line(50, 280, 350, 280)])
            #expect(app.pixel(350, 100) == Colour.white)
            try app.press(EvdevKey.z, modifiers: ModifierMask.control)
            #expect(app.pixel(350, 100) == Colour.black)
            moved = try app.savedLines()
            #expect(moved == lines)
            // The session ends without quitting, as in a crash: the journal has it all.
        }
        let next = try AppHarness(documentPath: path, sharing: temporary)
        #expect(next.reports.isEmpty, "\(next.reports)")
        #expect(next.canvas.drawing.lines == moved)
        #expect(next.pixel(350, 100) == Colour.black, "where it was moved")
        // A tap selects it (ringed), Delete in its menu removes it.
        try next.tap(200, 102)
        #expect(next.showsSelectedLine(at: 350, 100))
        let item = try #require(next.menu.layout?.items.first { $0.title == "Delete" })
        try next.tap(item.frame.inCanvas.midX, item.frame.inCanvas.midY)
        #expect(try next.savedLines() == [line(50, 250, 350, 250), line(50, 280, 350, 280)])
    }

    @Test func theCanvasMenuExportsFreehandLinesAsSVG() throws {
        let app = try AppHarness(settings: "tool = freehand\n")
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 150))
        try choose("Export SVG", app)
        let report = try #require(app.reports.first { $0.hasPrefix("exported the drawing to ") })
        let path = String(report.dropFirst("exported the drawing to ".count))
        let svg = String(decoding: AppHarness.read(path) ?? [], as: UTF8.self)
        #expect(svg.contains(##"stroke="#000000" stroke-width="10""##) && svg.contains("M 50 100 L 100 110 "), "\(svg)")
    }
}
