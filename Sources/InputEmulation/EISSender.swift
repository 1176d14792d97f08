import CLibEI
#if canImport(Glibc)
import Glibc
#endif

/// A libei sender on a socket to a compositor's EIS (emulated input
/// server): the virtual touch screen, absolute pointer and keyboard the
/// compositor gives this client, driven from this process. libei is loaded
/// when the first sender is made (`LibEI.load`), never linked.
///
/// The conversation: the compositor connects the client and adds a seat;
/// the sender binds the capabilities it wants on it; the compositor adds
/// devices, each with some of them, and resumes them; the sender starts
/// emulating on each resumed device. Events on a device count once the
/// device's frame is sent. Positions of absolute devices are the
/// compositor's logical coordinates, inside the device's regions.
///
/// `sync` is a ping answered by a pong: the compositor has read every
/// request before it.
public final class EISSender {
    /// One device the compositor gave, with what it can emulate.
    struct Device {
        let handle: OpaquePointer
        let name: String
        let capabilities: UInt32
        var resumed = false
        /// Events sent since its last frame.
        var unframed = false
    }

    private let context: OpaquePointer
    private var seat: OpaquePointer?
    private var devices: [Device] = []
    private var disconnected = false
    /// The `start_emulating` sequence number, one more per start.
    private var sequence: UInt32 = 0
    /// The fingers down, by the caller's slot.
    private var touches: [Int: OpaquePointer] = [:]
    private let disconnectReason = "the compositor's EIS disconnected this client"

    /// Every capability this sender asks for.
    static let wanted = UInt32(TT_EI_CAP_POINTER_ABSOLUTE | TT_EI_CAP_BUTTON | TT_EI_CAP_SCROLL
                               | TT_EI_CAP_KEYBOARD | TT_EI_CAP_TOUCH)

    /// A sender on `fd` (taken over: closed with the sender, or here on
    /// failure), introduced as `name`; waits up to `timeout` seconds until
    /// the compositor has connected it and added a seat.
    public init(fd: Int32, name: String, timeout: Double = 3) throws(EISError) {
        try LibEI.load()
        guard let context = tt_ei_new_sender() else {
            close(fd)
            throw EISError("libei cannot make a sender context")
        }
        self.context = context
        tt_ei_configure_name(context, name)
        let result = tt_ei_setup_backend_fd(context, fd)
        guard result == 0 else {
            throw EISError("libei cannot take the compositor's EIS socket: \(String(cString: strerror(-result)))")
        }
        try dispatch(until: timeout, what: "the compositor's EIS to connect this client and add a seat") { seat != nil }
    }

    deinit {
        for touch in touches.values { tt_ei_touch_unref(touch) }
        for device in devices { tt_ei_device_unref(device.handle) }
        tt_ei_unref(context)
    }

    /// Waits up to `timeout` seconds until, for each of `capabilities` (the
    /// `TT_EI_CAP_…`), a resumed device has it; false when some never came.
    public func awaitDevices(with capabilities: [Int], timeout: Double = 3) throws(EISError) -> Bool {
        do {
            try dispatch(until: timeout, what: "devices") { capabilities.allSatisfy { hasDevice(with: $0) } }
            return true
        } catch where !disconnected {
            return false
        }
    }

    /// Whether a resumed device has `capability`.
    public func hasDevice(with capability: Int) -> Bool {
        device(with: UInt32(capability)) != nil
    }

    /// The names of the devices the compositor gave, with whether each is
    /// resumed: what an error message lists.
    public var deviceNames: [String] { devices.map { $0.name + ($0.resumed ? "" : " (paused)") } }

