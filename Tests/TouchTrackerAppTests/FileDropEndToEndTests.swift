import Document
@testable import Scene
import Testing
import TestCompositor
import TestSupport
@testable import TouchTrackerApp

/// Issue 37: a drawing file dragged from a file manager onto a window
/// (`wl_data_device`, `text/uri-list`) opens in a window of its own;
/// anything else is declined, and the window says why.
@Suite struct FileDropEndToEndTests {
    private static let uriList = "text/uri-list"

    /// `path` as a file manager lists it: a `file://` URI, spaces escaped.
    private static func uri(_ path: String) -> String {
        "file://" + path.replacingSpaces
    }

    @Test func aDroppedDrawingOpensInAWindowOfItsOwnAndTheDropIsFinished() throws {
        let app = try AppHarness(clipboard: true)
        let clipboard = try #require(app.clipboard)
        let other = app.directory + "/Other Drawing.touchtracker"
        try Document.save([], to: other)
        clipboard.dragAsOtherClient([(Self.uriList, Array((Self.uri(other) + "\r\n").utf8))],
                                    onto: app.surface.resource, x: 100, y: 100)
        try app.settle()
        #expect(clipboard.dragAccepted == .some(Self.uriList), "files are accepted")
        #expect(clipboard.dragActions?.preferred == 1, "as a copy")
        clipboard.dropDrag()
        try app.pump { app.compositor.toplevels.count == 2 && clipboard.dragOfferDestroyed }
        #expect(app.compositor.toplevels[1].title == "Other Drawing")
        #expect(app.session.windows.map(\.documentPath) == [app.documentPath, other])
        #expect(clipboard.dragFinished, "the source is told the drop is done")
    }

    @Test func aDragOfSomethingElseIsDeclinedAndSaidInAToast() throws {
        let app = try AppHarness(clipboard: true)
        let clipboard = try #require(app.clipboard)
        clipboard.dragAsOtherClient([("text/plain;charset=utf-8", Array("hello".utf8))],
                                    onto: app.surface.resource, x: 100, y: 100)
        try app.frame()
        #expect(clipboard.dragAccepted == .some(nil), "nothing is accepted")
        #expect(app.session.firstWindow.scene.toasts.current?.title == CanvasScene.onlyFilesTitle)
        clipboard.leaveDrag()
        try app.settle()
        #expect(app.compositor.toplevels.count == 1)
    }

    @Test func aDroppedFileThatIsNoDrawingOrNotLocalOpensNothingAndSaysWhy() throws {
        let app = try AppHarness(clipboard: true)
        let clipboard = try #require(app.clipboard)
        let notes = app.directory + "/notes.txt"
        try AppHarness.write(Array("shopping list".utf8), to: notes)
        clipboard.dragAsOtherClient([(Self.uriList, Array((Self.uri(notes) + "\r\n").utf8))],
                                    onto: app.surface.resource, x: 100, y: 100)
        try app.settle()
        clipboard.dropDrag()
        try app.pump { clipboard.dragOfferDestroyed }
        try app.frame()
        #expect(app.session.firstWindow.scene.toasts.current?.title.hasPrefix("Cannot open “notes.txt”") == true)
        #expect(AppHarness.read(notes) == Array("shopping list".utf8), "nothing lost")

        clipboard.dragAsOtherClient([(Self.uriList, Array("https://example.org/a.touchtracker\r\n".utf8))],
                                    onto: app.surface.resource, x: 100, y: 100)
        try app.settle()
        clipboard.dropDrag()
        try app.pump { clipboard.dragOfferDestroyed }
        try app.frame()
        #expect(app.session.firstWindow.scene.toasts.current?.title
                == "Cannot open “a.touchtracker”: it is not a local file")
        #expect(app.compositor.toplevels.count == 1)
    }
}

private extension String {
    var replacingSpaces: String {
        split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
    }
}
