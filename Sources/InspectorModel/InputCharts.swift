import TouchCore

/// What the inspector's charts show, kept from the touch frames the window
/// receives: per contact, strip charts (`StripChart`) of its speed and the
/// intervals between its events, and a pen's pressure and tilt, over
/// `window` seconds; per device, its frames over the same span, for its
/// median event rate and how many changes a frame carries (coalescing).
///
/// A contact that lifts stays, marked ended, so a person can read the
/// stroke they just made: until the next contact goes down, or until the
/// app calls `removeEnded()` (the inspector does after `endedLifetime`).
///
/// Times are the compositor's event times (`RawTouch.timestamp`), which
/// show jitter and dropped samples as the device sent them.
public struct InputCharts: Equatable, Sendable {
    /// What a strip charts, with its unit and the range of its scale.
    public enum Quantity: Equatable, Sendable {
        /// Points per second between consecutive events.
        case speed
        /// Milliseconds since the previous event: jitter and dropped samples.
        case interval
        /// A pen's pressure, 0 to 1.
        case pressure
        /// A pen's tilt from upright, degrees.
        case tilt

        public var name: String {
            switch self {
            case .speed: "speed"
            case .interval: "interval"
            case .pressure: "pressure"
            case .tilt: "tilt"
            }
        }

        public var unit: String {
            switch self {
            case .speed: "pt/s"
            case .interval: "ms"
            case .pressure: ""
            case .tilt: "°"
            }
        }

        /// The scale starts here and grows to hold the values…
        var minimumScale: Double {
            switch self {
            case .speed: 100
            case .interval: 10
            case .pressure: 1
            case .tilt: 90
            }
        }

        /// …up to here. An interval's scale stops at 100 ms: one long pause
        /// must not flatten the jitter of the rest.
        var maximumScale: Double {
            switch self {
            case .speed: 1_000_000
            case .interval: 100
            case .pressure: 1
            case .tilt: 90
            }
        }
    }

    /// One strip of a contact.
    public struct Strip: Equatable, Sendable {
        public let quantity: Quantity
        public internal(set) var chart: StripChart
    }

    /// Which contact: its device and its id there.
    public struct ContactKey: Hashable, Sendable {
        public let device: InputDeviceID
        public let id: Int32
    }

    /// A contact's charts.
    public struct ContactSeries: Equatable, Sendable {
        public let key: ContactKey
        public var device: InputDeviceID { key.device }
        public var id: Int32 { key.id }
        /// Lifted (or cancelled): its charts no longer change.
        public internal(set) var isEnded = false
        /// Speed and interval; for pens pressure and tilt too.
        public internal(set) var strips: [Strip]
        /// Its newest event, for the next speed and interval.
        private var last: LastEvent?

        private struct LastEvent: Equatable, Sendable {
            var time: Double
            var location: Point
        }

        var isPen: Bool { Self.isPen(device) }

        static func isPen(_ device: InputDeviceID) -> Bool { device.kind == .pen || device.kind == .eraser }

        init(key: ContactKey, origin: Double) {
            self.key = key
            let quantities: [Quantity] = Self.isPen(key.device) ? [.speed, .interval, .pressure, .tilt] : [.speed, .interval]
            strips = quantities.map { quantity in
                Strip(quantity: quantity,
                      chart: StripChart(columnCount: InputCharts.columnCount, window: InputCharts.window, origin: origin,
                                        minimumScale: quantity.minimumScale, maximumScale: quantity.maximumScale))
            }
        }

        /// Adds an event to its strips; returns each strip's change, by
        /// index in `strips`.
        mutating func add(_ change: RawTouch) -> [(strip: Int, change: StripChart.Change)] {
            let time = change.timestamp
            var values: [Quantity: Double] = [:]
            if let last {
                let elapsed = time - last.time
                values[.interval] = elapsed * 1000
                if elapsed > 0 { values[.speed] = last.location.distance(to: change.location) / elapsed }
            }
            values[.pressure] = change.pressure
            values[.tilt] = change.tilt.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
            last = LastEvent(time: time, location: change.location)
            return strips.indices.compactMap { index in
                guard let value = values[strips[index].quantity] else { return nil }
                return (index, strips[index].chart.add(value, at: time))
            }
        }

    }

