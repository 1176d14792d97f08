import Platform
import Testing
import TestSupport
@testable import TouchTrackerApp

@Suite struct RecentDrawingsFormatTests {
    /// A file as GTK leaves it, with another app's entry holding details
    /// this app does not write (a group, escaped text).
    static let gtkFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          <bookmark href="file:///home/ann/Notes%20%26%20Plans.txt" added="2026-11-01T09:00:00.123456Z" modified="2026-11-01T09:00:00.123456Z" visited="2026-11-01T09:00:00.123456Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:groups><bookmark:group>Tom &amp; Jerry</bookmark:group></bookmark:groups>
                <bookmark:applications>
                  <bookmark:application name="gnome-text-editor" exec="&apos;gnome-text-editor %u&apos;" modified="2026-11-01T09:00:00.123456Z" count="3"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        </xbel>

        """

    static func stamp(_ minute: Int) -> String {
        RecentDrawingsFormat.timestamp((2026, 12, 4, 20, minute, 0))
    }

    @Test func addingOursKeepsAnotherAppsEntryByteForByte() throws {
        let foreign = Self.gtkFile.firstRange(of: "  <bookmark href")!.lowerBound..<Self.gtkFile.firstRange(of: "</xbel>")!.lowerBound
        let text = try RecentDrawingsFormat.adding("/home/ann/Garden.touchtracker", at: Self.stamp(1), to: Self.gtkFile)
        #expect(text.contains(Self.gtkFile[foreign]), "the text editor's entry is as it was")
        #expect(text.hasSuffix("</xbel>\n"))
        #expect(text.contains(#"<bookmark href="file:///home/ann/Garden.touchtracker" added="2026-12-04T20:01:00.000000Z""#))
        #expect(text.contains(#"<mime:mime-type type="application/x-touchtracker"/>"#))
        #expect(text.contains(#"<bookmark:application name="touchtracker" exec="touchtracker %u" modified="2026-12-04T20:01:00.000000Z" count="1"/>"#))
        #expect(RecentDrawingsFormat.drawings(in: text) == ["/home/ann/Garden.touchtracker"],
                "only our drawings are listed, not the text file")
    }

    @Test func usingADrawingAgainMovesItFirstAndCountsTheUse() throws {
        var text = try RecentDrawingsFormat.adding("/d/One.touchtracker", at: Self.stamp(1), to: nil)
        text = try RecentDrawingsFormat.adding("/d/Two.touchtracker", at: Self.stamp(2), to: text)
        #expect(RecentDrawingsFormat.drawings(in: text) == ["/d/Two.touchtracker", "/d/One.touchtracker"])
        text = try RecentDrawingsFormat.adding("/d/One.touchtracker", at: Self.stamp(3), to: text)
        #expect(RecentDrawingsFormat.drawings(in: text) == ["/d/One.touchtracker", "/d/Two.touchtracker"])
        #expect(text.ranges(of: "href=\"file:///d/One.touchtracker\"").count == 1, "one entry a file")
        #expect(text.contains(#"added="2026-12-04T20:01:00.000000Z" modified="2026-12-04T20:03:00.000000Z""#),
                "first added then, used now")
        #expect(text.contains(#"count="2"/>"#))
    }

    @Test func aFileAnotherAppUsedGetsOurApplicationBesideIts() throws {
        let text = try RecentDrawingsFormat.adding("/home/ann/Notes & Plans.txt", at: Self.stamp(5), to: Self.gtkFile)
        #expect(text.contains(#"name="gnome-text-editor" exec="&apos;gnome-text-editor %u&apos;" modified="2026-11-01T09:00:00.123456Z" count="3"/>"#))
        #expect(text.contains(#"<bookmark:application name="touchtracker""#))
        #expect(text.contains(#"visited="2026-12-04T20:05:00.000000Z""#))
        #expect(RecentDrawingsFormat.drawings(in: text) == ["/home/ann/Notes & Plans.txt"])
    }

    @Test func keepsOnlyTheLastTenOfOursAndNeverAnotherApps() throws {
        var text = Self.gtkFile
        for minute in 0..<14 {
            text = try RecentDrawingsFormat.adding("/d/Drawing \(minute).touchtracker", at: Self.stamp(minute), to: text)
        }
        let listed = RecentDrawingsFormat.drawings(in: text)
        #expect(listed == (4..<14).reversed().map { "/d/Drawing \($0).touchtracker" })
        #expect(RecentDrawingsFormat.bookmarks(in: text).count == 11, "ten of ours and the text editor's")
        #expect(!text.contains("Drawing%200.touchtracker"))
        #expect(!text.contains("\n\n  "), "a dropped entry leaves no blank line")
    }

    @Test func namesWithSpacesQuotesAndAccentsGoThroughTheURIAndBack() throws {
        let path = "/home/zoë/\"Tom\" & <Jerry> 50%.touchtracker"
        let text = try RecentDrawingsFormat.adding(path, at: Self.stamp(1), to: nil)
        #expect(text.contains("file:///home/zo%C3%AB/%22Tom%22%20%26%20%3CJerry%3E%2050%25.touchtracker"))
        #expect(RecentDrawingsFormat.drawings(in: text) == [path])
        #expect(FileURI.path(of: "file://localhost/a%20b") == "/a b")
        #expect(FileURI.path(of: "https://example.org/a") == nil)
        #expect(XMLText.unescaped("a &amp;lt; b &lt; c") == "a &lt; b < c", "an escaped ampersand is unescaped once")
        #expect(RecentDrawingsFormat.timestamp((2026, 1, 2, 3, 4, 5), microsecond: 42) == "2026-01-02T03:04:05.000042Z")
    }

    @Test func aFileThatIsNotXBELIsNotWrittenInto() {
        #expect(throws: RecentDrawingsFormat.Problem.notXBEL) {
            try RecentDrawingsFormat.adding("/d/a.touchtracker", at: Self.stamp(1), to: "<html>not a list</html>")
        }
    }

    @Test func theListOnDiskKeepsOtherAppsAndSkipsDrawingsThatAreGone() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-recent")
        let path = directory.path + "/share/recently-used.xbel"
        try FileSystem.makeDirectories(directory.path + "/share", permissions: 0o700)
        try AppHarness.write(Array(Self.gtkFile.utf8), to: path)
        let drawing = directory.path + "/Garden.touchtracker"
        try AppHarness.write(Array("{}".utf8), to: drawing)
        var reports: [String] = []
        let recent = RecentDrawings(path: path) { reports.append($0) }
        recent.use(drawing)
        recent.use(directory.path + "/Gone.touchtracker")
        #expect(recent.drawings == [drawing], "a drawing deleted since is not offered")
        #expect(reports.isEmpty)
        let unreadable = RecentDrawings(path: directory.path) { reports.append($0) }
        unreadable.use(drawing)
        #expect(reports.count == 1 && reports[0].contains("not a file"), "a folder in its place is left alone, and said")
        #expect(RecentDrawings.defaultPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]) == "/h/.local/share/recently-used.xbel")
    }
}
