import Canvas
import TouchCore
import WaylandClient
import WaylandInput

/// The cases of `wl_keyboard`: modifiers with a key, and key repeat.
enum KeyboardCases {
    static let all = [modifiers, repeating]

    static let first = Line(begin: Point(x: 100, y: 100), end: Point(x: 500, y: 100))
    static let second = Line(begin: Point(x: 100, y: 160), end: Point(x: 500, y: 160))

    static func names(_ modifiers: KeyboardModifiers) -> String {
        let names = KeyboardModifiers.named.filter { modifiers.contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }

    static let modifiers = ConformanceCase(
        id: "key-modifiers",
        rule: "wl_keyboard.modifiers: Ctrl and Shift held reach the client before the key they modify "
            + "(Ctrl+Z undoes, Ctrl+Shift+Z redoes)",
        devices: [.keyboard], rows: [.timestamps],
        drive: { driver in
            try driver.setUp(lines: [first, second])
            try driver.chord(EvdevCode.leftControl, EvdevCode.z)
            try driver.wait(0.1)
            try driver.chord(EvdevCode.leftControl, EvdevCode.leftShift, EvdevCode.z)
            try driver.wait(0.1)
            try driver.chord(EvdevCode.leftControl, EvdevCode.z)
        },
        expect: { evidence in
            var failures: [String] = []
            let presses = evidence.keys.filter { $0.code == EvdevCode.z && $0.action == .press }
            let wanted: [KeyboardModifiers] = [.control, [.control, .shift], .control]
            if presses.count != 3 {
                failures.append("\(presses.count) presses of Z arrived, not 3")
            } else {
                for (press, modifiers) in zip(presses, wanted) where !press.modifiers.isSuperset(of: modifiers) {
                    failures.append("Z came with modifiers \(names(press.modifiers)), not \(names(modifiers))")
                }
            }
            if evidence.linesAfter != [first] {
                failures.append("after undo, redo and undo the drawing has \(evidence.linesAfter.count) lines, "
                                + "not the first alone")
            }
            return failures
        })

    static let repeating = ConformanceCase(
        id: "key-repeat",
        rule: "wl_keyboard.repeat_info: a key held for 1.2 s repeats in the client at the seat's rate, "
            + "and stops at its release",
        devices: [.keyboard], rows: [.timestamps],
        drive: { driver in
            try driver.setUp(lines: [])
            try driver.key(EvdevCode.f, pressed: true)
            try driver.wait(1.2)
            try driver.key(EvdevCode.f, pressed: false)
            try driver.wait(0.3)
        },
        expect: { evidence in
            let fs = evidence.keys.filter { $0.code == EvdevCode.f }
            var failures: [String] = []
            guard fs.first?.action == .press, let release = fs.lastIndex(where: { $0.action == .release }) else {
                return ["the press and release of F did not both arrive (\(fs.map(\.action.rawValue)))"]
            }
            let repeats = fs.count { $0.action == .repeat }
            if repeats == 0 { failures.append("F held for 1.2 s did not repeat (repeat_info rate 0, or a delay over 1.2 s)") }
            if fs[(release + 1)...].contains(where: { $0.action == .repeat }) {
                failures.append("F went on repeating after its release")
            }
            return failures
        })
}
