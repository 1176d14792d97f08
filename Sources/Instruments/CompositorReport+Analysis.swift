import Decorations
import InspectorModel
import JSONLine
import WaylandInput

extension CompositorReport {
    /// One pass over a recording, gathering the evidence of every row. Its
    /// state is here; what it gathers of each device is in
    /// `CompositorReport+Touch`, `+Pointer`, `+Tablet`, `+Seats`, `+Timestamps`
    /// and `+Presentation`; the rows are judged on it in `CompositorReport+Rules`.
    struct Analysis {
        let recording: Recording
        init(_ recording: Recording) { self.recording = recording }

        /// "line 12", the place of a finding in the file.
        struct Place: CustomStringConvertible {
            let line: Int
            var description: String { "line \(line)" }
        }

        // Touch.
        var touchBatches = 0
        var ups = 0
        var upsWithoutFrame: [Place] = []
        var lastUpsWithoutFrame = 0
        var downUpFrames: [Place] = []
        var cancels = 0
        var cancelledTouches = 0
        var silentlyTaken: [(Place, Int32)] = []
        var removedWhileDown: [Place] = []
        var reuses = 0
        var soonestReuse: (ms: Int64, id: Int32, place: Place)?
        var reusedInUpFrame: [(Place, Int32)] = []
        var outside: [(Place, String)] = []
        var touchChanges = 0
        var shaped = 0
        var oriented = 0
        // Pointer.
        var pointerFrames = 0
        var unframed = 0
        var axisEvents = 0
        var axisWithoutSource: [Place] = []
        var wheelWithoutValue120: [Place] = []
        var value120Seen = 0
        // Seats.
        var capabilities: [String: (pointer: Bool, keyboard: Bool, touch: Bool)] = [:]
        var capabilityChanges: [(Place, String)] = []
        var seatVersions: [String: UInt32] = [:]
        // Tablet.
        var tabletFrames = 0
        var tabletWithoutFrame: [Place] = []
        var tabletOrder: [(Place, String)] = []
        // Time, per seat and device.
        var lastTimes: [String: UInt32] = [:]
        var backwards: [(Place, String)] = []
        var zeroTimes = 0
        var timedEvents = 0
        var smallestStep: UInt32?
        // Presentation: every frame with input the recording tells of.
        var presentation = PresentationStatistics(capacity: .max)
        var timedInputBatches = 0
        // What the pass follows from batch to batch.
        var down: [String: [Int32: (x: Double, y: Double)]] = [:]
        var lastUp: [String: [Int32: UInt32]] = [:]
        var layout: WindowLayout?
        var toolsInProximity: Set<String> = []
        var toolsDown: Set<String> = []
        var buttonsHeld: [String: Bool] = [:]

        mutating func run() {
            for seat in recording.seats { seatVersions[seat.name] = seat.version }
            for entry in recording.entries {
                let place = Place(line: entry.lineNumber)
                switch entry.item {
                case .window(let layout): self.layout = layout
                case .drawing, .end: break
                case .presentation(let frame): presentation.add(frame)
                case .batch(let event, let origin, let seatVersion):
                    if event.inputTime != nil { timedInputBatches += 1 }
                    switch event {
                    case .touch(let frame): touch(frame, origin: origin, at: place)
                    case .pointer(let frame): pointer(frame, origin: origin, at: place)
                    case .tabletTool(let frame): tablet(frame, origin: origin, at: place)
                    case .key(let key):
                        if key.action != .repeat { time(key.time, stream: "\(key.seat) keyboard", at: place) }
                    case .pointerGesture(let gesture):
                        time(gesture.time, stream: "\(gesture.seat) touchpad gesture", at: place)
                    case .keyboardFocus: break
                    case .seatCapabilities(let seat, let pointer, let keyboard, let touch):
                        seatCapabilities(seat, (pointer, keyboard, touch), seatVersion: seatVersion, origin: origin, at: place)
                    }
                }
            }
        }
    }
}

extension CompositorReport.Analysis {
    static func inside(_ x: Double, _ y: Double, _ layout: WindowLayout) -> Bool {
        x >= 0 && y >= 0 && x < Double(layout.width) && y < Double(layout.height)
    }

    static func point(_ x: Double, _ y: Double) -> String {
        "(\(JSONValue.number(x).text), \(JSONValue.number(y).text))"
    }

    static func first<T>(_ items: [(Place, T)]) -> String {
        guard let item = items.first else { return "" }
        return "\(item.1) (\(item.0))"
    }
}
