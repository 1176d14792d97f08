import TouchCore

import FoundationEssentials

/// The drawing file format, version 1:
/// `{"format":"touchtracker","version":1,"lines":[[x1,y1,x2,y2],...]}`.
///
/// Decoding validates while it reads: the line count cap is enforced before
/// the lines are stored, and every coordinate must be finite and within
/// ±`Document.coordinateLimit`.
enum DrawingFileFormat {
    static let formatName = "touchtracker"
    static let version = 1

    static func encode(_ lines: [Line]) -> [UInt8] {
        var text = "{\"format\":\"\(formatName)\",\"version\":\(version),\"lines\":["
        text.reserveCapacity(text.utf8.count + lines.count * 40)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            // Swift prints the shortest text that reads back as the same
            // Double, and only finite values are ever stored, so this is JSON.
            text += "[\(line.begin.x),\(line.begin.y),\(line.end.x),\(line.end.y)]"
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    static func decode(_ bytes: [UInt8], path: String) throws(DocumentError) -> [Line] {
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[pathKey] = path
            return try decoder.decode(FileContents.self, from: Data(bytes)).lines
        } catch let error as DocumentError {
            throw error
        } catch let error as DecodingError {
            throw .malformed(path: path, reason: describe(error))
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            "expected \(type) at \(location(context))"
        case .valueNotFound(let type, let context):
            "missing \(type) at \(location(context))"
        case .keyNotFound(let key, _):
            "missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            context.underlyingError.map { "\($0)" } ?? context.debugDescription
        @unknown default:
            "\(error)"
        }
    }

    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "top level" : path
    }

    private static let pathKey = CodingUserInfoKey(rawValue: "path")!

    private struct FileContents: Decodable {
        enum Key: String, CodingKey { case format, version, lines }
        let lines: [Line]

        init(from decoder: Decoder) throws {
            let path = decoder.userInfo[DrawingFileFormat.pathKey] as? String ?? ""
            let container = try decoder.container(keyedBy: Key.self)
            let format = try container.decode(String.self, forKey: .format)
            guard format == DrawingFileFormat.formatName else {
                throw DocumentError.wrongFormat(path: path, found: format)
            }
            let version = try container.decode(Int.self, forKey: .version)
            guard version == DrawingFileFormat.version else {
                throw DocumentError.unsupportedVersion(path: path, version: version)
            }
            var list = try container.nestedUnkeyedContainer(forKey: .lines)
            if let count = list.count, count > Document.lineLimit {
                throw DocumentError.tooManyLines(path: path, limit: Document.lineLimit)
            }
            var lines: [Line] = []
            lines.reserveCapacity(list.count ?? 0)
            while !list.isAtEnd {
                guard lines.count < Document.lineLimit else {
                    throw DocumentError.tooManyLines(path: path, limit: Document.lineLimit)
                }
                var entry = try list.nestedUnkeyedContainer()
                guard entry.count == 4 else {
                    throw DocumentError.malformed(
                        path: path, reason: "line \(lines.count) has \(entry.count ?? 0) numbers, not 4")
                }
                var values: [Double] = []
                for _ in 0..<4 {
                    let value = try entry.decode(Double.self)
                    guard value.isFinite, abs(value) <= Document.coordinateLimit else {
                        throw DocumentError.badCoordinate(path: path, line: lines.count, value: value)
                    }
                    values.append(value)
                }
                lines.append(Line(begin: Point(x: values[0], y: values[1]), end: Point(x: values[2], y: values[3])))
            }
            self.lines = lines
        }
    }
}
