@testable import Scene
import Testing

@Suite struct DrawingNameTests {
    @Test func aNameBecomesAFileNameWithTheDrawingsExtension() throws {
        #expect(try DrawingName("  Garden plan ").fileName == "Garden plan.touchtracker")
        #expect(try DrawingName("old.json").fileName == "old.json", "a drawing's own extension is kept")
        #expect(try DrawingName("v1.2").fileName == "v1.2.touchtracker")
        #expect(DrawingName.title(ofDrawingAt: "/d/Garden plan.touchtracker") == "Garden plan")
        #expect(DrawingName.title(ofDrawingAt: "/d/drawing.json") == "drawing")
    }

    @Test func namesThatCannotBeAFileAreRefusedWithAReason() {
        #expect(throws: DrawingName.Problem.empty) { try DrawingName("   ") }
        #expect(throws: DrawingName.Problem.slash) { try DrawingName("a/b") }
        #expect(throws: DrawingName.Problem.leadingDot) { try DrawingName("..") }
        #expect(throws: DrawingName.Problem.controlCharacter) { try DrawingName("a\nb") }
        #expect(throws: DrawingName.Problem.tooLong) { try DrawingName(String(repeating: "é", count: 125)) }
        #expect(DrawingName.Problem.slash.description == "A name cannot contain “/”.")
    }
}
