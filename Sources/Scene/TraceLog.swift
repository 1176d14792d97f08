import Decorations
import JSONLine
import TouchCore

/// The `--trace` format: one JSON object per `TraceRecord`, on one line,
/// interleaved with `--log-input`'s lines (each input batch's line comes
/// first, then what the core made of it). Field names and order are stable:
/// - `{"trace":"touches","phase":"began|moved|ended|cancelled","receiver":…,
///   "touches":[{"seat":…,"id":…,"kind":"finger|pointer|pen|eraser"}]}`: a view or a
///   gesture recognizer got a touch message;
/// - `{"trace":"gesture","phase":"began|changed|ended|cancelled","kind":"pinch|swipe",
///   "source":"touchpad|wheel","receiver":…}`: a gesture recognizer got a step
///   of an indirect gesture (a touchpad pinch or swipe, a Ctrl/Shift+wheel burst);
/// - `{"trace":"state","recognizer":…,"from":…,"to":…}`: a recognizer's state
///   change took effect (`possible`, `began`, `changed`, `ended`,
///   `cancelled`, `failed`);
/// - `{"trace":"action","recognizer":…,"action":…,"target":…}`: a recognizer
///   sent an action;
/// - `{"trace":"walk","action":…,"asked":[…],"takenBy":…|null}`: an action
///   with no target walked the responder chain;
/// - `{"trace":"toast","event":"shown","title":…,"button":…|null}` and
///   `{"trace":"toast","event":"dismissed","title":…,"reason":"timeout|button|stroke|replaced|outdated"}`:
///   a toast (`CanvasScene+Toasts`) appeared or went.
///
/// Responders are named by their type (`CanvasView`), recognizers by their
/// `name` (the canvas's are `doubleTap`, `tap`, `longPress`, `move`); touch
/// ids are the compositor's, as in `--log-input`.
enum TraceLog {
    static func line(for record: TraceRecord) -> String {
        var object = JSONObject()
        switch record {
        case .touches(let phase, let receiver, let touches):
            object.add("trace", .string("touches"))
            object.add("phase", .string(phase.rawValue))
            object.add("receiver", .string(receiver))
            object.add("touches", .array(touches.map { touch in
                var traced = JSONObject()
                traced.add("seat", .string(touch.seat))
                traced.add("id", .number(Double(touch.id)))
                traced.add("kind", .string(name(of: touch.kind)))
                return .object(traced)
            }))
        case .indirectGesture(let phase, let kind, let source, let receiver):
            object.add("trace", .string("gesture"))
            object.add("phase", .string(name(of: phase)))
            object.add("kind", .string(kind == .pinch ? "pinch" : "swipe"))
            object.add("source", .string(source == .touchpad ? "touchpad" : "wheel"))
            object.add("receiver", .string(receiver))
        case .state(let recognizer, let from, let to):
            object.add("trace", .string("state"))
            object.add("recognizer", .string(recognizer))
            object.add("from", .string(from.description))
            object.add("to", .string(to.description))
        case .action(let recognizer, let action, let target):
            object.add("trace", .string("action"))
            object.add("recognizer", .string(recognizer))
            object.add("action", .string(action))
            object.add("target", .string(target))
        case .actionWalk(let action, let asked, let takenBy):
            object.add("trace", .string("walk"))
            object.add("action", .string(action))
            object.add("asked", .array(asked.map { .string($0) }))
            object.add("takenBy", takenBy.map { .string($0) } ?? .null)
        }
        return object.line
    }

    static func line(for event: ToastOverlay.Event) -> String {
        var object = JSONObject()
        object.add("trace", .string("toast"))
        switch event {
        case .shown(let toast):
            object.add("event", .string("shown"))
            object.add("title", .string(toast.title))
            object.add("button", toast.buttonTitle.map { .string($0) } ?? .null)
        case .dismissed(let toast, let reason):
            object.add("event", .string("dismissed"))
            object.add("title", .string(toast.title))
            object.add("reason", .string(reason.rawValue))
        }
        return object.line
    }

    private static func name(of phase: IndirectGesture.Phase) -> String {
        switch phase {
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    private static func name(of kind: Touch.Kind) -> String {
        switch kind {
        case .finger: "finger"
        case .pointer: "pointer"
        case .pen: "pen"
        case .eraser: "eraser"
        }
    }
}
