import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Export
import Testing
import TestSupport
import TouchCore

@Suite final class ExporterTests {
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    let drawing = Drawing(lines: [line(20, 30, 180, 30), line(50, 60, 50, 160)])

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-export")
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func pngHasTheSignatureAndTheRequestedSize() throws {
        let path = directory + "/drawing.png"
        try Exporter.export(drawing, to: path, size: Size(width: 300, height: 200), options: ExportOptions(scale: 2))
        let data = try bytes(path)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16..<24.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((width, height) == (600, 400))
    }

    @Test func fittedPageIsTheBoundingBoxWithAMargin() throws {
        let path = directory + "/fitted.PNG"
        try Exporter.export(drawing, to: path)
        let data = try bytes(path)
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        // Lines span x 20...180, y 30...160, plus 6 pt of stroke and 20 pt of margin each side.
        #expect((width, height) == (160 + 2 * 26, 130 + 2 * 26))
    }

    @Test func svgIsXMLWithOnePathPerLine() throws {
        let path = directory + "/drawing.svg"
        try Exporter.export(drawing, to: path, size: Size(width: 200, height: 200))
        final class PathCounter: NSObject, XMLParserDelegate {
            var strokedPaths: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String]) {
                if name == "path", attributes["stroke-width"] == "10", attributes["stroke"] == "#000000",
                   attributes["style"]?.contains("stroke-linecap:round") == true, let d = attributes["d"] {
                    strokedPaths.append(d)
                }
            }
        }
        let parser = XMLParser(data: Data(try bytes(path)))
        let counter = PathCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.strokedPaths.count == 2)
        #expect(counter.strokedPaths == ["M 20 30 L 180 30 ", "M 50 60 L 50 160 "])
    }

    @Test func pdfHasAPDFHeader() throws {
        let path = directory + "/drawing.pdf"
        try Exporter.export(drawing, to: path)
        let data = try bytes(path)
        #expect(String(decoding: data.prefix(5), as: UTF8.self) == "%PDF-")
        #expect(String(decoding: data.suffix(6), as: UTF8.self).contains("%%EOF"))
    }

    @Test func unknownExtensionsAndUnwritablePathsAreClearErrors() {
        #expect(throws: ExportError.unknownFormat(path: directory + "/drawing.bmp")) {
            try Exporter.export(self.drawing, to: self.directory + "/drawing.bmp")
        }
        #expect(throws: ExportError.unknownFormat(path: directory + "/noextension")) {
            try Exporter.export(self.drawing, to: self.directory + "/noextension")
        }
        for format in ["png", "svg", "pdf"] {
            let path = directory + "/missing/dir/drawing." + format
            do {
                try Exporter.export(drawing, to: path)
                Issue.record("\(format): exported into a missing directory")
            } catch {
                guard case .cannotWrite(let failed, _) = error else { Issue.record("\(error)"); continue }
                #expect(failed == path)
                #expect(error.description.contains(path))
            }
        }
    }
}
