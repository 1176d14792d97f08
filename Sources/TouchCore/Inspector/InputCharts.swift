/// What the inspector's charts show, kept from the touch frames the window
/// receives: each contact's last `window` seconds (where it was, its
/// pressure and tilt, at the compositor's times), from which its speed and
/// the intervals between its events follow; and each device's events and
/// frames over the same span, for its median event rate and how many
/// changes a frame carries (coalescing).
///
/// Times are the compositor's event times (`RawTouch.timestamp`), which
/// show jitter and dropped samples as the device sent them.
public struct InputCharts: Equatable, Sendable {
    /// One event of a contact.
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var location: Point
        public var pressure: Double?
        public var tilt: Tilt?
    }

    /// A contact that is down, and its events within `window`.
    public struct ContactSeries: Equatable, Sendable {
        public var device: InputDeviceID
        public var id: Int32
        public internal(set) var samples: [Sample]

        /// Its speed between consecutive events, points per second, at the
        /// later one's time.
        public var speeds: [(time: Double, value: Double)] {
            zip(samples, samples.dropFirst()).compactMap { earlier, later in
                let elapsed = later.time - earlier.time
                guard elapsed > 0 else { return nil }
                return (later.time, earlier.location.distance(to: later.location) / elapsed)
            }
        }

        /// The intervals between consecutive events, milliseconds, at the
        /// later one's time.
        public var intervals: [(time: Double, value: Double)] {
            zip(samples, samples.dropFirst()).map { ($1.time, ($1.time - $0.time) * 1000) }
        }

        public var isPen: Bool { device.kind == .pen || device.kind == .eraser }

        mutating func append(_ sample: Sample, keepingAfter start: Double) {
            samples.append(sample)
            samples.removeAll { $0.time < start }
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

    /// How far back the charts go, seconds.
    public static let window = 2.0

    /// The contacts that are down, in the order they went down.
    public private(set) var contacts: [ContactSeries] = []
    /// The devices seen, in the order they were first seen.
    public private(set) var devices: [DeviceSeries] = []

    public init() {}

    /// Takes in a frame; returns whether the contacts' list changed (one
    /// came or went), as opposed to only their charts.
    @discardableResult
    public mutating func receive(_ frame: TouchFrame) -> Bool {
        if frame.cancelAll {
            defer { contacts = [] }
            return !contacts.isEmpty
        }
        guard let first = frame.changes.first else { return false }
        let latest = frame.changes.map(\.timestamp).max() ?? first.timestamp
        let start = latest - Self.window
        if let index = devices.firstIndex(where: { $0.device == first.device }) {
            devices[index].append(latest, changes: frame.changes.count, keepingAfter: start)
        } else {
            devices.append(DeviceSeries(device: first.device, frames: [(latest, frame.changes.count)]))
        }
        var listChanged = false
        for change in frame.changes {
            let sample = Sample(time: change.timestamp, location: change.location, pressure: change.pressure,
                                tilt: change.tilt)
            let index = contacts.firstIndex { $0.device == change.device && $0.id == change.id }
            switch change.phase {
            case .down, .move:
                if let index {
                    contacts[index].append(sample, keepingAfter: start)
                } else {
                    contacts.append(ContactSeries(device: change.device, id: change.id, samples: [sample]))
                    listChanged = true
                }
            case .up, .cancel:
                if let index {
                    contacts.remove(at: index)
                    listChanged = true
                }
            }
        }
        return listChanged
    }
}
