@testable import Canvas
@testable import Document
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// One far touch never costs the drawing: a finger the compositor reports
/// at x = 2,000,000 (any surface-local position may come during a drag)
/// draws to the edge of the plane, and the drawing opens whole next time.
@Suite struct DrawingLimitsEndToEndTests {
    @Test func aTouchDraggedPastTheLimitSavesALineThatOpensAgain() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        try app.down(1, 100, 200)
        try app.move(1, 150, 200)
        try app.move(1, 2_000_000, 200)
        try app.up(1)
        let saved = try app.savedLines()
        #expect(saved == [line(50, 100, 300, 100), line(100, 200, Drawing.coordinateLimit, 200)])
        // Read as the next start reads it: nothing left out.
        let contents = try Document.read(from: app.documentPath)
        #expect(contents.dropped.isEmpty && contents.skippedRecords.isEmpty)
        #expect(contents.lines == saved)
    }
}

/// A drawing that opens in part says so, on stderr and in the banner, and
/// draws what it could read.
@Suite struct PartialOpeningEndToEndTests {
    @Test func aLineLeftOutIsToldInTheBannerAndTheRestIsDrawn() throws {
        let text = #"{"format":"touchtracker","version":1,"lines":[[50,100,300,100],[0,0,5000000,0]]}"#
        let app = try AppHarness(fileContents: Array(text.utf8))
        #expect(app.pixel(150, 100) == Colour.black, "the readable line is drawn")
        #expect(app.reports.contains { $0.contains("line 1 has an invalid coordinate 5000000.0") })
        #expect(app.reports.contains { $0.contains("kept as they were: \(app.documentPath).backup-") })
        #expect(app.session.firstWindow.banner.text == "Part of this drawing could not be read: 1 line left out. "
                + "The originals are kept beside the drawing.")
        let corner = app.pixel(3, Double(AppHarness.height) - 3)
        #expect((corner >> 16) & 0xFF > 0xA0 && (corner >> 8) & 0xFF < 0x40, "the banner's red is painted")
    }
}
