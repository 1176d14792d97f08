#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import CXKBCommon
import Platform

/// A compiled XKB keymap (`xkb_keymap`): what the compositor's
/// `wl_keyboard.keymap` describes, or one built from RMLVO names.
final class Keymap {
    /// Why a keymap could not be used; never fatal: the keyboard then types
    /// nothing until the compositor sends a usable keymap.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unsupportedFormat(UInt32)
        case unreadable(fd: Int32, size: UInt32, errno: Errno)
        case compileFailed

        var description: String {
            switch self {
            case .unsupportedFormat(let format):
                return "keymap format \(format) is not xkb_v1"
            case .unreadable(let fd, let size, let errno):
                return "cannot map keymap fd \(fd) (\(size) bytes): \(errno)"
            case .compileFailed:
                return "xkbcommon could not compile the keymap"
            }
        }
    }

    /// The `xkb_keymap *`, owned (one reference).
    let pointer: OpaquePointer

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        xkb_keymap_unref(pointer)
    }

    /// Compiles keymap text in the XKB text v1 format.
    convenience init(text: String) throws(Failure) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .compileFailed }
        defer { xkb_context_unref(context) }
        let compiled = text.withCString {
            xkb_keymap_new_from_string(context, $0, XKB_KEYMAP_FORMAT_TEXT_V1,
                                       XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let compiled else { throw .compileFailed }
        self.init(pointer: compiled)
    }

    /// Compiles a keymap from rules/model/layout/variant/options names
    /// (empty strings take the system defaults), e.g. layout "us".
    convenience init(layout: String, variant: String = "", options: String = "") throws(Failure) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .compileFailed }
        defer { xkb_context_unref(context) }
        let compiled = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layout in
                    variant.withCString { variant in
                        options.withCString { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: layout,
                                                       variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &names,
                                                             XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let compiled else { throw .compileFailed }
        self.init(pointer: compiled)
    }

    /// Maps and compiles the keymap the compositor sent with
    /// `wl_keyboard.keymap`. The fd is mapped read-only and private (the
    /// compositor may share one sealed file with every client) and is closed
    /// here whatever happens, since the event gave us ownership of it.
    convenience init(fd: Int32, size: UInt32, format: UInt32) throws(Failure) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            throw .unsupportedFormat(format)
        }
        guard size > 0 else { throw .unreadable(fd: fd, size: size, errno: Errno(rawValue: EINVAL)) }
        let mapping: MemoryMapping
        do {
            mapping = try MemoryMapping(FileDescriptor(rawValue: fd), size: Int(size), access: .privateReadOnly)
        } catch {
            throw .unreadable(fd: fd, size: size, errno: error)
        }
        defer { mapping.unmap() }
        let mapped = mapping.base
        // The text is NUL-terminated inside `size`; a file without the NUL is
        // read up to `size` only.
        let bytes = UnsafeRawBufferPointer(start: mapped, count: Int(size))
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .compileFailed }
        defer { xkb_context_unref(context) }
        let compiled = xkb_keymap_new_from_buffer(
            context, mapped.assumingMemoryBound(to: CChar.self), length,
            XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        guard let compiled else { throw .compileFailed }
        self.init(pointer: compiled)
    }

    /// The keymap in XKB text v1 format (what a compositor sends).
    var text: String {
        guard let raw = xkb_keymap_get_as_string(pointer, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Whether holding `code` (evdev) repeats (`xkb_keymap_key_repeats`):
    /// letters do, modifiers do not.
    func repeats(code: UInt32) -> Bool {
        xkb_keymap_key_repeats(pointer, code + Self.evdevOffset) != 0
    }

    /// XKB keycodes are evdev codes plus 8 (an X11 legacy).
    static let evdevOffset: UInt32 = 8
}
