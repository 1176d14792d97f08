import Canvas
import Decorations
import Document
import JSONLine
import Presentation
import TouchCore
import WaylandInput

/// The `--record` format, version 1: JSON lines, the `--log-input` format
/// with what a replay and a report need around it. Field names and order
/// are stable.
///
/// - Line 1, the header: `{"touchtrackerRecording":1,"app":"0.2.0",
///   "seats":[{"name":"seat0","version":8}],"palmRejection":true,"tool":"lines"}`:
///   the format version, the app's version, the seats bound when it was
///   written (with their `wl_seat` version), whether palm rejection was
///   on, and the drawing tool strokes began with (`lines` or `freehand`;
///   `lines` when absent), then, when they are not black and 10 pt, the
///   colour and width strokes began with (`"lineColor":"red"`,
///   `"lineWidth":"20"`, the width's points; recordings made when there
///   were three widths say `"thin"`, `"medium"` or `"thick"`, still read;
///   absent: the standard ones), and `"fingers":
///   "navigate"` when fingers moved around instead of drawing (absent: they
///   drew), and `"viewport":[zoom,x,y]` when the drawing opened seen
///   otherwise than at 100 % from its origin, and `"presentation":true`
///   or `false`: whether the compositor offered `wp_presentation` (absent
///   in recordings made before the app asked for it). Later tool, colour, width and fingers changes are key presses,
///   menu choices or taps in the batches.
/// - Every other line starts with `"t"`, our monotonic clock's time of
///   receipt in seconds since the recording began (to the microsecond),
///   then one of:
///   - `"drawing":[…]`: the lines of the drawing the session opened, once
///     it is open (until then the canvas takes no input), each as in the
///     drawing file: `[x0,y0,x1,y1]`, or `{"points":[x,y,pressure,…],
///     "offset":[dx,dy]}` for a freehand line;
///   - `"window":{"width":…,"height":…,"scale":…,"decorations":"client"|"server",
///     "states":["maximized","fullscreen","activated"],"bar":47}`: the window's
///     logical size, scale, who draws the title bar, the states that
///     place our views, and the height of our bar along the top (header
///     bar or toolbar), at the start and at each change. Without `"bar"`
///     (recordings made before the header bar), the bar was the 32-point
///     title bar with client-side decorations and none otherwise;
///   - `"origin":…`: an input batch, whose `--log-input` fields follow.
///     The origin says how it came to be (`InputOrigin`): `compositor`
///     (its frame event, or an event that is a batch of its own),
///     `unframed` (a pointer event of a seat without frames),
///     `missingFrame` (no frame closed it: the app did), `cancel`
///     (`wl_touch.cancel`), `reusedID` (a down for an id still down
///     cancelled the stale touch), `removed` (the device went away),
///     `keyRepeat`. A seat-capabilities batch has `"seatVersion"` before
///     its other fields;
///   - `"presentation":…`: what became of a frame that carried input
///     (`wp_presentation_feedback`), the `--log-input` presentation line's
///     fields (`InputLog.object(for:)` of a `FramePresentation`);
///   - `"end":true`: the session ended here (the last line of a whole
///     recording).
enum RecordingFormat {
    static let version = 1
    static let headerKey = "touchtrackerRecording"

    static let lineColorKey = "lineColor"
    static let lineWidthKey = "lineWidth"
    static let fingersKey = "fingers"
    static let viewportKey = "viewport"
    static let presentationKey = "presentation"
    /// The modern globals offered: `{"wp_cursor_shape_manager_v1":2,…}`.
    static let protocolsKey = "protocols"

    static func header(appVersion: String, seats: [(name: String, version: UInt32)], palmRejection: Bool, tool: DrawingTool,
                       strokeStyle: StrokeStyle = .standard, fingersNavigate: Bool = false,
                       viewport: CanvasViewport = .actualSize, presentationOffered: Bool? = nil,
                       protocolsOffered: [OfferedProtocol]? = nil) -> String {
        var object = JSONObject()
        object.add(headerKey, .number(Double(version)))
        object.add("app", .string(appVersion))
        object.add("seats", .array(seats.map { seat in
            var entry = JSONObject()
            entry.add("name", .string(seat.name))
            entry.add("version", .number(Double(seat.version)))
            return .object(entry)
        }))
        object.add("palmRejection", .bool(palmRejection))
        object.add("tool", .string(tool.rawValue))
        if strokeStyle.color != .standard { object.add(lineColorKey, .string(strokeStyle.color.rawValue)) }
        if strokeStyle.width != .standard { object.add(lineWidthKey, .string(strokeStyle.width.name)) }
        if fingersNavigate { object.add(fingersKey, .string("navigate")) }
        if viewport != .actualSize {
            object.add(viewportKey, .array([.number(viewport.zoom), .number(viewport.origin.x), .number(viewport.origin.y)]))
        }
        if let presentationOffered { object.add(presentationKey, .bool(presentationOffered)) }
        if let protocolsOffered {
            var offered = JSONObject()
            for global in protocolsOffered { offered.add(global.interface, .number(Double(global.version))) }
            object.add(protocolsKey, .object(offered))
        }
        return object.line
    }

    /// The drawing's lines, each as the drawing file writes it (the file's
    /// own encoder: `DrawingFileFormat`, which `Recording` reads them back with).
    static func line(drawing lines: [Line], at time: Double) -> String {
        var text = "{\"t\":\(Self.time(time).text),\"drawing\":["
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            DrawingFileFormat.encode(line, into: &text)
        }
        return text + "]}"
    }

    /// Seconds, to the microsecond: enough to order batches and place
    /// timers, and the same text on every machine.
    static func time(_ seconds: Double) -> JSONValue {
        .number((seconds * 1_000_000).rounded() / 1_000_000)
    }

    static func line(_ layout: WindowLayout, at time: Double) -> String {
        var object = JSONObject()
        object.add("t", Self.time(time))
        var window = JSONObject()
        window.add("width", .number(Double(layout.width)))
        window.add("height", .number(Double(layout.height)))
        window.add("scale", .number(layout.scale))
        window.add("decorations", .string(layout.clientSideDecorations ? "client" : "server"))
        let states = [(layout.maximized, "maximized"), (layout.fullscreen, "fullscreen"),
                      (layout.activated, "activated")]
        window.add("states", .array(states.filter(\.0).map { .string($0.1) }))
        window.add("bar", .number(layout.barHeight))
        object.add("window", .object(window))
        return object.line
    }

    static func line(_ event: InputEvent, origin: InputOrigin, seatVersion: UInt32?, at time: Double) -> String {
        var object = JSONObject()
        object.add("t", Self.time(time))
        object.add("origin", .string(origin.rawValue))
        if let seatVersion { object.add("seatVersion", .number(Double(seatVersion))) }
        for field in InputLog.object(for: event).fields { object.add(field.0, field.1) }
        return object.line
    }

    static func line(_ presentation: FramePresentation, at time: Double) -> String {
        var object = JSONObject()
        object.add("t", Self.time(time))
        for field in InputLog.object(for: presentation).fields { object.add(field.0, field.1) }
        return object.line
    }

    static func endLine(at time: Double) -> String {
        var object = JSONObject()
        object.add("t", Self.time(time))
        object.add("end", .bool(true))
        return object.line
    }
}
