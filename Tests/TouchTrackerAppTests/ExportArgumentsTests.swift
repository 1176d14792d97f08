import Canvas
import Document
import Export
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// `--export`'s `--scale`, `--background` and `--page` (issue 36): read
/// into the export's options, refused with a message naming them when the
/// value is wrong or the format is not theirs, and obeyed by the program.
@Suite struct ExportArgumentsTests {
    typealias Workspace = ProgramTests.Workspace

    @Test func theOptionsReachTheExport() throws {
        #expect(try Options.parse(["--export", "out.png", "--scale", "2", "--background=transparent"]).command
                == .export(path: "out.png", options: ExportOptions(scale: 2, background: .transparent)))
        #expect(try Options.parse(["--export", "out.pdf", "--page", "letter-landscape"]).command
                == .export(path: "out.pdf", options: ExportOptions(page: .paper(.letter, .landscape))))
        #expect(try Options.parse(["--page", "a4", "--export", "out.PDF"]).command
                == .export(path: "out.PDF", options: ExportOptions(page: .paper(.a4, .portrait))))
        #expect(try Options.parse(["replay", "r.ttrec", "--export", "out.png", "--scale", "4"]).command
                == .replay(recording: "r.ttrec", export: "out.png", exportOptions: ExportOptions(scale: 4)))
    }

    @Test(arguments: [
        (["--export", "o.png", "--scale", "3"], "option --scale takes 1, 2 or 4, not '3'"),
        (["--export", "o.png", "--scale", "2x"], "option --scale takes 1, 2 or 4, not '2x'"),
        (["--export", "o.png", "--background", "black"], "option --background takes transparent or white, not 'black'"),
        (["--export", "o.pdf", "--page", "a3"],
         "option --page takes drawing, a4 or letter (a4-landscape, letter-landscape), not 'a3'"),
        (["--export", "o.png", "--scale"], "option --scale needs a value"),
        (["--export", "o.svg", "--scale", "2"], "option --scale shapes a PNG export; o.svg is SVG"),
        (["--export", "o.pdf", "--background", "white"], "option --background shapes a PNG export; o.pdf is PDF"),
        (["--export", "o.png", "--page", "a4"], "option --page shapes a PDF export; o.png is PNG"),
        (["--scale", "2"], "option --scale goes with --export"),
        (["--export", "o.png", "--scale", "2", "--scale", "4"], "option --scale is given twice"),
        (["check", "r.ttrec", "--page", "a4"], "option --page goes with --export"),
    ])
    func badExportOptionsAreNamed(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(description: message)) { try Options.parse(arguments) }
    }

    @Test func aBadValueExitsAsOtherUsageErrorsAndWritesNothing() throws {
        let workspace = try Workspace()
        try Document.save([line(50, 100, 300, 100)], to: workspace.drawing)
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.png",
                                        "--scale", "3"])
        #expect(result.status == ExitStatus.usage.rawValue)
        #expect(result.standardError == "touchtracker: option --scale takes 1, 2 or 4, not '3'\n")
        #expect(workspace.read("out.png").isEmpty)
    }

    @Test func theProgramWritesALandscapeA4PDFAndATwiceScaledPNG() throws {
        let workspace = try Workspace()
        let lines = [line(50, 100, 300, 100)]
        try Document.save(lines, to: workspace.drawing)
        let pdf = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.pdf",
                                     "--page", "a4-landscape"])
        #expect(pdf.status == 0, "\(pdf.standardError)")
        #expect(String(decoding: workspace.read("out.pdf"), as: UTF8.self).contains("/MediaBox [0 0 842 595]"))

        try Exporter.export(lines, to: workspace.directory + "/expected.png", options: ExportOptions(scale: 2))
        let png = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.png",
                                     "--scale", "2"])
        #expect(png.status == 0, "\(png.standardError)")
        #expect(!workspace.read("out.png").isEmpty)
        #expect(workspace.read("out.png") == workspace.read("expected.png"))
    }
}
