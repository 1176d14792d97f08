import Testing
@testable import TouchTrackerApp

/// Parsing what a file manager drags (`text/uri-list`, issue 37).
@Suite struct URIListTests {
    private func list(_ text: String) -> URIList { URIList(Array(text.utf8)) }

    @Test func filesAreDecodedFromTheirURIsInOrder() {
        let parsed = list("file:///home/ada/a.touchtracker\r\nfile:///home/ada/My%20Drawing.touchtracker\r\n")
        #expect(parsed.paths == ["/home/ada/a.touchtracker", "/home/ada/My Drawing.touchtracker"])
        #expect(parsed.refused.isEmpty)
    }

    @Test func percentEscapesAreUTF8() {
        #expect(URIList.path(ofFileURI: "file:///tmp/caf%C3%A9%2Fx.json") == "/tmp/café/x.json")
        #expect(URIList.path(ofFileURI: "file:///tmp/%e2%9c%8f.touchtracker") == "/tmp/✏.touchtracker")
    }

    @Test func localhostIsLocalAndBareLFLinesAndCommentsAreTaken() {
        let parsed = list("# dragged from Files\nfile://localhost/srv/b.touchtracker\n\n")
        #expect(parsed.paths == ["/srv/b.touchtracker"])
        #expect(parsed.refused.isEmpty)
    }

    @Test func whatNamesNoLocalFileIsRefusedAsGiven() {
        let parsed = list("https://example.org/a.touchtracker\r\nfile://otherhost/a\r\nfile:relative\r\n"
                          + "file:///bad%zzescape\r\nfile:///not%FFutf8\r\nfile:///nul%00byte\r\nfile:///ok\r\n")
        #expect(parsed.paths == ["/ok"])
        #expect(parsed.refused == ["https://example.org/a.touchtracker", "file://otherhost/a", "file:relative",
                                   "file:///bad%zzescape", "file:///not%FFutf8", "file:///nul%00byte"])
    }

    @Test func aTruncatedEscapeIsRefused() {
        #expect(URIList.path(ofFileURI: "file:///a%2") == nil)
        #expect(URIList.path(ofFileURI: "file:///a%") == nil)
    }
}
