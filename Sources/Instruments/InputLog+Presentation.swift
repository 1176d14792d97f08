import JSONLine
import Presentation
import WaylandInput

/// The `--log-input` line of a presentation feedback: what became of a
/// frame that carried input (`FramePresentation`). Field order is stable:
///
/// - `"presentation"`: `"presented"` or `"discarded"` (feedback), or
///   `"composited"` (no feedback: the commit's frame callback, an estimate);
/// - `"inputTime"`: the compositor's time (ms) of the oldest input the
///   frame is the first to show;
/// - `"clock"`: the presentation clock (`clockid_t`; 1 is `CLOCK_MONOTONIC`);
/// - `"committed"`: when the app committed the frame (seconds on its
///   `CLOCK_MONOTONIC`), and `"inputToCommit"` (seconds) when plausible;
/// - `"paced"`: `"latch"` or `"frame-callback"`, how the frame was paced
///   (`FramePresentation.Pacing`; absent in lines written before it was);
/// - presented only: `"time"`, when it reached the screen (seconds on that
///   clock, to the microsecond), `"refresh"` (seconds; absent when the
///   compositor does not know it), `"flags"` (`vsync`, `hw_clock`,
///   `hw_completion`, `zero_copy`), `"toMonotonic"` (seconds) when the
///   app translated a steady clock that is not `CLOCK_MONOTONIC` onto it
///   (`FramePresentation.steadyClocks`), and `"inputToPresented"`
///   (seconds) when the event times could be compared with the time;
/// - composited only: `"time"`, when the frame callback's `done` came
///   (seconds on the app's `CLOCK_MONOTONIC`, which `"clock"` names),
///   `"received"`, when the app received the oldest input (same clock),
///   and `"inputToComposited"` (seconds) when plausible, otherwise
///   `"receiptToComposited"` (seconds, from `"received"`).
extension InputLog {
    public static func line(for presentation: FramePresentation) -> String {
        object(for: presentation).line
    }

    public static func object(for presentation: FramePresentation) -> JSONObject {
        func microseconds(_ seconds: Double) -> JSONValue { .number((seconds * 1_000_000).rounded() / 1_000_000) }
        var object = JSONObject()
        func addCommit() {
            if let committed = presentation.committed {
                object.add("committed", microseconds(committed))
                if let latency = presentation.inputToCommit { object.add("inputToCommit", microseconds(latency)) }
            }
            addPacing(of: presentation, to: &object)
        }
        switch presentation.outcome {
        case .presented(let time, let refresh, let flags):
            object.add(presentationKey, .string("presented"))
            object.add("inputTime", .number(Double(presentation.oldestInputTime)))
            object.add("clock", .number(Double(presentation.clock)))
            addCommit()
            object.add("time", microseconds(time))
            if let refresh { object.add("refresh", microseconds(refresh)) }
            object.add("flags", .array(flags.names.map { .string($0) }))
            if let toMonotonic = presentation.toMonotonic { object.add("toMonotonic", microseconds(toMonotonic)) }
            if let latency = presentation.inputToPresented { object.add("inputToPresented", microseconds(latency)) }
        case .discarded:
            object.add(presentationKey, .string("discarded"))
            object.add("inputTime", .number(Double(presentation.oldestInputTime)))
            object.add("clock", .number(Double(presentation.clock)))
            addCommit()
        case .composited(let time):
            object.add(presentationKey, .string("composited"))
            object.add("inputTime", .number(Double(presentation.oldestInputTime)))
            object.add("clock", .number(Double(presentation.clock)))
            addCommit()
            object.add("time", microseconds(time))
            if let received = presentation.received { object.add("received", microseconds(received)) }
            if let latency = presentation.inputToComposited { object.add("inputToComposited", microseconds(latency)) }
            if let latency = presentation.receiptToComposited {
                object.add("receiptToComposited", microseconds(latency))
            }
        }
        return object
    }

    /// The key that tells a presentation line from an input batch.
    static let presentationKey = "presentation"

    /// The presentation a line (parsed) describes: the inverse of `line(for:)`.
    public static func presentation(from object: JSONObject) throws(UnreadableBatch) -> FramePresentation {
        func fail(_ reason: String) -> UnreadableBatch { UnreadableBatch(description: "a presentation: \(reason)") }
        func uint32(_ key: String) throws(UnreadableBatch) -> UInt32 {
            guard let number = object[key]?.numberValue, let value = UInt32(exactly: number) else {
                throw fail("\"\(key)\" is not a 32-bit unsigned integer")
            }
            return value
        }
        func seconds(_ key: String) throws(UnreadableBatch) -> Double {
            guard let number = object[key]?.numberValue, number >= 0, number <= FramePresentation.timeLimit else {
                throw fail("\"\(key)\" is not a time in seconds (0 to \(JSONValue.number(FramePresentation.timeLimit).text))")
            }
            return number
        }
        let inputTime = try uint32("inputTime")
        let clock = try uint32("clock")
        let committed = object["committed"] == nil ? nil : try seconds("committed")
        switch object[presentationKey]?.stringValue {
        case "presented":
            var flags: PresentationFlags = []
            for value in object["flags"]?.arrayValue ?? [] {
                guard let name = value.stringValue, let flag = PresentationFlags.names.first(where: { $0.1 == name }) else {
                    throw fail("unknown flag \(Excerpt.of(value.text))")
                }
                flags.insert(flag.0)
            }
            let refresh = object["refresh"] == nil ? nil : try seconds("refresh")
            var toMonotonic: Double?
            if let offset = object["toMonotonic"] {
                guard let number = offset.numberValue, abs(number) <= FramePresentation.timeLimit else {
                    throw fail("\"toMonotonic\" is not seconds (at most \(JSONValue.number(FramePresentation.timeLimit).text) either way)")
                }
                toMonotonic = number
            }
            return FramePresentation(outcome: .presented(time: try seconds("time"), refresh: refresh, flags: flags),
                                     oldestInputTime: inputTime, clock: clock, toMonotonic: toMonotonic,
                                     committed: committed, pacing: try pacing(from: object))
        case "discarded":
            return FramePresentation(outcome: .discarded, oldestInputTime: inputTime, clock: clock, committed: committed,
                                     pacing: try pacing(from: object))
        case "composited":
            let received = object["received"] == nil ? nil : try seconds("received")
            return FramePresentation(outcome: .composited(time: try seconds("time")), oldestInputTime: inputTime,
                                     clock: clock, committed: committed, received: received,
                                     pacing: try pacing(from: object))
        default:
            throw fail("\"presentation\" is neither \"presented\", \"discarded\" nor \"composited\"")
        }
    }

    /// The key of a presentation line that says how its frame was paced.
    static let pacingKey = "paced"

    private static func addPacing(of presentation: FramePresentation, to object: inout JSONObject) {
        guard let pacing = presentation.pacing else { return }
        object.add(pacingKey, .string(pacing.rawValue))
    }

    /// The pacing a presentation line names; nil when it names none (lines
    /// written before it was logged).
    private static func pacing(from object: JSONObject) throws(UnreadableBatch) -> FramePresentation.Pacing? {
        guard let value = object[pacingKey] else { return nil }
        guard let name = value.stringValue, let pacing = FramePresentation.Pacing(rawValue: name) else {
            let names = FramePresentation.Pacing.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw UnreadableBatch(description: "a presentation: \"\(pacingKey)\" is neither \(names)")
        }
        return pacing
    }
}
