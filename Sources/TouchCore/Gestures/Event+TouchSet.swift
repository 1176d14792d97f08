extension Event {
    /// The set of `count` distinct `touches`: the event's own `allTouches`
    /// when they are all of them (one finger down, or every finger
    /// changing), which saves building an equal set. (A batch changes each
    /// touch once, and a view gets one message per touch, phase and batch.)
    /// One finger needs no shortcut of its own: returning the event's set
    /// when its only touch is the one saves hashing it, but reading
    /// `Set.first` and the extra retains cost as much (the routing
    /// benchmark's warmed-up count: 7,416 instructions a change with it,
    /// 7,411 without).
    func touchSet<Touches: Collection<Touch>>(_ touches: Touches, count: Int) -> Set<Touch> {
        assert(Set(touches).count == count, "a delivery's touches are distinct")
        let all = allTouches
        if count == all.count && touches.allSatisfy({ all.contains($0) }) { return all }
        return Set(touches)
    }
}
