import Foundation
import Testing

/// Text the tests compare output with, line by line: the files of
/// `Tests/Golden/` (outside the test targets, so SwiftPM takes them for no
/// resource).
enum GoldenFile {
    static let directory: String = {
        // This file is Tests/PlaygroundTests/GoldenFile.swift.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Golden"
    }()

    /// The lines of `name`, without the newline that ends the last one.
    static func lines(of name: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Expects `actual` to be the lines of `name`, one expectation per line
    /// that differs, so a failure names the line.
    static func expect(_ actual: [String], toMatch name: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = try lines(of: name)
        #expect(actual.count == golden.count,
                "\(name): \(golden.count) lines expected, got:\n\(actual.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        for (index, (line, expected)) in zip(actual, golden).enumerated() where line != expected {
            Issue.record("\(name):\(index + 1): expected \"\(expected)\", got \"\(line)\"", sourceLocation: sourceLocation)
        }
    }
}
