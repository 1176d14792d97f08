@testable import Inspector
@testable import Instruments
@testable import Scene
import Testing
import TestCompositor
import TouchCore
@testable import TouchTrackerApp
import WaylandClient

/// Which modern protocols the compositor offers, as `check` (from the
/// recording `check --live` makes) and the inspector report them.
@Suite struct ProtocolsOfferedEndToEndTests {
    private func report(tablets: Bool = false, cursorShapes: Bool = false,
                        commitTiming: Bool = false) throws -> CompositorReport {
        let app = try AppHarness(tablets: tablets, record: true, cursorShapes: cursorShapes, commitTiming: commitTiming)
        app.session.quit()
        return CompositorReport(try Recording.read(path: app.recordingPath), name: "test")
    }

    @Test func checkNamesTheModernProtocolsTheCompositorOffered() throws {
        let modern = try report(tablets: true, cursorShapes: true, commitTiming: true)
        #expect(modern.subject.hasSuffix("; modern protocols offered: cursor_shape, commit_timing, tablet"))
        let old = try report()
        #expect(old.subject.hasSuffix("; none of the modern protocols offered (cursor_shape, toplevel_icon, "
                                      + "commit_timing, fifo, xdg_wm_dialog, color_manager, tablet)"))
        #expect(old.json.contains("none of the modern protocols offered"))
    }

    @Test func aRecordingKeepsEachOfferedGlobalWithItsVersion() throws {
        let header = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[],\"palmRejection\":true,"
            + "\"protocols\":{\"wp_cursor_shape_manager_v1\":2,\"zwp_tablet_manager_v2\":2,\"wp_fifo_manager_v1\":1}}\n"
        let recording = try Recording.parse(Array(header.utf8), name: "r.ttrec")
        #expect(recording.protocolsOffered?.map(\.label) == ["cursor_shape v2", "tablet v2", "fifo"])
        #expect(CompositorReport.protocolsText(recording.protocolsOffered)
                == "; modern protocols offered: cursor_shape v2, tablet v2, fifo")
        // Older recordings do not say, and the report says nothing of them.
        #expect(CompositorReport.protocolsText(nil) == "")
    }

    @Test func aMalformedProtocolsHeaderIsRefusedWithWhy() {
        for (value, why) in [("[1]", "protocols is [1], not {\"interface\":version,…}"),
                             ("{\"fifo\":0}", "protocol fifo has version 0, not a whole number from 1"),
                             ("{\"fifo\":\"2\"}", "protocol fifo has version \"2\", not a whole number from 1")] {
            let header = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[],\"palmRejection\":true,"
                + "\"protocols\":\(value)}\n"
            #expect(throws: Recording.Unreadable(description: "r.ttrec: line 1: \(why)")) {
                try Recording.parse(Array(header.utf8), name: "r.ttrec")
            }
        }
    }

    @Test func theInspectorListsTheModernProtocolsOffered() throws {
        let app = try AppHarness(tablets: true, cursorShapes: true, commitTiming: true)
        app.session.firstWindow.inspector.open()
        #expect(app.session.firstWindow.inspector.model.protocolsOffered == ["cursor", "timing", "tablet"])
        let plain = try AppHarness()
        plain.session.firstWindow.inspector.open()
        #expect(plain.session.firstWindow.inspector.model.protocolsOffered.isEmpty)
    }
}
