import Canvas
import Document
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Copy, Cut and Paste (issue 37) through the whole stack: the app's real
/// `wl_data_device` against the scripted compositor's clipboard, which
/// plays another client that pastes what the app copied, or copies for
/// the app to paste. Every transfer crosses a real pipe.
@Suite struct ClipboardEndToEndTests {
    static let types = ["application/x-touchtracker-lines", "image/png", "image/svg+xml"]

    /// What another client reads of `type` from the app's selection,
    /// pumping both sides until the app closes the pipe.
    func pasteAsOtherClient(_ type: String, from app: AppHarness) throws -> [UInt8] {
        let fd = try #require(app.clipboard?.pasteAsOtherClient(type))
        defer { close(fd) }
        var bytes: [UInt8] = []
        var ended = false
        try app.pump {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 { bytes += chunk[..<count]; continue }
                ended = count == 0
                return ended
            }
        }
        #expect(ended)
        return bytes
    }

    /// Another client copies `lines` in the app's own type.
    func copyAsOtherClient(_ lines: [Line], into app: AppHarness) throws {
        app.clipboard?.copyAsOtherClient([(Self.types[0], ClipboardLines.encode(lines))])
        try app.settle()
    }

    private func toastTitle(_ app: AppHarness) -> String? {
        app.session.firstWindow.scene.toasts.current?.title
    }

    @Test func controlCWithNothingSelectedCopiesTheDrawingInThreeTypes() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100), line(60, 200, 200, 250)], clipboard: true)
        try app.focusKeyboard()
        try app.press(EvdevKey.c, modifiers: ModifierMask.control)
        let clipboard = try #require(app.clipboard)
        #expect(clipboard.clientSourceTypes == Self.types)
        #expect(clipboard.selectionSerials.count == 1 && clipboard.selectionSerials[0] != 0,
                "set_selection names the key press's serial")
        #expect(toastTitle(app) == "Copied 2 lines")

        let own = try pasteAsOtherClient(Self.types[0], from: app)
        #expect(try ClipboardLines.decode(own) == [line(50, 100, 300, 100), line(60, 200, 200, 250)])
        let png = try pasteAsOtherClient("image/png", from: app)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
        let svg = String(decoding: try pasteAsOtherClient("image/svg+xml", from: app), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("</svg>"))
        #expect(try pasteAsOtherClient("text/plain", from: app).isEmpty, "a type not offered gives nothing")
    }

    @Test func aTappedLineIsWhatCopyTakes() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100), line(100, 220, 300, 220)], clipboard: true)
        try app.focusKeyboard()
        try app.tap(200, 225)
        try app.press(EvdevKey.c, modifiers: ModifierMask.control)
        let own = try pasteAsOtherClient(Self.types[0], from: app)
        #expect(try ClipboardLines.decode(own) == [line(100, 220, 300, 220)])
    }

    @Test func controlVPlacesAnotherClientsLinesInTheMiddleSelectedInOneUndoStep() throws {
        let app = try AppHarness(lines: [line(50, 50, 100, 50)], clipboard: true)
        try app.focusKeyboard()
        try copyAsOtherClient([line(0, 0, 100, 0)], into: app)
        try app.press(EvdevKey.v, modifiers: ModifierMask.control)
        try app.pump { app.canvas.drawing.count == 2 }
        try app.frame()
        // The canvas is 400 × 300: the pasted line is centred on (200, 150).
        let pasted = line(150, 150, 250, 150)
        #expect(app.canvas.drawing.lines.last == pasted)
        #expect(app.canvas.drawing.selectedLine == pasted)
        #expect(app.showsSelectedLine(at: 200, 150))
        try app.wait(1)
        #expect(try app.savedLines() == [line(50, 50, 100, 50), pasted])

        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(try app.savedLines() == [line(50, 50, 100, 50)], "one undo step takes the paste away")
    }

    @Test func whatTheAppCopiedPastesBackThroughTheCompositorWithoutBlocking() throws {
        let app = try AppHarness(lines: [line(100, 220, 300, 220)], clipboard: true)
        try app.focusKeyboard()
        try app.press(EvdevKey.c, modifiers: ModifierMask.control)
        try app.settle()
        // The app reads its own source: both ends of the pipe are its loop's.
        try app.press(EvdevKey.v, modifiers: ModifierMask.control)
        try app.pump { app.canvas.drawing.count == 2 }
        #expect(app.canvas.drawing.lines.last == line(100, 150, 300, 150))
    }

    @Test func cutRemovesTheSelectedLineInOneUndoStepWithAToast() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100), line(100, 220, 300, 220)], clipboard: true)
        try app.focusKeyboard()
        try app.tap(200, 225)
        try app.press(EvdevKey.x, modifiers: ModifierMask.control)
        #expect(app.canvas.drawing.lines == [line(50, 100, 300, 100)])
        #expect(toastTitle(app) == "Cut 1 line")
        let own = try pasteAsOtherClient(Self.types[0], from: app)
        #expect(try ClipboardLines.decode(own) == [line(100, 220, 300, 220)])
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.canvas.drawing.lines == [line(50, 100, 300, 100), line(100, 220, 300, 220)])
    }

    @Test func theCanvasMenusPastePutsTheLinesWhereThePressWas() throws {
        let app = try AppHarness(clipboard: true)
        try app.focusKeyboard()
        try copyAsOtherClient([line(0, 0, 40, 0)], into: app)
        try app.pointerEnter(100, 200)
        try app.pointerButton(PointerAndKeyboardEndToEndTests.rightButton, pressed: true)
        try app.pointerButton(PointerAndKeyboardEndToEndTests.rightButton, pressed: false)
        let item = try #require(app.menu.layout?.items.first { $0.title == "Paste" }).frame.inCanvas
        try app.pointerMotion(item.midX, item.midY)
        try app.pointerButton(PointerAndKeyboardEndToEndTests.leftButton, pressed: true)
        try app.pointerButton(PointerAndKeyboardEndToEndTests.leftButton, pressed: false)
        try app.pump { app.canvas.drawing.count == 1 }
        #expect(app.canvas.drawing.lines == [line(80, 200, 120, 200)])
    }

    @Test func theLineMenuOffersCopyAndCutBesideDelete() throws {
        let app = try AppHarness(lines: [line(100, 220, 300, 220)], clipboard: true)
        try app.tap(200, 225)
        #expect(app.menu.layout?.items.map(\.title) == ["Delete", "Copy", "Cut"])
    }

    @Test func pastingSomethingElseSaysSoAndChangesNothing() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)], clipboard: true)
        try app.focusKeyboard()
        app.clipboard?.copyAsOtherClient([("text/plain;charset=utf-8", Array("hello".utf8))])
        try app.settle()
        try app.press(EvdevKey.v, modifiers: ModifierMask.control)
        #expect(toastTitle(app) == "Cannot paste: the clipboard holds no drawing")
        #expect(app.canvas.drawing.lines == [line(50, 100, 300, 100)])
    }

    @Test func malformedLinesOnTheClipboardSaySoAndChangeNothing() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)], clipboard: true)
        try app.focusKeyboard()
        app.clipboard?.copyAsOtherClient([(Self.types[0], Array(#"{"format":"touchtracker","lines":[[1,2"#.utf8))])
        try app.settle()
        try app.press(EvdevKey.v, modifiers: ModifierMask.control)
        try app.pump { toastTitle(app) != nil }
        #expect(toastTitle(app)?.hasPrefix("Cannot paste: the clipboard: not a readable drawing") == true,
                "\(toastTitle(app) ?? "no toast")")
        try app.wait(1)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }
}
