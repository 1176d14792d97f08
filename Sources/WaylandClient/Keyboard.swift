import CWaylandClient
import Timing
import Platform
import WaylandInput

/// One seat's `wl_keyboard`: keymap, focus, keys translated through
/// xkbcommon, modifiers, and client-side repeat on the loop's timers.
final class Keyboard {
    private let proxy: OpaquePointer
    private let seatProxy: OpaquePointer
    private let environment: SeatEnvironment
    private let repeater: KeyRepeat
    var seatName: String

    /// Nil until the compositor sends a usable keymap; keys are dropped meanwhile.
    private var state: KeyboardState?
    /// Which of our surfaces has keyboard focus (between enter and leave):
    /// keys go to its window.
    private var focusedSurface: OpaquePointer?
    private var focused: Bool { focusedSurface != nil }
    /// Keys whose press was reported and whose release was not, in press
    /// order, with the last compositor time seen (for synthetic releases).
    private var held: [UInt32] = []
    private var lastTime: UInt32 = 0
    /// Compositor time and loop time of the press now repeating, to give
    /// repeats compositor-like timestamps.
    private var repeatOrigin: (time: UInt32, clock: Double)?

    /// Binds `wl_seat.get_keyboard` for `seat`.
    init(seat: OpaquePointer, name: String, environment: SeatEnvironment) {
        proxy = wl_seat_get_keyboard(seat)
        seatProxy = seat
        seatName = name
        self.environment = environment
        repeater = KeyRepeat(timers: environment.timers)
        wl_keyboard_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops repeating, reports the focus lost, and releases the proxy
    /// (`wl_keyboard.release` from version 3).
    func destroy() {
        leave()
        if wl_keyboard_get_version(proxy) >= WL_KEYBOARD_RELEASE_SINCE_VERSION {
            wl_keyboard_release(proxy)
        } else {
            wl_keyboard_destroy(proxy)
        }
    }

    /// The modifiers in effect while our surface has keyboard focus; none
    /// without it (the compositor sends modifiers only to the focus) or
    /// before a usable keymap.
    var modifiers: KeyboardModifiers {
        guard focused, let state else { return [] }
        return state.modifiers
    }

    /// `wl_keyboard.keymap`. A keymap that cannot be used is reported on
    /// stderr and ignored; the previous one (if any) stays.
    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        repeater.stop()
        do {
            let keymap = try Keymap(fd: fd, size: size, format: format)
            guard let state = KeyboardState(keymap: keymap) else { return }
            self.state = state
        } catch {
            try? FileDescriptor.standardError.writeAll("touchtracker: ignoring keymap from seat \(seatName): \(error)\n")
        }
    }

    private func enter(serial: UInt32, surface: OpaquePointer?) {
        guard environment.isOurSurface(surface) else { return }
        environment.noteInputSerial(seatProxy, serial)
        focusedSurface = surface
        environment.emit(.keyboardFocus(seat: seatName, entered: true), target: focusedSurface)
    }

    /// Focus lost (or the keyboard gone): keys still held are released
    /// first, so the layer above never sees a key stuck down.
    private func leave() {
        repeater.stop()
        guard focused else { return }
        if let state {
            for code in held {
                var release = event(.release, code: code, time: lastTime, state: state)
                release.text = ""
                environment.emit(.key(release), target: focusedSurface)
            }
        }
        held = []
        environment.emit(.keyboardFocus(seat: seatName, entered: false), target: focusedSurface)
        focusedSurface = nil
    }

    /// `wl_keyboard.key`. A release is reported only after a reported press
    /// (keys held when focus arrived were pressed for another surface).
    private func key(serial: UInt32, time: UInt32, code: UInt32, pressed: Bool) {
        guard focused, let state else { return }
        lastTime = time
        if pressed {
            guard !held.contains(code) else { return }
            held.append(code)
            // Before the press goes up: Ctrl+C sets the clipboard for it.
            environment.noteInputSerial(seatProxy, serial)
            environment.emit(.key(event(.press, code: code, time: time, state: state)), target: focusedSurface)
            if state.keymap.repeats(code: code) {
                repeatOrigin = (time, environment.timers.clock.now)
                repeater.start(code: code) { [unowned self] in self.repeatKey(code: code) }
            }
        } else {
            guard let index = held.firstIndex(of: code) else { return }
            held.remove(at: index)
            if repeater.code == code { repeater.stop() }
            var release = event(.release, code: code, time: time, state: state)
            release.text = ""
            environment.emit(.key(release), target: focusedSurface)
        }
    }

    /// A repeat timer fired: the key as the current modifiers make it now.
    private func repeatKey(code: UInt32) {
        guard let state, let origin = repeatOrigin else { return }
        let elapsed = (environment.timers.clock.now - origin.clock) * 1000
        let time = origin.time &+ UInt32(clamping: Int64(elapsed.rounded()))
        environment.emit(.key(event(.repeat, code: code, time: time, state: state)), origin: .keyRepeat, target: focusedSurface)
    }

    private func event(_ action: KeyEvent.Action, code: UInt32, time: UInt32,
                       state: KeyboardState) -> KeyEvent {
        let translated = state.translate(code: code)
        return KeyEvent(seat: seatName, action: action, code: code, keysym: translated.keysym,
                        name: translated.name, text: translated.text,
                        modifiers: state.modifiers, time: time)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Keyboard {
        Unmanaged<Keyboard>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_keyboard` listener; `data` is the unretained `Keyboard`,
    /// which destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                from(data).keymap(format: format, fd: fd, size: size)
            },
            enter: { data, _, serial, surface, _ in
                // The keys already held at enter are not reported: they were
                // pressed for another surface.
                from(data).enter(serial: serial, surface: surface)
            },
            leave: { data, _, _, _ in
                from(data).leave()
            },
            key: { data, _, serial, time, key, state in
                from(data).key(serial: serial, time: time, code: key,
                               pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                from(data).state?.updateMask(depressed: depressed, latched: latched,
                                             locked: locked, group: group)
            },
            repeat_info: { data, _, rate, delay in
                from(data).repeater.configure(rate: rate, delay: delay)
            }))
        return listener
    }()
}
