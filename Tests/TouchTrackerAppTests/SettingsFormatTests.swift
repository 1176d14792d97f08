import Testing
import TestSupport
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

    @Test func savingKeepsThePersonsCommentsAndOrder() throws {
        let original = "# mine: pens only\n\ntool = lines   \nbrush-size = 7\n# palm rejection off for the kids\r\npalm-rejection = on\r\n"
        var settings = try SettingsFormat.parse(original)
        settings.palmRejection = false
        settings.tool = .freehand
        #expect(SettingsFormat.text(of: settings, updating: original)
                == "# mine: pens only\n\ntool = freehand\nbrush-size = 7\n# palm rejection off for the kids\r\npalm-rejection = off\r\n")
        let withoutTool = "# only this\npalm-rejection = off"
        var withoutPrediction = try SettingsFormat.parse(withoutTool)
        withoutPrediction.prediction = false
        #expect(SettingsFormat.text(of: withoutPrediction, updating: withoutTool)
                == "# only this\npalm-rejection = off\nprediction = off\n", "a missing key goes at the end")
        #expect(SettingsFormat.text(of: settings, updating: nil) == SettingsFormat.text(of: settings), "a new file")
    }

    @Test func aMenuChangeSavedToTheFileKeepsItsComments() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-settings")
        let path = directory.path + "/settings.conf"
        try AppHarness.write(Array("# set by hand, keep\npalm-rejection = on\n".utf8), to: path)
        let file = SettingsFile(path: path) { Issue.record("reported: \($0)") }
        file.update { $0.tool = .freehand }
        file.update { $0.palmRejection = false }
        #expect(String(decoding: AppHarness.read(path) ?? [], as: UTF8.self)
                == "# set by hand, keep\npalm-rejection = off\ntool = freehand\n")
    }

    /// One rule for every known key: a default the person never changed is
    /// not written; a changed one is, and stays once the file names it.
    @Test func onlySettingsThePersonChangedAreWritten() throws {
        let untouched = "# mine\n"
        #expect(SettingsFormat.text(of: Settings(), updating: untouched) == untouched, "nothing changed, nothing added")
        #expect(SettingsFormat.text(of: Settings()).split(separator: "\n").allSatisfy { $0.hasPrefix("#") },
                "a new file with every default names no key")

        var changed = Settings()
        changed.palmRejection = false
        changed.tool = .freehand
        changed.strokeStyle.color = .blue
        changed.strokeStyle.width = .thick
        changed.prediction = false
        changed.fingersNavigate = true
        let saved = SettingsFormat.text(of: changed, updating: untouched)
        #expect(saved == "# mine\npalm-rejection = off\ntool = freehand\nline-color = blue\nline-width = thick\n"
                    + "prediction = off\nfingers = navigate\n")
        #expect(try SettingsFormat.parse(saved) == changed)
        #expect(try SettingsFormat.parse(SettingsFormat.text(of: changed)) == changed, "a new file reads back too")

        var recoloured = changed
        recoloured.strokeStyle.color = .red
        #expect(SettingsFormat.text(of: recoloured, updating: saved).contains("line-color = red\n"),
                "a colour changed again in a file that names it is saved")

        let backToDefaults = SettingsFormat.text(of: Settings(), updating: saved)
        #expect(backToDefaults == "# mine\npalm-rejection = on\ntool = lines\nline-color = black\nline-width = medium\n"
                    + "prediction = on\nfingers = draw\n", "keys the file names stay, at their default")
    }

    @Test func predictionIsOnUnlessTheFileTurnsItOff() throws {
        #expect(try SettingsFormat.parse("").prediction)
        #expect(try !SettingsFormat.parse("prediction = off\n").prediction)
        #expect(throws: SettingsFormat.Malformed.self) { try SettingsFormat.parse("prediction = maybe\n") }
        var settings = Settings()
        settings.prediction = false
        #expect(SettingsFormat.text(of: settings).contains("prediction = off\n"))
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

/// Fingers Navigate / Fingers Draw, remembered (issue 23).
@Suite struct FingersSettingTests {
    @Test func fingersNavigateIsRememberedAndDrawingAddsNoLine() throws {
        var settings = try SettingsFormat.parse("tool = lines\npalm-rejection = on\n")
        #expect(!settings.fingersNavigate, "fingers draw by default")
        #expect(SettingsFormat.text(of: settings, updating: "tool = lines\npalm-rejection = on\n")
                == "tool = lines\npalm-rejection = on\n", "no key is added")
        settings.fingersNavigate = true
        let saved = SettingsFormat.text(of: settings, updating: "tool = lines\npalm-rejection = on\n")
        #expect(saved == "tool = lines\npalm-rejection = on\nfingers = navigate\n")
        #expect(try SettingsFormat.parse(saved).fingersNavigate)
        settings.fingersNavigate = false
        #expect(SettingsFormat.text(of: settings, updating: saved) == "tool = lines\npalm-rejection = on\nfingers = draw\n")
        #expect(throws: SettingsFormat.Malformed(line: 1, reason: "fingers must be 'draw' or 'navigate', not 'pan'")) {
            try SettingsFormat.parse("fingers = pan")
        }
    }
}
