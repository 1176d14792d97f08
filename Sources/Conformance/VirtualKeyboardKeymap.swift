import CXKBCommon
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// The keymap a virtual keyboard types in (US layout, xkbcommon's
/// defaults) and the modifier state its keys make: a virtual keyboard
/// sends `zwp_virtual_keyboard_v1.modifiers` itself, so it keeps the state
/// a real keyboard's compositor would (`xkb_state`).
final class VirtualKeyboardKeymap {
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// The modifiers as `wl_keyboard.modifiers` carries them.
    struct Modifiers: Equatable {
        var depressed: UInt32 = 0
        var latched: UInt32 = 0
        var locked: UInt32 = 0
        var group: UInt32 = 0
    }

    init() throws(EmulationFailure) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw EmulationFailure(description: "xkbcommon: no context")
        }
        defer { xkb_context_unref(context) }
        var names = xkb_rule_names(rules: nil, model: nil, layout: nil, variant: nil, options: nil)
        let compiled = "us".withCString { layout in
            names.layout = layout
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let compiled, let state = xkb_state_new(compiled) else {
            throw EmulationFailure(description: "xkbcommon could not compile a US keymap (is xkb-data installed?)")
        }
        keymap = compiled
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
    }

    /// The keymap's text in a sealed memory file, as `keymap` sends it:
    /// the descriptor (the caller closes it once sent) and the size with
    /// the terminating NUL.
    func file() throws(EmulationFailure) -> (fd: FileDescriptor, size: UInt32) {
        guard let raw = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw EmulationFailure(description: "xkbcommon could not write the keymap")
        }
        defer { free(raw) }
        let size = strlen(raw) + 1
        do {
            let (fd, mapping) = try SharedMemoryFile.create(name: "touchtracker-conformance-keymap", size: size)
            mapping.base.copyMemory(from: raw, byteCount: size)
            mapping.unmap()
            return (fd, UInt32(size))
        } catch {
            throw EmulationFailure(description: "cannot make the keymap's file: \(error)")
        }
    }

    /// Presses or releases evdev `code` in the state; returns the modifiers after.
    func update(code: UInt32, pressed: Bool) -> Modifiers {
        // XKB keycodes are evdev codes plus 8.
        xkb_state_update_key(state, code + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return Modifiers(depressed: xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                         latched: xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                         locked: xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                         group: xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }
}
