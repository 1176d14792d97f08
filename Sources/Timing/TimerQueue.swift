/// A cancellable timer returned by `TimerQueue.schedule`.
///
/// Holding the handle does not keep the timer alive and dropping it does not
/// cancel it: the queue owns scheduled timers until they fire (one-shot) or
/// are cancelled.
public final class TimerHandle {
    fileprivate let id: UInt64
    fileprivate weak var queue: TimerQueue?

    fileprivate init(id: UInt64, queue: TimerQueue) {
        self.id = id
        self.queue = queue
    }

    /// True until a one-shot timer has fired or the timer was cancelled.
    public var isActive: Bool { queue?.entries[id] != nil }

    /// Stops the timer; it will not fire again. Cancelling twice is harmless.
    public func cancel() { queue?.entries[id] = nil }
}

/// One-shot and repeating timers on a replaceable clock.
///
/// The queue never sleeps or spawns threads: the event loop asks it for
/// `nextDeadline` to compute its `poll` timeout and calls `fireDue()` after
/// waking. Tests drive it with a `ManualClock` and `advance(by:)`.
public final class TimerQueue {
    fileprivate struct Entry {
        var deadline: Double
        let interval: Double?
        let action: () -> Void
    }

    public let clock: Clock
    fileprivate var entries: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 0
    /// No timer is due before this time: at most the earliest deadline
    /// scheduled (cancelling leaves it earlier, which is safe), so that
    /// `fireDue()`, called after every wake-up and every input batch, looks
    /// at no entry while nothing is due (a scan of every pending timer per
    /// batch was about 3 % of routing a touch change).
    private var noneDueBefore = Double.infinity
    /// The queue this one schedules into (`init(sharing:)`); nil for a
    /// queue of its own, which the event loop runs.
    private let parent: TimerQueue?
    /// With a parent: the timers scheduled through this queue that may
    /// still be there (fired ones are pruned as new ones come).
    private var scheduledHere: Set<UInt64> = []

    public init(clock: Clock) {
        self.clock = clock
        parent = nil
    }

    /// A queue whose timers live in `parent` (the event loop's): they fire
    /// with its others, on its clock, and `cancelAll()` cancels exactly
    /// those scheduled here. A window's objects schedule through one, so
    /// that closing the window leaves no timer to fire into it.
    public init(sharing parent: TimerQueue) {
        clock = parent.clock
        self.parent = parent
    }

    /// Number of scheduled (not yet fired or cancelled) timers.
    public var count: Int {
        guard let parent else { return entries.count }
        return scheduledHere.count { parent.entries[$0] != nil }
    }

    /// Cancels every timer scheduled through this queue.
    public func cancelAll() {
        guard let parent else { return entries = [:] }
        for id in scheduledHere { parent.entries[id] = nil }
        scheduledHere = []
    }

    /// Runs `action` once, `delay` seconds from now, or every `interval`
    /// seconds after that when `repeating` is given.
    @discardableResult
    public func schedule(after delay: Double, repeating interval: Double? = nil,
                         _ action: @escaping () -> Void) -> TimerHandle {
        precondition(interval.map { $0 > 0 } ?? true, "a repeating timer needs a positive interval")
        if let parent {
            let handle = parent.schedule(after: delay, repeating: interval, action)
            scheduledHere = scheduledHere.filter { parent.entries[$0] != nil }
            scheduledHere.insert(handle.id)
            return handle
        }
        nextID += 1
        let deadline = clock.now + max(0, delay)
        entries[nextID] = Entry(deadline: deadline, interval: interval, action: action)
        noneDueBefore = min(noneDueBefore, deadline)
        return TimerHandle(id: nextID, queue: self)
    }

    /// The earliest deadline of any scheduled timer, or nil when none is
    /// scheduled (the loop then sleeps until input arrives).
    public var nextDeadline: Double? {
        if let parent { return parent.nextDeadline }
        return entries.values.lazy.map(\.deadline).min()
    }

    /// Fires every timer whose deadline has passed, earliest first (ties in
    /// scheduling order). A repeating timer fires at most once per call and is
    /// rescheduled from its previous deadline, so it neither drifts nor
    /// bursts after a long stall. Returns how many timers fired.
    @discardableResult
    public func fireDue() -> Int {
        if let parent { return parent.fireDue() }
        let now = clock.now
        // The event loop calls this after every wake-up; usually nothing is due.
        guard now >= noneDueBefore else { return 0 }
        guard entries.values.contains(where: { $0.deadline <= now }) else {
            noneDueBefore = entries.values.lazy.map(\.deadline).min() ?? .infinity
            return 0
        }
        // Lazily filtered into one sorted array: a filtered dictionary
        // would hash every due entry again only to be sorted away.
        let due = entries.lazy.filter { $0.value.deadline <= now }
            .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        var fired = 0
        for (id, entry) in due {
            // An earlier action may have cancelled this one.
            guard entries[id] != nil else { continue }
            if let interval = entry.interval {
                var next = entry.deadline + interval
                if next <= now { next = now + interval }
                entries[id]?.deadline = next
            } else {
                entries[id] = nil
            }
            entry.action()
            fired += 1
        }
        // The actions may have scheduled timers (which lowered the bound);
        // what is left after firing sets it afresh.
        noneDueBefore = entries.values.lazy.map(\.deadline).min() ?? .infinity
        return fired
    }
}

extension TimerQueue {
    /// Moves a `ManualClock` forward by `seconds`, stopping at each deadline on
    /// the way to fire the timers due there, so actions observe the time at
    /// which they were due.
    public func advance(by seconds: Double) {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("advance(by:) needs a TimerQueue built on a ManualClock")
        }
        let target = manual.now + seconds
        while let deadline = nextDeadline, deadline <= target {
            manual.set(max(deadline, manual.now))
            fireDue()
        }
        manual.set(target)
    }
}
