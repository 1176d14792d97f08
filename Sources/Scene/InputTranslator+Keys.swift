import TouchCore
import WaylandClient
import WaylandInput

extension InputTranslator {
    func handleKey(_ event: KeyEvent) {
        if event.keysym == Keysym.space {
            if event.action == .release { spaceHeld.remove(event.seat) } else { spaceHeld.insert(event.seat) }
        }
        window.modifiers = Self.modifiers(of: event.modifiers)
        guard event.action != .release else { return }
        let press = KeyPress(Self.key(for: event), modifiers: Self.modifiers(of: event.modifiers),
                             isRepeat: event.action == .repeat)
        if onAppKey?(press) == true { return }
        _ = window.handle(press)
    }

    /// Names the key the way the core does. Letters typed with Control, Alt
    /// or Super produce no text, so shortcuts are named by their keysym in
    /// lower case (Ctrl+Shift+Z is `.character("z")` with shift and control).
    static func key(for event: KeyEvent) -> Key {
        switch event.keysym {
        case Keysym.backSpace: return .backspace
        case Keysym.tab, Keysym.isoLeftTab: return .tab
        case Keysym.returnKey, Keysym.keypadEnter: return .enter
        case Keysym.escape: return .escape
        case Keysym.delete, Keysym.keypadDelete: return .delete
        case Keysym.home: return .home
        case Keysym.end: return .end
        case Keysym.left: return .left
        case Keysym.right: return .right
        case Keysym.up: return .up
        case Keysym.down: return .down
        default: break
        }
        let shortcut = !event.modifiers.isDisjoint(with: [.control, .alt, .logo])
        if shortcut, (0x20...0x7e).contains(event.keysym), let scalar = Unicode.Scalar(event.keysym) {
            return .character(String(Character(scalar)).lowercased())
        }
        if !event.text.isEmpty { return .character(event.text) }
        return .other(event.keysym)
    }

    static func modifiers(of modifiers: WaylandInput.KeyboardModifiers) -> TouchCore.KeyModifiers {
        var result: TouchCore.KeyModifiers = []
        if modifiers.contains(.shift) { result.insert(.shift) }
        if modifiers.contains(.control) { result.insert(.control) }
        if modifiers.contains(.alt) { result.insert(.alt) }
        if modifiers.contains(.logo) { result.insert(.logo) }
        return result
    }
}
