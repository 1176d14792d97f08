import Presentation
import TouchCore

/// What the inspector overlay shows, kept from the touch frames the window
/// receives and the window's trace: every active contact (where, which
/// seat and id, what kind, its phase, since when, how many events per
/// second), the last frames and which changes each grouped, the canvas's
/// recognizers (`RecognizerTimeline`) and the input latency
/// (`LatencyReadout`).
///
/// Times are the caller's clock in seconds (our monotonic clock in the app,
/// a fake one in tests); only the latency compares them with the
/// compositor's event times.
public struct InspectorModel: Sendable {
    /// One contact that is down: a finger, the mouse's left button, a pen's tip.
    public struct Contact: Equatable, Sendable {
        public var device: InputDeviceID
        /// The compositor's id (`wl_touch` id; the tool's for a pen; 0 for the mouse).
        public var id: Int32
        /// `.down` until its first move, then `.move`.
        public var phase: RawTouch.Phase
        /// Window coordinates, points.
        public var location: Point
        /// When it went down, or was first seen moving (see `sawDown`).
        var downTime: Double
        /// False for a contact that was already down when the model started
        /// (the overlay opened mid-stroke): its age counts from its first move.
        public var sawDown: Bool
        /// The serial of the last frame that changed it (`FrameGroup.serial`).
        public var frame: Int
        /// When its events arrived, within the last `rateWindow`.
        var eventTimes: [Double]

        public func age(at now: Double) -> Double { now - downTime }

        /// Its events in the `rateWindow` before `now`, per second.
        public func rate(at now: Double) -> Double {
            Double(eventTimes.count { $0 > now - InspectorModel.rateWindow && $0 <= now }) / InspectorModel.rateWindow
        }
    }

    /// One frame's worth of changes: one `wl_touch.frame` of a touch
    /// screen (or `wl_pointer.frame`, or a tablet tool's frame).
    public struct FrameGroup: Equatable, Sendable {
        /// Frames are numbered from 1 in the order they arrived.
        public var serial: Int
        /// The seat and device the frame came from; nil for a frame that
        /// cancels every touch (`TouchFrame.cancelAll`).
        public var device: InputDeviceID?
        /// Each change's contact id and phase, in protocol order.
        public var changes: [Change]
        public var cancelsAll: Bool

        public struct Change: Equatable, Sendable {
            public var id: Int32
            public var phase: RawTouch.Phase

            public init(id: Int32, phase: RawTouch.Phase) {
                self.id = id
                self.phase = phase
            }
        }
    }

    /// A contact before and after a frame: what it shows at and must be
    /// repainted at (nil: not there).
    public struct ContactUpdate: Equatable, Sendable {
        public var before: Contact?
        public var after: Contact?
    }

    /// The span event rates are counted over, seconds.
    static let rateWindow = 0.5
    /// How many of the last frames are kept.
    public static let frameCapacity = 4

    /// The contacts that are down, in the order they went down.
    public private(set) var contacts: [Contact] = []
    /// The last frames, oldest first, at most `frameCapacity`.
    public private(set) var frames: [FrameGroup] = []
    /// The canvas's recognizers; fed with `record(_:at:)`.
    public private(set) var timeline: RecognizerTimeline
    public private(set) var latency = LatencyReadout()
    /// Input → on screen, from the compositor's presentation feedback.
    public private(set) var presentation = PresentationStatistics()
    /// Whether the compositor offers presentation feedback at all.
    public var presentationOffered = true
    /// The modern protocols the compositor offers, by compact name and
    /// version ("cursor2"), for the panel.
    public var protocolsOffered: [String] = []
    /// Whether input frames are paced for the compositor's predicted latch
    /// (otherwise by frame callbacks).
    public var pacedForLatch = false
    /// Whether the compositor offers it but left the last requests for it
    /// unanswered, so the window stopped asking (sway 1.7 headless).
    public var presentationUnanswered = false
    /// Each contact's and device's last seconds, for the charts: fed by
    /// the inspector (`InputCharts.receive`), which damages what it changed.
    public var charts = InputCharts()
    /// The latency histograms the charts show (input → commit, input →
    /// presented) as of the inspector's last refresh: the latencies change
    /// with nearly every frame, the histograms a few times a second.
    public var histograms = [LatencyHistogram(milliseconds: []), LatencyHistogram(milliseconds: [])]
    /// The histograms of the latencies as they are now; the second is of
    /// the estimate from frame callbacks while that is what the compositor
    /// gives (`PresentationStatistics.showsEstimate`).
    public var currentHistograms: [LatencyHistogram] {
        let onScreen = presentation.showsEstimate ? presentation.estimatedLatencies : presentation.latencies
        return [LatencyHistogram(milliseconds: latency.samples.map { $0 * 1000 }),
                LatencyHistogram(milliseconds: onScreen.map { $0 * 1000 })]
    }
    private var nextSerial = 1

    public init(timeline: RecognizerTimeline = RecognizerTimeline()) {
        self.timeline = timeline
    }

    /// Takes in a frame the window receives at `time`; returns every
    /// contact it changed, before and after.
    public mutating func receive(_ frame: TouchFrame, at time: Double) -> [ContactUpdate] {
        let serial = nextSerial
        nextSerial += 1
        frames.append(FrameGroup(serial: serial, device: frame.cancelAll ? nil : frame.changes.first?.device,
                                 changes: frame.cancelAll ? [] : frame.changes.map { .init(id: $0.id, phase: $0.phase) },
                                 cancelsAll: frame.cancelAll))
        if frames.count > Self.frameCapacity { frames.removeFirst(frames.count - Self.frameCapacity) }
        latency.received(eventTime: frame.timestamp)
        if frame.cancelAll {
            defer { contacts = [] }
            return contacts.map { ContactUpdate(before: $0, after: nil) }
        }
        var updates: [ContactUpdate] = []
        for change in frame.changes {
            let index = contacts.firstIndex { $0.device == change.device && $0.id == change.id }
            let before = index.map { contacts[$0] }
            var after: Contact?
            switch change.phase {
            case .down:
                after = Contact(device: change.device, id: change.id, phase: .down, location: change.location,
                                downTime: time, sawDown: true, frame: serial, eventTimes: [time])
            case .move:
                var contact = before ?? Contact(device: change.device, id: change.id, phase: .move,
                                                location: change.location, downTime: time, sawDown: false,
                                                frame: serial, eventTimes: [])
                contact.phase = .move
                contact.location = change.location
                contact.frame = serial
                contact.eventTimes.removeAll { $0 <= time - Self.rateWindow }
                contact.eventTimes.append(time)
                after = contact
            case .up, .cancel:
                guard before != nil else { continue }
            }
            if let index {
                if let after { contacts[index] = after } else { contacts.remove(at: index) }
            } else if let after {
                contacts.append(after)
            }
            updates.append(ContactUpdate(before: before, after: after))
        }
        return updates
    }

    /// Takes in a trace record received at `time`; returns the index of
    /// the timeline row it changed (see `RecognizerTimeline.record`).
    @discardableResult
    public mutating func record(_ record: TraceRecord, at time: Double) -> Int? {
        timeline.record(record, at: time)
    }

    /// A frame went to the compositor at `time`; returns whether the
    /// latency readout changed (see `LatencyReadout.committed`).
    @discardableResult
    public mutating func committed(at time: Double) -> Bool {
        latency.committed(at: time)
    }

    /// The compositor told what became of a frame with input.
    public mutating func presented(_ frame: FramePresentation) {
        presentation.add(frame)
    }
}
