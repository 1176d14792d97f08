import Canvas
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// A line in progress is drawn in its own colour, so a person sees the
/// colour they chose as they draw; only the default black keeps the
/// book's red while it is drawn (issue 36). Read back from the pixels the
/// app commits, for straight and freehand lines.
@Suite struct InProgressColourEndToEndTests {
    static let cases: [(PaletteColor, DrawingTool)] = PaletteColor.allCases.flatMap { colour in
        // The Select tool draws no line.
        DrawingTool.allCases.filter { $0 != .select }.map { (colour, $0) }
    }

    @Test(arguments: cases)
    func aLineInProgressIsDrawnInItsOwnColourAndBlackInTheBooksRed(colour: PaletteColor, tool: DrawingTool) throws {
        let app = try AppHarness(settings: "line-color = \(colour.rawValue)\ntool = \(tool.rawValue)\n")
        try app.down(1, 50, 100)
        for x in [100.0, 150, 200, 250] { try app.move(1, x, 100) }
        let wet = colour == .black ? Color.red : colour.color
        #expect(SessionDecorationsTests.matches(app.pixel(150, 100), wet),
                "in progress: \(String(app.pixel(150, 100), radix: 16))")
        try app.up(1)
        #expect(SessionDecorationsTests.matches(app.pixel(150, 100), colour.color), "finished: its own colour")
        #expect(try app.savedLines().map(\.style.color) == [colour])
    }
}
