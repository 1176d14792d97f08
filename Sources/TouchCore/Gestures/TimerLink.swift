/// How a recognizer's timer reaches the recognizer without keeping it
/// alive: the timer queue holds the link, the link refers to the recognizer
/// without owning it, and the recognizer cuts the link when it goes away, so
/// a timer of a recognizer that is gone does nothing.
///
/// A `[weak self]` capture would behave the same, but any weak reference
/// gives its object a side table, which makes every retain and release of
/// the recognizer take the slow path — and recognizers are retained and
/// released on every touch delivery.
final class TimerLink<Target: AnyObject> {
    /// Set to nil by the target's `deinit`, so never dangling.
    unowned var target: Target?

    private init(_ target: Target) {
        self.target = target
    }

    /// The link kept in `link`, made for `target` on first use.
    static func reused(_ link: inout TimerLink?, for target: Target) -> TimerLink {
        if let link { return link }
        let made = TimerLink(target)
        link = made
        return made
    }
}
