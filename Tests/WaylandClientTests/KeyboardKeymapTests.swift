import Testing
import TestSupport
@testable import WaylandClient

@Suite struct KeyboardKeymapTests {
    private func usState() throws -> KeyboardState {
        try #require(KeyboardState(keymap: try Keymap(layout: "us")))
    }

    @Test func plainLetterTypesItself() throws {
        let state = try usState()
        let key = state.translate(code: EvdevKey.a)
        #expect(key.keysym == 0x61)
        #expect(key.name == "a")
        #expect(key.text == "a")
        #expect(state.modifiers.isEmpty)
    }

    @Test func shiftMaskGivesCapital() throws {
        let state = try usState()
        state.updateMask(depressed: 1, latched: 0, locked: 0, group: 0)  // Shift is mod index 0
        let key = state.translate(code: EvdevKey.a)
        #expect(key.keysym == 0x41)
        #expect(key.text == "A")
        #expect(state.modifiers == .shift)
    }

    @Test func controlLetterKeepsKeysymButTypesNothing() throws {
        let state = try usState()
        state.updateMask(depressed: 1 << 2, latched: 0, locked: 0, group: 0)  // Control is index 2
        let key = state.translate(code: EvdevKey.z)
        #expect(key.keysym == 0x7a)
        #expect(key.text == "")
        #expect(state.modifiers == .control)
    }

    @Test func escapeAndReturnTypeNothing() throws {
        let state = try usState()
        #expect(state.translate(code: EvdevKey.escape).name == "Escape")
        #expect(state.translate(code: EvdevKey.escape).text == "")
        #expect(state.translate(code: EvdevKey.enter).text == "")
    }

    @Test func lettersRepeatModifiersDoNot() throws {
        let keymap = try Keymap(layout: "us")
        #expect(keymap.repeats(code: EvdevKey.a))
        #expect(!keymap.repeats(code: EvdevKey.leftShift))
    }

    @Test func keymapTextRoundTrips() throws {
        let text = try Keymap(layout: "us").text
        #expect(text.hasPrefix("xkb_keymap"))
        let state = try #require(KeyboardState(keymap: try Keymap(text: text)))
        #expect(state.translate(code: EvdevKey.a).text == "a")
    }

    @Test func garbageKeymapIsRejectedNotFatal() {
        #expect(throws: Keymap.Failure.compileFailed) { try Keymap(text: "not a keymap") }
        #expect(throws: Keymap.Failure.unsupportedFormat(0)) {
            try Keymap(fd: -1, size: 10, format: 0)
        }
    }
}
