@testable import Instruments
import Testing
import WaylandInput

@Suite struct InputLogTests {
    @Test func touchFrameLine() {
        let frame = TouchInputFrame(seat: "seat0", changes: [
            TouchChange(id: 0, kind: .down, x: 12.5, y: 40, time: 1234),
            TouchChange(id: 1, kind: .motion, x: 3, y: 4.25, time: 1234, major: 6, minor: 4, orientation: 90),
        ])
        #expect(InputLog.line(for: .touch(frame)) ==
            #"{"seat":"seat0","device":"touch","frame":[{"event":"down","id":0,"x":12.5,"y":40,"time":1234},"#
            + #"{"event":"motion","id":1,"x":3,"y":4.25,"time":1234,"major":6,"minor":4,"orientation":90}]}"#)
    }

    @Test func cancelledTouchFrameLine() {
        let frame = TouchInputFrame(seat: "seat0", changes: [TouchChange(id: 2, kind: .cancel, x: -1.5, y: 0, time: 7)])
        #expect(InputLog.line(for: .touch(frame)) ==
            #"{"seat":"seat0","device":"touch","frame":[{"event":"cancel","id":2,"x":-1.5,"y":0,"time":7}],"cancelled":true}"#)
    }

    @Test func aButtonReleasedByLeaveSaysSo() {
        let frame = PointerFrame(seat: "seat0", events: [.releasedByLeave(button: 0x110), .leave], time: 5)
        #expect(InputLog.line(for: .pointer(frame)) ==
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"button","button":272,"state":"released","byLeave":true},"#
            + #"{"event":"leave"}],"time":5}"#)
    }

    @Test func pointerFrameLine() {
        let frame = PointerFrame(seat: "seat0", events: [
            .enter(x: 1, y: 2), .motion(x: 3.5, y: 4), .button(button: 0x110, pressed: true),
            .axis(PointerAxis(orientation: .vertical, value: 15, discrete: 1, value120: 120, source: .wheel)),
            .axis(PointerAxis(orientation: .horizontal, value: 0, source: .finger, stop: true)),
            .leave,
        ], time: 99)
        #expect(InputLog.line(for: .pointer(frame)) ==
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"enter","x":1,"y":2},"#
            + #"{"event":"motion","x":3.5,"y":4},{"event":"button","button":272,"state":"pressed"},"#
            + #"{"event":"axis","axis":"vertical","value":15,"discrete":1,"value120":120,"source":"wheel"},"#
            + #"{"event":"axis","axis":"horizontal","value":0,"source":"finger","stop":true},"#
            + #"{"event":"leave"}],"time":99}"#)
    }

    @Test func keyLineEscapesText() {
        let key = KeyEvent(seat: "seat0", action: .press, code: 1, keysym: 0xff1b, name: "Escape",
                           text: "", modifiers: [.control, .shift], time: 5)
        #expect(InputLog.line(for: .key(key)) ==
            #"{"seat":"seat0","device":"keyboard","event":"press","code":1,"keysym":65307,"name":"Escape","text":"","modifiers":["shift","ctrl"],"time":5}"#)
        let quote = KeyEvent(seat: "se\"at", action: .repeat, code: 40, keysym: 0x22, name: "quotedbl",
                             text: "\"\\é", modifiers: [], time: 6)
        #expect(InputLog.line(for: .key(quote)) ==
            #"{"seat":"se\"at","device":"keyboard","event":"repeat","code":40,"keysym":34,"name":"quotedbl","text":"\"\\é","modifiers":[],"time":6}"#)
    }

    @Test func focusAndCapabilityLines() {
        #expect(InputLog.line(for: .keyboardFocus(seat: "seat0", entered: false)) ==
            #"{"seat":"seat0","device":"keyboard","event":"leave"}"#)
        #expect(InputLog.line(for: .seatCapabilities(seat: "s", pointer: true, keyboard: false, touch: true)) ==
            #"{"seat":"s","device":"seat","event":"capabilities","pointer":true,"keyboard":false,"touch":true}"#)
    }
}
