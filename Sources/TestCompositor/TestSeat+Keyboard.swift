#if canImport(Glibc)
import Glibc
#endif
import CPlatform
import CWaylandServer
import CWaylandServerProtocols
import CXKBCommon

/// `wl_keyboard` events.
extension TestSeat {
    /// Compiles an XKB keymap for `layout` (evdev rules, pc105) with
    /// xkbcommon, writes it to a memfd and sends it (`wl_keyboard.keymap`,
    /// format xkb_v1, size including the terminating NUL), as compositors do.
    public func sendKeymap(layout: String = "us") {
        let text = Self.keymapText(layout: layout)
        let fd = tt_memfd_create("test-keymap")
        precondition(fd >= 0, "memfd_create failed")
        defer { close(fd) }
        let written = text.withCString { write(fd, $0, strlen($0) + 1) }
        precondition(written == text.utf8.count + 1, "keymap write failed")
        // libwayland duplicates the fd while marshalling; ours closes after.
        sendKeymap(fd: fd, size: UInt32(written), format: WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
    }

    /// `wl_keyboard.keymap` with any fd, size and format (for broken ones).
    public func sendKeymap(fd: Int32, size: UInt32, format: UInt32) {
        for keyboard in live(keyboards) { wl_keyboard_send_keymap(keyboard.resource, format, fd, size) }
    }

    /// `wl_keyboard.enter` with the keys already held; returns the serial.
    @discardableResult
    public func keyboardEnter(_ surface: UnsafeMutablePointer<wl_resource>, keys: [UInt32] = []) -> UInt32 {
        let serial = compositor.serial()
        var array = wl_array()
        wl_array_init(&array)
        defer { wl_array_release(&array) }
        for key in keys {
            wl_array_add(&array, MemoryLayout<UInt32>.size)!.storeBytes(of: key, as: UInt32.self)
        }
        for keyboard in live(keyboards, of: surface) {
            wl_keyboard_send_enter(keyboard.resource, serial, surface, &array)
        }
        return serial
    }

    /// `wl_keyboard.leave`.
    public func keyboardLeave(_ surface: UnsafeMutablePointer<wl_resource>) {
        let serial = compositor.serial()
        for keyboard in live(keyboards, of: surface) {
            wl_keyboard_send_leave(keyboard.resource, serial, surface)
        }
    }

    /// `wl_keyboard.key` with an evdev code (KEY_A = 30).
    public func key(_ code: UInt32, pressed: Bool, time: UInt32) {
        let serial = compositor.serial()
        for keyboard in live(keyboards) {
            wl_keyboard_send_key(keyboard.resource, serial, time, code, pressed ? 1 : 0)
        }
    }

    /// `wl_keyboard.modifiers` with XKB modifier masks (in the "us" keymap
    /// Shift = 1, Lock = 2, Control = 4, Mod1 (Alt) = 8, Mod4 (Logo) = 64).
    public func modifiers(depressed: UInt32, latched: UInt32 = 0, locked: UInt32 = 0, group: UInt32 = 0) {
        let serial = compositor.serial()
        for keyboard in live(keyboards) {
            wl_keyboard_send_modifiers(keyboard.resource, serial, depressed, latched, locked, group)
        }
    }

    /// `wl_keyboard.repeat_info` (v4+): repeats per second and delay in ms.
    public func repeatInfo(rate: Int32, delay: Int32) {
        for keyboard in live(keyboards) where keyboard.version >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION {
            wl_keyboard_send_repeat_info(keyboard.resource, rate, delay)
        }
    }

    /// The keymap text xkbcommon produces for `layout`.
    static func keymapText(layout: String) -> String {
        let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        defer { xkb_context_unref(context) }
        let keymap = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layout in
                    var names = xkb_rule_names(rules: rules, model: model, layout: layout,
                                               variant: nil, options: nil)
                    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        precondition(keymap != nil, "xkbcommon cannot compile layout \(layout)")
        defer { xkb_keymap_unref(keymap) }
        let raw = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1)!
        defer { free(raw) }
        return String(cString: raw)
    }
}
