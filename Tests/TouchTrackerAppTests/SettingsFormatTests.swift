import Canvas
@testable import Scene
import Testing
import TestSupport
import TouchCore
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
        changed.strokeStyle.width = StrokeWidth(points: 20)!
        changed.prediction = false
        changed.fingersNavigate = true
        let saved = SettingsFormat.text(of: changed, updating: untouched)
        #expect(saved == "# mine\npalm-rejection = off\ntool = freehand\nline-color = blue\nline-width = 20\n"
                    + "prediction = off\nfingers = navigate\n")
        #expect(try SettingsFormat.parse(saved) == changed)
        #expect(try SettingsFormat.parse(SettingsFormat.text(of: changed)) == changed, "a new file reads back too")

        var recoloured = changed
        recoloured.strokeStyle.color = .red
        #expect(SettingsFormat.text(of: recoloured, updating: saved).contains("line-color = red\n"),
                "a colour changed again in a file that names it is saved")

        let backToDefaults = SettingsFormat.text(of: Settings(), updating: saved)
        #expect(backToDefaults == "# mine\npalm-rejection = on\ntool = lines\nline-color = black\nline-width = 10\n"
                    + "prediction = on\nfingers = draw\n", "keys the file names stay, at their default")
    }

    /// Eight widths are written by their points; the names of the three
    /// there were before still read, so an older settings file keeps its
    /// width.
    @Test func everyWidthIsWrittenByItsPointsAndTheOldNamesStillRead() throws {
        for width in StrokeWidth.allCases {
            var settings = Settings()
            settings.strokeStyle.width = width
            // A file that names the key, so the default is written too.
            let text = SettingsFormat.text(of: settings, updating: "line-width = 30\n")
            #expect(text.contains("line-width = \(Int(width.points))\n"))
            #expect(try SettingsFormat.parse(text).strokeStyle.width == width)
        }
        #expect(StrokeWidth.allCases.map(\.points) == [1, 2, 4, 7, 10, 15, 20, 30])
        for (name, points) in [("thin", 4.0), ("medium", 10), ("thick", 20)] {
            #expect(try SettingsFormat.parse("line-width = \(name)\n").strokeStyle.width.points == points)
        }
        for bad in ["3", "huge", "10.5", "-4"] {
            #expect(throws: SettingsFormat.Malformed(line: 1, reason: "line-width must be '1', '2', '4', '7', '10', "
                                                     + "'15', '20' or '30' (points), not '\(bad)'")) {
                try SettingsFormat.parse("line-width = \(bad)\n")
            }
        }
    }

    @Test func predictionIsOnUnlessTheFileTurnsItOff() throws {
        #expect(try SettingsFormat.parse("").prediction)
        #expect(try !SettingsFormat.parse("prediction = off\n").prediction)
        #expect(throws: SettingsFormat.Malformed.self) { try SettingsFormat.parse("prediction = maybe\n") }
        var settings = Settings()
        settings.prediction = false
        #expect(SettingsFormat.text(of: settings).contains("prediction = off\n"))
    }

    @Test func bookIsOffUnlessTheFileTurnsItOn() throws {
        #expect(try !SettingsFormat.parse("").book)
        #expect(try SettingsFormat.parse("book = on\n").book)
        #expect(throws: SettingsFormat.Malformed.self) { try SettingsFormat.parse("book = chapter\n") }
        var settings = Settings()
        settings.book = true
        #expect(SettingsFormat.text(of: settings).contains("book = on\n"))
        #expect(!SettingsFormat.text(of: Settings()).contains("book"), "the default is not written")
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
        ("tool = pencil", 1, "tool must be 'lines' or 'freehand' or 'select', not 'pencil'"),
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

    /// The settings examples of docs/file-formats.md and docs/usage.md, comments after values and all.
    @Test(arguments: ["docs/file-formats.md", "docs/usage.md"])
    func theDocumentedExampleIsASettingsFile(document: String) throws {
        // This file is Tests/TouchTrackerAppTests/SettingsFormatTests.swift.
        let root = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let markdown = String(decoding: try #require(AppHarness.read(root + "/" + document)), as: UTF8.self)
        let start = try #require(markdown.range(of: "```\npalm-rejection = on"))
        let end = try #require(markdown[start.upperBound...].range(of: "```"))
        let example = String(markdown[markdown.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
        let settings = try SettingsFormat.parse(example)
        #expect(settings.palmRejection && settings.tool == .lines && settings.fingersNavigate == false)
        #expect(settings.otherEntries.isEmpty, "no comment is taken for a value")
    }

    /// The Export dialog's last choice (issue 36): written once it is not
    /// the default, read back whole, and refused when it is not five words
    /// the dialog names.
    @Test func theExportChoiceIsRememberedAndABadOneIsNamed() throws {
        var settings = Settings()
        #expect(!SettingsFormat.text(of: settings).contains("export"), "the default is not written")
        settings.exportChoice = ExportChoice(format: .pdf, scale: 2, background: .transparent, paper: .letter,
                                             orientation: .landscape)
        let text = SettingsFormat.text(of: settings)
        #expect(text.contains("export = pdf 2 transparent letter landscape\n"))
        #expect(try SettingsFormat.parse(text).exportChoice == settings.exportChoice)
        #expect(try SettingsFormat.parse("export = svg 4 white drawing portrait\n").exportChoice
                == ExportChoice(format: .svg, scale: 4))
        for bad in ["pdf a4", "png 3 white drawing portrait", "png 1 black drawing portrait",
                    "pdf 1 white a3 portrait", "pdf 1 white a4 sideways", "bmp 1 white drawing portrait"] {
            #expect(throws: SettingsFormat.Malformed.self, "\(bad)") { try SettingsFormat.parse("export = \(bad)\n") }
        }
    }

    @Test func aChangeKeepsTheCommentAfterItsValue() throws {
        let original = "palm-rejection = on      # or off\ntool = lines # or freehand\n"
        var settings = try SettingsFormat.parse(original)
        settings.palmRejection = false
        #expect(SettingsFormat.text(of: settings, updating: original)
                == "palm-rejection = off # or off\ntool = lines # or freehand\n")
    }

    /// Each drawing opened adds a view; 1,522 of them once made a file the
    /// app then refused whole, forever.
    @Test func theRememberedViewsAreTheHundredMostRecentAndTheFileStaysReadable() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-settings")
        let path = directory.path + "/settings.conf"
        let file = SettingsFile(path: path) { Issue.record("reported: \($0)") }
        let keys = (0..<1522).map { SettingsFormat.viewKey(forDrawingAt: "/drawings/\($0).json") }
        for (index, key) in keys.enumerated() {
            file.update { $0.views.remember(CanvasViewport(zoom: 2, origin: Point(x: Double(index), y: 0)), for: key) }
        }
        // The oldest of the hundred seen again: now the most recent.
        file.update { $0.views.remember(CanvasViewport(zoom: 3, origin: .zero), for: keys[1422]) }
        file.update { $0.views.remember(CanvasViewport(zoom: 2, origin: .zero), for: keys[0]) }
        let again = SettingsFile(path: path) { Issue.record("reported on reading: \($0)") }
        #expect(again.canSave, "the file the app wrote is one it reads")
        #expect(again.settings.views.keys == Array(keys[1424...]) + [keys[1422], keys[0]])
        #expect(again.settings.views[keys[1422]] == CanvasViewport(zoom: 3, origin: .zero))
        #expect(again.settings.views[keys[1423]] == nil, "the least recent is forgotten")
    }

    @Test func aFileTheAppWouldRefuseIsNeverWritten() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-settings")
        let path = directory.path + "/settings.conf"
        // A person's long comment, just under the limit.
        let original = "#" + String(repeating: "x", count: SettingsFile.sizeLimit - 20) + "\n"
        try AppHarness.write(Array(original.utf8), to: path)
        var reports: [String] = []
        let file = SettingsFile(path: path) { reports.append($0) }
        file.update { $0.views.remember(CanvasViewport(zoom: 2, origin: .zero), for: SettingsFormat.viewKey(forDrawingAt: "/d")) }
        let left = String(decoding: AppHarness.read(path) ?? [], as: UTF8.self)
        #expect(left == original ? true : false, "left as it was, not \(left.utf8.count) bytes")
        #expect(reports.contains { $0.contains("would be larger than \(SettingsFile.sizeLimit) bytes") }, "\(reports)")
        #expect(file.settings.views.count == 1, "the view lasts until the app quits")
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
