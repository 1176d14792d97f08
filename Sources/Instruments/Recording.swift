import Canvas
import Decorations
import Document
import JSONLine
import Platform
import Presentation
import TouchCore
import WaylandInput

/// A `--record` file read back (see `RecordingFormat`): its header and its
/// lines in order, for `replay` and `check`.
package struct Recording {
    package struct Seat: Equatable {
        package var name: String
        package var version: UInt32

        package init(name: String, version: UInt32) {
            self.name = name
            self.version = version
        }
    }

    package enum Item {
        /// The drawing the session opened, with these lines.
        case drawing([Line])
        case window(WindowLayout)
        case batch(InputEvent, origin: InputOrigin, seatVersion: UInt32?)
        /// What became of a frame that carried input.
        case presentation(FramePresentation)
        case end
    }

    package struct Entry {
        /// Seconds since the recording began, on our monotonic clock.
        package var time: Double
        package var item: Item
        /// The line of the file it was read from (1 is the header).
        package var lineNumber: Int

        package init(time: Double, item: Item, lineNumber: Int) {
            self.time = time
            self.item = item
            self.lineNumber = lineNumber
        }
    }

    /// A file that is no recording this version can read, with where and why.
    package struct Unreadable: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    package var appVersion: String
    package var seats: [Seat]
    package var palmRejection: Bool
    /// The drawing tool strokes began with.
    package var tool: DrawingTool
    /// The colour and width strokes began with.
    package var strokeStyle = StrokeStyle.standard
    /// Whether fingers moved around instead of drawing when it began.
    package var fingersNavigate = false
    /// How the drawing was seen when it began.
    package var viewport = CanvasViewport.actualSize
    /// Whether the compositor offered `wp_presentation`; nil when the
    /// recording does not say.
    package var presentationOffered: Bool?
    /// The modern globals the compositor offered; nil when the recording
    /// does not say (made before touchtracker recorded them).
    package var protocolsOffered: [OfferedProtocol]?
    package var entries: [Entry]
    /// False when the file has no end line (the session crashed, or the
    /// file was cut): what is there is still read.
    package var isComplete: Bool { entries.last.map { if case .end = $0.item { true } else { false } } ?? false }

    /// Recordings larger than this are refused unread: the drawing file's
    /// limit (`Document.byteLimit`), which a recording's drawing line must
    /// fit in anyway.
    static let byteLimit = Document.byteLimit
    /// Lines longer than this are refused, but for a drawing line, which
    /// the drawing file's streaming reader reads within its own limits: no
    /// other line of a real recording comes near it.
    static let lineByteLimit = 1 << 20

    /// Reads the recording at `path`: a regular file of at most
    /// `byteLimit` bytes. Anything else (a FIFO, a device such as
    /// /dev/zero, a directory) is refused before it is opened, and opening
    /// never blocks: a FIFO swapped in meanwhile is caught by the second look.
    package static func read(path: String) throws(Unreadable) -> Recording {
        var bytes: [UInt8] = []
        do {
            try requireRegularFile(FileStatus(path: path), path)
            let file = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
            defer { try? file.close() }
            let status = try file.status()
            try requireRegularFile(status, path)
            guard status.size <= byteLimit else { throw tooLarge(path, bytes: status.size) }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = try file.read(into: &chunk)
                if count == 0 { break }
                // The file may grow while it is read.
                guard bytes.count + count <= byteLimit else { throw tooLarge(path, bytes: bytes.count + count) }
                bytes += chunk[0..<count]
            }
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable(description: "\(path): \(error)")
        }
        return try parse(bytes, name: path)
    }

    private static func requireRegularFile(_ status: FileStatus, _ path: String) throws(Unreadable) {
        guard status.kind != .regular else { return }
        throw Unreadable(description: "\(path): \(status.kind.userName), not a recording")
    }

    private static func tooLarge(_ path: String, bytes: Int) -> Unreadable {
        Unreadable(description: "\(path): the file is \(bytes) bytes or more, "
                                + "more than the \(byteLimit)-byte limit for a recording")
    }

    /// Reads a recording's bytes; `name` goes in front of every error.
    static func parse(_ bytes: [UInt8], name: String) throws(Unreadable) -> Recording {
        func fail(_ line: Int, _ reason: String) -> Unreadable {
            Unreadable(description: "\(name): line \(line): \(reason)")
        }
        // A byte-order mark, which some editors write first, is no part of
        // the header line (RFC 8259 lets a reader ignore it, as drawings do).
        let bytes = bytes.starts(with: DrawingFileFormat.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        guard !bytes.isEmpty else { throw Unreadable(description: "\(name): empty file, not a recording") }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = bytes.last == UInt8(ascii: "\n")
        if endsWithNewline { lines.removeLast() }
        guard lines[0].count <= lineByteLimit,
              let headerObject = try? JSONValue.parse(String(decoding: lines[0], as: UTF8.self)).objectValue,
              let format = headerObject[RecordingFormat.headerKey]?.numberValue
        else {
            throw Unreadable(description: "\(name): not a touchtracker recording (no header line; "
                                          + "a --log-input log is not a recording: make one with --record)")
        }
        guard format == Double(RecordingFormat.version) else {
            throw Unreadable(description: "\(name): recording format \(JSONValue.number(format).text); "
                                          + "this touchtracker reads format \(RecordingFormat.version)")
        }
        var recording = Recording(appVersion: headerObject["app"]?.stringValue ?? "unknown", seats: [],
                                  palmRejection: headerObject["palmRejection"]?.boolValue ?? true,
                                  tool: .lines, entries: [])
        if let tool = headerObject["tool"] {
            guard let toolName = tool.stringValue, let known = DrawingTool(rawValue: toolName) else {
                throw Unreadable(description: "\(name): line 1: the tool is \(Excerpt.of(tool.text)), not \"lines\" or \"freehand\"")
            }
            recording.tool = known
        }
        if let color = headerObject[RecordingFormat.lineColorKey] {
            guard let known = color.stringValue.flatMap(PaletteColor.init(rawValue:)) else {
                throw Unreadable(description: "\(name): line 1: the line colour is \(color.text), not one of "
                                              + PaletteColor.allCases.map(\.rawValue).joined(separator: ", "))
            }
            recording.strokeStyle.color = known
        }
        if let width = headerObject[RecordingFormat.lineWidthKey] {
            guard let known = width.stringValue.flatMap(StrokeWidth.init(name:)) else {
                throw Unreadable(description: "\(name): line 1: the line width is \(width.text), not one of "
                                              + StrokeWidth.allCases.map(\.name).joined(separator: ", "))
            }
            recording.strokeStyle.width = known
        }
        if let fingers = headerObject[RecordingFormat.fingersKey] {
            switch fingers.stringValue {
            case "navigate": recording.fingersNavigate = true
            case "draw": recording.fingersNavigate = false
            default:
                throw Unreadable(description: "\(name): line 1: fingers is \(fingers.text), not \"draw\" or \"navigate\"")
            }
        }
        if let viewport = headerObject[RecordingFormat.viewportKey] {
            let numbers = viewport.arrayValue?.compactMap(\.numberValue) ?? []
            guard numbers.count == 3, numbers[0] > 0 else {
                throw Unreadable(description: "\(name): line 1: the viewport is \(Excerpt.of(viewport.text)), not [zoom,x,y]")
            }
            recording.viewport = CanvasViewport(zoom: numbers[0], origin: Point(x: numbers[1], y: numbers[2]))
        }
        if let presentation = headerObject[RecordingFormat.presentationKey] {
            guard let offered = presentation.boolValue else {
                throw Unreadable(description: "\(name): line 1: presentation is \(Excerpt.of(presentation.text)), not true or false")
            }
            recording.presentationOffered = offered
        }
        if let protocols = headerObject[RecordingFormat.protocolsKey] {
            recording.protocolsOffered = try offeredProtocols(protocols, name: name)
        }
        for seat in headerObject["seats"]?.arrayValue ?? [] {
            guard let object = seat.objectValue, let name = object["name"]?.stringValue,
                  let version = object["version"]?.numberValue.flatMap({ UInt32(exactly: $0) })
            else { throw fail(1, "a seat of the header is not {\"name\":…,\"version\":…}") }
            recording.seats.append(Seat(name: name, version: version))
        }
        var lastTime = -Double.infinity
        for index in 1..<lines.count {
            let number = index + 1
            if lines[index].isEmpty { continue }
            if case .end? = recording.entries.last?.item { throw fail(number, "a line after the end line") }
            let (object, drawing): (JSONObject, [Line]?)
            do {
                (object, drawing) = try entryObject(lines[index], source: "\(name): line \(number)")
            } catch let error as JSONReader.Malformed {
                if index == lines.count - 1 && !endsWithNewline {
                    throw fail(number, "cut short (\(error)): the recording was interrupted while it was "
                                       + "written; delete this last line to use the rest")
                }
                throw fail(number, "not JSON: \(error)")
            } catch let error as DocumentError {
                throw Unreadable(description: error.description)
            } catch let error as Unreadable {
                throw error
            } catch {
                throw fail(number, "\(error)")
            }
            guard let time = object["t"]?.numberValue else { throw fail(number, "no \"t\" (time of receipt)") }
            guard time >= 0, time <= FramePresentation.timeLimit else {
                throw fail(number, "the time \(JSONValue.number(time).text) is not seconds from 0 to "
                                   + JSONValue.number(FramePresentation.timeLimit).text)
            }
            guard time >= lastTime else { throw fail(number, "time goes backwards (\(time) after \(lastTime))") }
            lastTime = time
            let item: Item
            if let drawing {
                item = .drawing(drawing)
            } else if let window = object["window"] {
                item = .window(try layout(window, fail: { fail(number, $0) }))
            } else if object["end"] != nil {
                item = .end
            } else if object[InputLog.presentationKey] != nil {
                do {
                    item = .presentation(try InputLog.presentation(from: object))
                } catch {
                    throw fail(number, "\(error)")
                }
            } else if let originName = object["origin"]?.stringValue {
                guard let origin = InputOrigin(rawValue: originName) else {
                    throw fail(number, "unknown origin '\(Excerpt.of(originName))'")
                }
                let event: InputEvent
                do {
                    event = try InputLog.event(from: object)
                } catch {
                    throw fail(number, "\(error)")
                }
                let seatVersion = object["seatVersion"]?.numberValue.flatMap { UInt32(exactly: $0) }
                item = .batch(event, origin: origin, seatVersion: seatVersion)
            } else {
                throw fail(number, "neither a window, an input batch, a presentation nor the end")
            }
            recording.entries.append(Entry(time: time, item: item, lineNumber: number))
        }
        return recording
    }

    /// The title bar of the versions before the header bar: 32 points,
    /// rounded to whole pixels.
    static func legacyTitleBarHeight(scale: Double) -> Double {
        (32 * scale).rounded() / scale
    }

    /// The object on one line of a recording, and the lines of its
    /// `"drawing"` member if it has one: those are read by the drawing
    /// file's own line reader, with its limits (`DrawingFileFormat`), and
    /// its errors name `source` (the file and the line).
    private static func entryObject(_ bytes: ArraySlice<UInt8>, source: String) throws -> (JSONObject, [Line]?) {
        // A long line is read as a drawing line or refused: only its "t"
        // (a number) and its "drawing" (streamed) are read, no tree of it.
        let isLong = bytes.count > lineByteLimit
        func refuseLong() -> Unreadable {
            Unreadable(description: "\(source): \(bytes.count) bytes long; no line but the drawing's may be longer "
                                    + "than \(lineByteLimit) bytes")
        }
        return try bytes.withUnsafeBytes { raw in
            let reader = JSONReader(borrowing: raw)
            guard try reader.peekKind() == .object else {
                if isLong { throw refuseLong() }
                // Garbage is "not JSON"; only JSON of another kind is this.
                _ = try reader.readValue()
                try reader.expectEnd()
                throw Unreadable(description: "\(source): not a JSON object")
            }
            var object = JSONObject()
            var drawing: [Line]?
            try reader.readObject { key in
                if key == "drawing" {
                    guard try reader.peekKind() == .array else {
                        throw Unreadable(description: "\(source): \"drawing\" is not a list of lines")
                    }
                    drawing = try DrawingFileFormat.readLines(from: reader, source: "\(source): drawing")
                } else if isLong {
                    guard key == "t", try reader.peekKind() == .number else { throw refuseLong() }
                    object.add(key, try reader.readValue())
                } else {
                    object.add(key, try reader.readValue())
                }
            }
            try reader.expectEnd()
            if isLong, drawing == nil { throw refuseLong() }
            return (object, drawing)
        }
    }

    private static func layout(_ value: JSONValue, fail: (String) -> Unreadable) throws(Unreadable) -> WindowLayout {
        guard let object = value.objectValue,
              let width = object["width"]?.numberValue.flatMap({ Int(exactly: $0) }), width > 0,
              let height = object["height"]?.numberValue.flatMap({ Int(exactly: $0) }), height > 0,
              let scale = object["scale"]?.numberValue, scale > 0,
              let decorations = object["decorations"]?.stringValue, ["client", "server"].contains(decorations)
        else { throw fail("a window without a positive width, height and scale, and its decorations") }
        let states = object["states"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var layout = WindowLayout(width: width, height: height, scale: scale,
                                  clientSideDecorations: decorations == "client",
                                  maximized: states.contains("maximized"), fullscreen: states.contains("fullscreen"),
                                  activated: states.contains("activated"))
        if let bar = object["bar"] {
            guard let points = bar.numberValue, points >= 0, points <= Double(height) else {
                throw fail("a window whose bar is not a height from 0 to the window's")
            }
            layout.recordedBarHeight = points
        } else {
            layout.recordedBarHeight = layout.barStyle == .headerBar ? Self.legacyTitleBarHeight(scale: scale) : 0
        }
        return layout
    }
}

extension Recording {
    /// A recording made in memory rather than read from a file: the
    /// conformance runner's, of one case's input, which `check`'s report reads.
    package init(madeOf entries: [Entry], appVersion: String, seats: [Seat], palmRejection: Bool, tool: DrawingTool) {
        self.init(appVersion: appVersion, seats: seats, palmRejection: palmRejection, tool: tool, entries: entries)
    }
}