    /// One device's events and frames within `window`.
    public struct DeviceSeries: Equatable, Sendable {
        public var device: InputDeviceID
        /// The time of each of its frames and how many changes it carried.
        public internal(set) var frames: [(time: Double, changes: Int)]

        /// The median rate of its frames, from the median interval between
        /// them (Hz); nil with fewer than two.
        public var medianRate: Double? {
            let intervals = zip(frames, frames.dropFirst()).map { $1.time - $0.time }.filter { $0 > 0 }.sorted()
            guard !intervals.isEmpty else { return nil }
            return 1 / intervals[intervals.count / 2]
        }

        /// How many changes its frames carried on average.
        public var eventsPerFrame: Double? {
            frames.isEmpty ? nil : Double(frames.reduce(0) { $0 + $1.changes }) / Double(frames.count)
        }

        mutating func append(_ time: Double, changes: Int, keepingAfter start: Double) {
            frames.append((time, changes))
            frames.removeAll { $0.time < start }
        }

        public static func == (lhs: DeviceSeries, rhs: DeviceSeries) -> Bool {
            lhs.device == rhs.device && lhs.frames.map(\.time) == rhs.frames.map(\.time)
                && lhs.frames.map(\.changes) == rhs.frames.map(\.changes)
        }
    }

    /// What a frame changed in the charts.
    public struct Update: Equatable, Sendable {
        /// A contact came, ended or went: the blocks and their headings.
        public var contactsChanged = false
        /// The strips that changed, per contact and strip (index in its
        /// `strips`).
        public var strips: [StripUpdate] = []
    }

    public struct StripUpdate: Equatable, Sendable {
        public var contact: ContactKey
        public var strip: Int
        public var change: StripChart.Change
    }

    /// How far back the charts go, seconds.
    public static let window = 2.0
    /// A strip's columns over `window`: one a point wide in the panel.
    public static let columnCount = 150
    /// How long an ended contact's charts stay without a new contact
    /// (seconds): long enough to read them.
    public static let endedLifetime = 10.0

    /// The contacts charted, in the order they went down: those down, and
    /// those ended since the last contact went down.
    public private(set) var contacts: [ContactSeries] = []
    /// The devices seen, in the order they were first seen.
    public private(set) var devices: [DeviceSeries] = []

    public init() {}

    /// Whether every contact charted has ended.
    public var allEnded: Bool { contacts.allSatisfy(\.isEnded) }

    /// Takes in a frame.
    @discardableResult
    public mutating func receive(_ frame: TouchFrame) -> Update {
        var update = Update()
        if frame.cancelAll {
            for index in contacts.indices where !contacts[index].isEnded {
                contacts[index].isEnded = true
                update.contactsChanged = true
            }
            return update
        }
        guard let first = frame.changes.first else { return update }
        let latest = frame.changes.map(\.timestamp).max() ?? first.timestamp
        if let index = devices.firstIndex(where: { $0.device == first.device }) {
            devices[index].append(latest, changes: frame.changes.count, keepingAfter: latest - Self.window)
        } else {
            devices.append(DeviceSeries(device: first.device, frames: [(latest, frame.changes.count)]))
        }
        for change in frame.changes {
            let key = ContactKey(device: change.device, id: change.id)
            var index = contacts.firstIndex { $0.key == key && !$0.isEnded }
            switch change.phase {
            case .down, .move:
                // A move of a contact not charted is one that went down
                // before the inspector opened: it is charted from there.
                if index == nil {
                    contacts.removeAll(where: \.isEnded)
                    contacts.append(ContactSeries(key: key, origin: change.timestamp))
                    index = contacts.count - 1
                    update.contactsChanged = true
                }
                if let index {
                    for (strip, stripChange) in contacts[index].add(change) {
                        update.strips.append(StripUpdate(contact: key, strip: strip, change: stripChange))
                    }
                }
            case .up, .cancel:
                if let index {
                    contacts[index].isEnded = true
                    update.contactsChanged = true
                }
            }
        }
        return update
    }

    /// Takes away the contacts that ended; returns whether there were any.
    public mutating func removeEnded() -> Bool {
        let before = contacts.count
        contacts.removeAll(where: \.isEnded)
        return contacts.count != before
    }
}
