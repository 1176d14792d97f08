import CXKBCommon
import WaylandInput

/// The keyboard's modifier and layout state over a keymap (`xkb_state`),
/// fed by `wl_keyboard.modifiers` and used to translate key codes.
final class KeyboardState {
    let keymap: Keymap
    /// The `xkb_state *`, owned.
    private let state: OpaquePointer

    /// A fresh state (no modifiers); nil only if xkbcommon runs out of memory.
    init?(keymap: Keymap) {
        guard let state = xkb_state_new(keymap.pointer) else { return nil }
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
    }

    /// `wl_keyboard.modifiers`: the compositor's serialized modifier state.
    func updateMask(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// What `code` (evdev) means under the current state.
    func translate(code: UInt32) -> (keysym: UInt32, name: String, text: String) {
        let xkbCode = code + Keymap.evdevOffset
        let keysym = xkb_state_key_get_one_sym(state, xkbCode)
        return (keysym, Self.name(of: keysym), text(of: xkbCode))
    }

    /// The modifiers currently in effect (depressed, latched or locked).
    var modifiers: KeyboardModifiers {
        var result: KeyboardModifiers = []
        for (modifier, name) in Self.xkbNames
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(modifier)
        }
        return result
    }

    /// The XKB real modifier behind each of ours (XKB_MOD_NAME_*).
    private static let xkbNames: [(KeyboardModifiers, String)] = [
        (.shift, "Shift"), (.control, "Control"), (.alt, "Mod1"),
        (.logo, "Mod4"), (.capsLock, "Lock"), (.numLock, "Mod2"),
    ]

    /// Typed text, without control characters: Return, Tab, Escape or
    /// Ctrl+letter type nothing the canvas could show.
    private func text(of xkbCode: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_state_key_get_utf8(state, xkbCode, &buffer, buffer.count)
        guard length > 0 else { return "" }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) },
                          as: UTF8.self)
        return String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !($0.value < 0x20 || (0x7f...0x9f).contains($0.value))
        }))
    }

    private static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) },
                      as: UTF8.self)
    }
}
