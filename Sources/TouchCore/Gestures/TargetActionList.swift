/// The target–action pairs of one recognizer.
///
/// A pair is identified by its target object and its action name, so adding
/// the same pair twice keeps the first and removing matches by identity, not
/// by closure (Swift closures cannot be compared). Targets are held weakly,
/// as in UIKit: a pair whose target is gone is skipped and forgotten.
struct TargetActionList {
    /// A class, so reading a pair never copies its weak reference (each
    /// action sent would otherwise copy and destroy one).
    private final class Pair {
        weak var target: AnyObject?
        let targetID: ObjectIdentifier
        let action: Action
        let perform: (AnyObject, GestureRecognizer) -> Void

        init(target: AnyObject, targetID: ObjectIdentifier, action: Action,
             perform: @escaping (AnyObject, GestureRecognizer) -> Void) {
            self.target = target
            self.targetID = targetID
            self.action = action
            self.perform = perform
        }
    }

    private var pairs: [Pair] = []

    var count: Int { pairs.count(where: { $0.target != nil }) }

    /// Adds the pair unless a pair with the same target and action exists.
    mutating func add(target: AnyObject, action: Action,
                      perform: @escaping (AnyObject, GestureRecognizer) -> Void) {
        let id = ObjectIdentifier(target)
        pairs.removeAll { $0.target == nil }
        guard !pairs.contains(where: { $0.targetID == id && $0.action == action }) else { return }
        pairs.append(Pair(target: target, targetID: id, action: action, perform: perform))
    }

    /// Removes every pair that matches: a nil target matches any target, a nil
    /// action any action (so `remove(target: nil, action: nil)` removes all).
    mutating func remove(target: AnyObject?, action: Action?) {
        let id = target.map(ObjectIdentifier.init)
        pairs.removeAll { pair in
            pair.target == nil
                || ((id == nil || pair.targetID == id) && (action == nil || pair.action == action))
        }
    }

    /// Calls every live pair in the order they were added.
    func send(from recognizer: GestureRecognizer, tracer: Tracer?) {
        // `pairs` is a snapshot: a handler changing the list does not
        // affect this round.
        for pair in pairs {
            guard let target = pair.target else { continue }
            if let tracer {
                tracer(.action(recognizer: recognizer.traceName, action: pair.action.name, target: Self.name(of: target)))
            }
            pair.perform(target, recognizer)
        }
    }

    private static func name(of target: AnyObject) -> String {
        (target as? Responder)?.traceName ?? String(describing: type(of: target))
    }
}
