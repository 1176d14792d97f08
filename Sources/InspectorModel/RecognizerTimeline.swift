import TouchCore

/// What a set of gesture recognizers decided lately, for a person watching
/// them: each recognizer's name, its current state and its last
/// transitions (`possible → began → changed → ended → possible`) with the
/// times they took effect.
///
/// It is fed the `.state` records of a window's tracer (`Window.tracer`),
/// with the time each arrived on the caller's clock, and ignores the other
/// records. The inspector overlay and the gesture playground show it
/// (`RecognizerTimelinePainter`).
public struct RecognizerTimeline: Equatable, Sendable {
    /// One state change of one recognizer.
    public struct Transition: Equatable, Sendable {
        public var from: GestureRecognizer.State
        public var to: GestureRecognizer.State
        /// When it took effect, in seconds on the clock the timeline is fed with.
        public var time: Double

        public init(from: GestureRecognizer.State, to: GestureRecognizer.State, time: Double) {
            self.from = from
            self.to = to
            self.time = time
        }
    }

    /// One recognizer's line of the timeline.
    public struct Row: Equatable, Sendable {
        /// The recognizer's `traceName`.
        public var recognizer: String
        public var state: GestureRecognizer.State
        /// The last transitions, oldest first, at most the timeline's `capacity`.
        public var transitions: [Transition]

        public init(recognizer: String, state: GestureRecognizer.State, transitions: [Transition] = []) {
            self.recognizer = recognizer
            self.state = state
            self.transitions = transitions
        }
    }

    /// One row per recognizer: those given at the start in their order,
    /// then any other the records name, in the order they first appeared.
    public private(set) var rows: [Row]
    /// How many transitions each row keeps.
    public let capacity: Int

    /// Four transitions are a whole gesture of a continuous recognizer
    /// (`possible → began`, `began → changed`, `changed → ended`,
    /// `ended → possible`) plus the change before the last reset.
    public static let defaultCapacity = 5

    /// A timeline of `recognizers` as they are now (names and states).
    public init(recognizers: [GestureRecognizer], capacity: Int = defaultCapacity) {
        self.init(rows: recognizers.map { Row(recognizer: $0.traceName, state: $0.state) }, capacity: capacity)
    }

    /// A timeline starting from `rows`.
    public init(rows: [Row] = [], capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a timeline keeps at least one transition")
        self.rows = rows
        self.capacity = capacity
    }

    /// Takes in a trace record received at `time`: a state change moves its
    /// recognizer's row to the new state and adds the transition (dropping
    /// the oldest beyond `capacity`). Returns the index of the row that
    /// changed; nil for records that are no state change.
    @discardableResult
    public mutating func record(_ record: TraceRecord, at time: Double) -> Int? {
        guard case .state(let recognizer, let from, let to) = record else { return nil }
        let index = rows.firstIndex { $0.recognizer == recognizer } ?? {
            rows.append(Row(recognizer: recognizer, state: from))
            return rows.count - 1
        }()
        rows[index].state = to
        rows[index].transitions.append(Transition(from: from, to: to, time: time))
        if rows[index].transitions.count > capacity {
            rows[index].transitions.removeFirst(rows[index].transitions.count - capacity)
        }
        return index
    }
}
