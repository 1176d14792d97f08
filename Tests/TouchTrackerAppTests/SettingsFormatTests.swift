import Testing
@testable import TouchTrackerApp

@Suite struct SettingsFormatTests {
    @Test func readsWhatItWritesAndKeepsKeysItDoesNotKnow() throws {
        var settings = try SettingsFormat.parse("brush-size = 7\n")
        #expect(settings.palmRejection, "on by default")
        #expect(settings.tool == .lines, "the book's lines by default")
        settings.palmRejection = false
        settings.tool = .freehand
        let text = SettingsFormat.text(of: settings)
        #expect(text.contains("palm-rejection = off\n") && text.contains("tool = freehand\n")
                    && text.contains("brush-size = 7\n"))
        #expect(try SettingsFormat.parse(text) == settings)
    }

    @Test func commentsBlankLinesSpacesAndWindowsLineEndsAreFine() throws {
        let settings = try SettingsFormat.parse("# a comment\r\n\r\n  palm-rejection\t=  off  \r\n")
        #expect(!settings.palmRejection)
        #expect(settings.otherEntries.isEmpty)
    }

    @Test(arguments: [
        ("palm-rejection = yes", 1, "must be 'on' or 'off', not 'yes'"),
        ("# ok\npalm rejection = on", 2, "is not a setting name"),
        ("palm-rejection", 1, "expected 'key = value'"),
        ("palm-rejection = on\npalm-rejection = off", 2, "set twice"),
        ("tool = pencil", 1, "tool must be 'lines' or 'freehand', not 'pencil'"),
        ("tool = freehand\ntool = lines", 2, "set twice"),
        ("= on", 1, "is not a setting name"),
    ])
    func malformedFilesSayWhereAndWhy(text: String, line: Int, reason: String) {
        #expect {
            try SettingsFormat.parse(text)
        } throws: { error in
            guard let malformed = error as? SettingsFormat.Malformed else { return false }
            return malformed.line == line && malformed.reason.contains(reason)
        }
    }

    @Test func theFileFollowsXDGConfigHome() {
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
                    == "/c/touchtracker/settings.conf")
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
                    == "/h/.config/touchtracker/settings.conf", "a relative XDG_CONFIG_HOME is ignored")
        #expect(SettingsFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/touchtracker/settings.conf")
    }
}
