import WaylandInput

/// What `check --html` draws of a recording: every contact from down to up
/// (a finger, a pen or eraser on the tablet, the mouse's left button), the
/// frames that changed it, whether it was cancelled, a pen's pressure; and
/// the intervals between one device's events.
struct RecordingTimeline {
    struct Contact {
        enum Device: String, Equatable {
            case touch, pen, mouse
        }

        var seat: String
        var device: Device
        /// The touch id, the tablet tool's id, or the pointer button.
        var id: Int32
        /// When it went down and up, in seconds of the recording; `end` nil:
        /// still down when the recording ended.
        var start: Double
        var end: Double?
        /// When each batch that changed it arrived (its down and up included).
        var frames: [Double]
        var cancelled = false
        /// A pen's pressure (0…1) at each frame that carried one.
        var pressure: [(time: Double, value: Double)] = []

        var label: String { Self.label(seat, device, id) }

        static func label(_ seat: String, _ device: Device, _ id: Int32) -> String {
            "\(seat) \(device.rawValue) \(id)"
        }
    }

    /// Every contact, in the order they began.
    private(set) var contacts: [Contact] = []
    /// For each device ("seat0 touch"), the intervals between the
    /// compositor's times of its consecutive batches, in milliseconds,
    /// leaving out pauses longer than `pause`.
    private(set) var intervals: [(device: String, milliseconds: [Double])] = []
    /// The time of the recording's last line, seconds.
    private(set) var duration = 0.0

    /// A gap longer than this between two batches of a device is a pause
    /// between gestures, not an interval between samples.
    static let pause = 250.0
    /// The pointer button that is a touch: the left one (BTN_LEFT).
    static let leftButton: UInt32 = 272

    init(_ recording: Recording) {
        var open: [String: Int] = [:]
        // The last contact of each label that ended: the frame that lifted
        // a pen carries its last pressure. (Looked up, not searched for: a
        // search of every contact for each hovering frame was quadratic.)
        var lastEnded: [String: Int] = [:]
        var lastTimes: [String: UInt32] = [:]
        var intervalsByDevice: [String: [Double]] = [:]
        var deviceOrder: [String] = []

        func begin(_ contact: Contact) {
            open[contact.label] = contacts.count
            contacts.append(contact)
        }
        func changed(_ label: String, at time: Double) {
            guard let index = open[label], contacts[index].frames.last != time else { return }
            contacts[index].frames.append(time)
        }
        func finish(_ label: String, at time: Double, cancelled: Bool = false) {
            guard let index = open.removeValue(forKey: label) else { return }
            lastEnded[label] = index
            if contacts[index].frames.last != time { contacts[index].frames.append(time) }
            contacts[index].end = time
            contacts[index].cancelled = cancelled
        }
        func sample(_ device: String, at compositorTime: UInt32) {
            if let last = lastTimes[device] {
                let milliseconds = Double(compositorTime &- last)
                if milliseconds <= Self.pause {
                    if intervalsByDevice[device] == nil { deviceOrder.append(device) }
                    intervalsByDevice[device, default: []].append(milliseconds)
                }
            }
            lastTimes[device] = compositorTime
        }

        for entry in recording.entries {
            duration = max(duration, entry.time)
            guard case .batch(let event, _, _) = entry.item else { continue }
            let time = entry.time
            switch event {
            case .touch(let frame):
                for change in frame.changes {
                    let label = Contact.label(frame.seat, .touch, change.id)
                    switch change.kind {
                    case .down:
                        finish(label, at: time)
                        begin(Contact(seat: frame.seat, device: .touch, id: change.id, start: time, frames: [time]))
                    case .motion: changed(label, at: time)
                    case .up: finish(label, at: time)
                    case .cancel: finish(label, at: time, cancelled: true)
                    }
                }
                if let latest = frame.changes.map(\.time).max(), !frame.cancelled {
                    sample("\(frame.seat) touch", at: latest)
                }
            case .pointer(let frame):
                let label = Contact.label(frame.seat, .mouse, Int32(Self.leftButton))
                var moved = false
                for pointerEvent in frame.events {
                    switch pointerEvent {
                    case .button(let button, let pressed) where button == Self.leftButton:
                        moved = true
                        if pressed {
                            finish(label, at: time)
                            begin(Contact(seat: frame.seat, device: .mouse, id: Int32(button), start: time,
                                          frames: [time]))
                        } else {
                            finish(label, at: time)
                        }
                    case .releasedByLeave(let button) where button == Self.leftButton:
                        finish(label, at: time, cancelled: true)
                    case .motion:
                        moved = true
                        changed(label, at: time)
                    case .enter, .leave, .button, .releasedByLeave, .axis:
                        break
                    }
                }
                if moved { sample("\(frame.seat) pointer", at: frame.time) }
            case .tabletTool(let frame):
                let label = Contact.label(frame.seat, .pen, frame.tool.id)
                for toolEvent in frame.events {
                    switch toolEvent {
                    case .down:
                        finish(label, at: time)
                        begin(Contact(seat: frame.seat, device: .pen, id: frame.tool.id, start: time, frames: [time]))
                    case .up, .proximityOut: finish(label, at: time)
                    case .cancel: finish(label, at: time, cancelled: true)
                    case .proximityIn, .button, .wheel: break
                    }
                }
                changed(label, at: time)
                if let pressure = frame.axes.pressure {
                    // The frame that lifted it carries the last pressure: keep it on the stroke.
                    let index = open[label] ?? lastEnded[label].flatMap { contacts[$0].end == time ? $0 : nil }
                    if let index { contacts[index].pressure.append((time, pressure)) }
                }
                sample("\(frame.seat) tablet", at: frame.time)
            case .pointerGesture, .key, .keyboardFocus, .seatCapabilities:
                break
            }
        }
        intervals = deviceOrder.map { ($0, intervalsByDevice[$0] ?? []) }
    }
}
