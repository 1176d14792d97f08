import Canvas
import Document
import Platform
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Open… and Save As… through the desktop's file chooser portal (issue
/// 37): a private session bus with a fake portal (`FakeFileChooserPortal`)
/// that picks a file, cancels, keeps its dialog up, or never answers. The
/// window never waits for it: a portal that does not answer the call
/// hands over to the in-app chooser after 10 s on the loop's clock, and
/// Escape closes a dialog that is up and opens the in-app one.
@Suite(.serialized) struct PortalFileChooserEndToEndTests {
    static let control: UInt32 = 4
    static let shift: UInt32 = 1

    /// A session on a drawing with one line whose environment names `bus`.
    static func session(on bus: PrivateBus) throws -> AppHarness {
        let directory = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        return try AppHarness(lines: [line(50, 100, 300, 100)],
                              environment: ["HOME": directory.path, "XDG_STATE_HOME": directory.path + "/state",
                                            "XDG_RUNTIME_DIR": directory.path + "/runtime",
                                            "DBUS_SESSION_BUS_ADDRESS": bus.address],
                              sharing: directory)
    }

    /// Runs the window's loop, sleeping in its `poll` (the portal answers
    /// from another thread), until `condition` holds or 10 s have passed.
    static func run(_ app: AppHarness, until condition: () -> Bool) throws {
        let deadline = Time.monotonicSeconds() + 10
        while !condition() && Time.monotonicSeconds() < deadline {
            app.compositor.dispatch()
            try app.session.loop.runOnce(timeout: 0.05)
        }
        #expect(condition())
    }

    @Test func aFileChosenInTheDesktopsChooserOpensAndSaveAsOffersTheName() throws {
        let bus = try PrivateBus()
        let directory = try TemporaryDirectory(prefix: "touchtracker-portal")
        let garden = directory.path + "/Garden & Co.touchtracker"
        try Document.save([line(10, 10, 100, 10), line(10, 40, 100, 40)], to: garden)
        let portal = try FakeFileChooserPortal(address: bus.address, behaviour: .choose(uri: FileURI.uri(of: garden)))
        let app = try Self.session(on: bus)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        // The window has a line: the drawing chosen opens in a window of its own.
        try Self.run(app) {
            app.session.windows.last?.documentPath == garden && app.compositor.toplevels.last?.title == "Garden & Co"
        }
        #expect(portal.calls.first?.member == "OpenFile" && portal.calls.first?.title == "Open Drawing")
        #expect(portal.calls.first?.handleToken.hasPrefix("touchtracker") == true)
        #expect(app.session.windows.count == 2 && app.session.windows.last?.canvas.drawing.count == 2)
        #expect(app.canvas.drawing.count == 1, "the first window keeps its drawing")
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true, "no in-app chooser on top")

        // Save As in the first window: the portal is offered its name; its
        // answer is Garden, which the other window holds.
        try app.press(EvdevKey.s, modifiers: Self.control | Self.shift)
        try Self.run(app) { portal.calls.count == 2 && app.session.firstWindow.scene.toasts.current != nil }
        let title = DrawingName.title(ofDrawingAt: app.documentPath)
        #expect(portal.calls.last?.member == "SaveFile" && portal.calls.last?.currentName?.hasPrefix(title) == true)
        #expect(app.session.firstWindow.scene.toasts.current?.title.contains("open in another TouchTracker window") == true)
        #expect(app.session.firstWindow.documentPath == app.documentPath, "the window keeps its drawing")
    }

    @Test func cancellingTheDesktopsChooserChangesNothing() throws {
        let bus = try PrivateBus()
        let portal = try FakeFileChooserPortal(address: bus.address, behaviour: .cancel)
        let app = try Self.session(on: bus)
        let chooser = try #require(app.session.firstWindow.scene.chrome.drawingFiles?.chooser as? PortalFileChooser)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        try Self.run(app) { portal.calls.count == 1 && !chooser.isWaiting }
        #expect(app.session.firstWindow.documentPath == app.documentPath)
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true, "a cancelled choice opens nothing else")
    }

    @Test func escapeClosesTheDesktopsDialogAndOpensOurs() throws {
        let bus = try PrivateBus()
        let portal = try FakeFileChooserPortal(address: bus.address, behaviour: .stayOpen)
        let app = try Self.session(on: bus)
        let chooser = try #require(app.session.firstWindow.scene.chrome.drawingFiles?.chooser as? PortalFileChooser)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        try Self.run(app) { chooser.isDialogUp }
        try app.wait(30)
        #expect(chooser.isWaiting, "once the portal answered, a person may take their time")
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true)
        try app.press(EvdevKey.escape)
        #expect(!chooser.isWaiting)
        #expect((app.session.firstWindow.scene.chrome.dialog?.contentView as? DrawingChooserContent)?.mode == .open)
        try Self.run(app) { portal.closed.count == 1 }
        #expect(portal.closed.first?.hasSuffix("/" + portal.calls[0].handleToken) == true)
    }

    @Test func aPortalThatNeverAnswersGivesWayToTheInAppChooser() throws {
        let bus = try PrivateBus()
        let portal = try FakeFileChooserPortal(address: bus.address, behaviour: .neverAnswer)
        let app = try Self.session(on: bus)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        try Self.run(app) { portal.calls.count == 1 }
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true)
        try app.wait(PortalFileChooser.acknowledgementTimeout)
        #expect((app.session.firstWindow.scene.chrome.dialog?.contentView as? DrawingChooserContent)?.mode == .open)
        #expect(app.reports.contains { $0.contains("did not answer") })
    }
}