    /// The bounding box of the regions of the device with `capability`, as
    /// (x, y, width, height): where its absolute positions may go.
    public func region(of capability: Int) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let device = device(with: UInt32(capability)) else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var index = 0
        while let region = tt_ei_device_get_region(device.handle, index) {
            let x = Double(tt_ei_region_get_x(region)), y = Double(tt_ei_region_get_y(region))
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x + Double(tt_ei_region_get_width(region)))
            maxY = max(maxY, y + Double(tt_ei_region_get_height(region)))
            index += 1
        }
        return index == 0 ? nil : (minX, minY, maxX - minX, maxY - minY)
    }

    // MARK: Touch

    public func touchDown(slot: Int, x: Double, y: Double) throws(EISError) {
        let device = try live(TT_EI_CAP_TOUCH)
        guard touches[slot] == nil else { throw EISError("finger \(slot) is already down") }
        guard let touch = tt_ei_device_touch_new(devices[device].handle) else {
            throw EISError("libei cannot make a touch on \(devices[device].name)")
        }
        touches[slot] = touch
        tt_ei_touch_down(touch, x, y)
        devices[device].unframed = true
    }

    public func touchMotion(slot: Int, x: Double, y: Double) throws(EISError) {
        let device = try live(TT_EI_CAP_TOUCH)
        guard let touch = touches[slot] else { throw EISError("finger \(slot) is not down") }
        tt_ei_touch_motion(touch, x, y)
        devices[device].unframed = true
    }

    public func touchUp(slot: Int) throws(EISError) {
        let device = try live(TT_EI_CAP_TOUCH)
        guard let touch = touches.removeValue(forKey: slot) else { throw EISError("finger \(slot) is not down") }
        tt_ei_touch_up(touch)
        tt_ei_touch_unref(touch)
        devices[device].unframed = true
    }

    /// Cancels every finger down. libei sends an up instead where the
    /// compositor's EIS speaks `ei_touchscreen` version 1 only.
    public func touchCancel() throws(EISError) {
        let device = try live(TT_EI_CAP_TOUCH)
        for touch in touches.values {
            tt_ei_touch_cancel(touch)
            tt_ei_touch_unref(touch)
        }
        touches = [:]
        devices[device].unframed = true
    }

    // MARK: Pointer and keyboard

    public func pointerMotion(x: Double, y: Double) throws(EISError) {
        let device = try live(TT_EI_CAP_POINTER_ABSOLUTE)
        tt_ei_device_pointer_motion_absolute(devices[device].handle, x, y)
        devices[device].unframed = true
    }

    /// `button` is a Linux event code (BTN_LEFT 0x110).
    public func pointerButton(_ button: UInt32, pressed: Bool) throws(EISError) {
        let device = try live(TT_EI_CAP_BUTTON, preferring: TT_EI_CAP_POINTER_ABSOLUTE)
        tt_ei_device_button_button(devices[device].handle, button, pressed)
        devices[device].unframed = true
    }

    /// A wheel turned by `dx120`, `dy120` (120 = one detent).
    public func scrollDiscrete(dx120: Int32, dy120: Int32) throws(EISError) {
        let device = try live(TT_EI_CAP_SCROLL, preferring: TT_EI_CAP_POINTER_ABSOLUTE)
        tt_ei_device_scroll_discrete(devices[device].handle, dx120, dy120)
        devices[device].unframed = true
    }

    /// `code` is a Linux event code (KEY_LEFTCTRL 29).
    public func key(_ code: UInt32, pressed: Bool) throws(EISError) {
        let device = try live(TT_EI_CAP_KEYBOARD)
        tt_ei_device_keyboard_key(devices[device].handle, code, pressed)
        devices[device].unframed = true
    }

    // MARK: Flow

    /// Sends the frame of every device with events since its last one: the
    /// compositor handles a device's events as one hardware event.
    public func frame() throws(EISError) {
        guard !disconnected else { throw EISError(disconnectReason) }
        let now = tt_ei_now(context)
        for index in devices.indices where devices[index].unframed {
            tt_ei_device_frame(devices[index].handle, now)
            devices[index].unframed = false
        }
    }

    /// Returns once the compositor has read every request sent so far (a
    /// ping and its pong).
    public func sync(timeout: Double = 3) throws(EISError) {
        guard !disconnected else { throw EISError(disconnectReason) }
        guard let ping = tt_ei_new_ping(context) else { throw EISError("libei cannot make a ping") }
        defer { tt_ei_ping_unref(ping) }
        var answered = false
        tt_ei_ping(ping)
        try dispatch(until: timeout, what: "the compositor's EIS to answer a ping",
                     onPong: { if $0 == ping { answered = true } }) { answered }
    }

    // MARK: Events

    /// Reads and handles the compositor's events until `done` holds,
    /// for at most `timeout` seconds; throws, saying what it waited for,
    /// when that passes or the compositor disconnects.
    private func dispatch(until timeout: Double, what: String, onPong: (OpaquePointer) -> Void = { _ in },
                          _ done: () -> Bool) throws(EISError) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + timeout
        while true {
            handleEvents(onPong: onPong)
            if disconnected { throw EISError(disconnectReason + " while waiting for " + what) }
            if done() { return }
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else {
                throw EISError("no answer in \(timeout) s waiting for " + what
                               + (devices.isEmpty ? "" : " (devices: " + deviceNames.joined(separator: ", ") + ")"))
            }
            var descriptor = pollfd(fd: tt_ei_get_fd(context), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR {
                throw EISError("poll on the EIS socket failed: \(String(cString: strerror(errno)))")
            }
            if ready > 0 { tt_ei_dispatch(context) }
        }
    }

    private func handleEvents(onPong: (OpaquePointer) -> Void) {
        while let event = tt_ei_get_event(context) {
            defer { tt_ei_event_unref(event) }
            switch tt_ei_event_get_type(event) {
            case Int32(TT_EI_EVENT_DISCONNECT):
                disconnected = true
            case Int32(TT_EI_EVENT_SEAT_ADDED):
                // The first seat is the one: the compositors here offer one.
                guard seat == nil, let added = tt_ei_event_get_seat(event) else { break }
                seat = added
                tt_ei_seat_bind_capabilities(added, Self.wanted)
            case Int32(TT_EI_EVENT_SEAT_REMOVED):
                if tt_ei_event_get_seat(event) == seat { seat = nil }
            case Int32(TT_EI_EVENT_DEVICE_ADDED):
                guard let handle = tt_ei_event_get_device(event) else { break }
                var capabilities: UInt32 = 0
                for bit in 0..<6 where tt_ei_device_has_capability(handle, UInt32(1) << bit) {
                    capabilities |= UInt32(1) << bit
                }
                let name = tt_ei_device_get_name(handle).map { String(cString: $0) } ?? "unnamed"
                devices.append(Device(handle: tt_ei_device_ref(handle), name: name, capabilities: capabilities))
            case Int32(TT_EI_EVENT_DEVICE_REMOVED):
                if let index = index(of: tt_ei_event_get_device(event)) {
                    tt_ei_device_unref(devices[index].handle)
                    devices.remove(at: index)
                }
            case Int32(TT_EI_EVENT_DEVICE_RESUMED):
                if let index = index(of: tt_ei_event_get_device(event)) {
                    devices[index].resumed = true
                    sequence += 1
                    tt_ei_device_start_emulating(devices[index].handle, sequence)
                }
            case Int32(TT_EI_EVENT_DEVICE_PAUSED):
                if let index = index(of: tt_ei_event_get_device(event)) { devices[index].resumed = false }
            case Int32(TT_EI_EVENT_PONG):
                if let ping = tt_ei_event_pong_get_ping(event) { onPong(ping) }
            default:
                // The connection itself, keyboard modifiers and the
                // compositor's own pings (libei answers them as the event
                // goes) need nothing here.
                break
            }
        }
    }

    private func index(of handle: OpaquePointer?) -> Int? {
        devices.firstIndex { $0.handle == handle }
    }

    private func device(with capability: UInt32) -> Device? {
        devices.first { $0.resumed && $0.capabilities & capability != 0 }
    }

    /// The index of the resumed device with `capability`, the one that also
    /// has `preferred` where there are several (mutter's absolute pointer
    /// has buttons, and so has its relative one); throws when none is.
    private func live(_ capability: Int, preferring preferred: Int = 0) throws(EISError) -> Int {
        guard !disconnected else { throw EISError(disconnectReason) }
        let wanted = UInt32(capability)
        let candidates = devices.indices.filter { devices[$0].resumed && devices[$0].capabilities & wanted != 0 }
        if let best = candidates.first(where: { devices[$0].capabilities & UInt32(preferred) != 0 }) ?? candidates.first {
            return best
        }
        throw EISError("the compositor's EIS gave no resumed device that can \(Self.describe(wanted))"
                       + (devices.isEmpty ? "" : " (devices: " + deviceNames.joined(separator: ", ") + ")"))
    }

    static func describe(_ capability: UInt32) -> String {
        switch Int(capability) {
        case TT_EI_CAP_TOUCH: "touch"
        case TT_EI_CAP_POINTER_ABSOLUTE: "move a pointer to a position"
        case TT_EI_CAP_BUTTON: "press a button"
        case TT_EI_CAP_SCROLL: "scroll"
        case TT_EI_CAP_KEYBOARD: "press a key"
        default: "emulate capability \(capability)"
        }
    }
}

/// libei itself, loaded at run time.
public enum LibEI {
    /// Loads libei.so.1 (once); throws why it cannot, which is the EIS back
    /// end's reason for not being offered.
    public static func load() throws(EISError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard tt_ei_load(&reason, reason.count) == 0 else {
            let words = String(cString: reason)
            throw EISError(words.contains("cannot open shared object")
                           ? "libei.so.1 not found (Debian 12 has no libei; Debian 13's libei1 has it)" : words)
        }
    }
}

/// Why an EIS conversation failed, in words for the report.
public struct EISError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
