@testable import Instruments
import Testing
import TestCompositor
@testable import WaylandClient

/// The `--log-input` example session of docs/file-formats.md, produced by real events
/// through the test compositor.
@Suite struct InputLogSessionTests {
    @Test func exampleSession() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.sendKeymap()
            input.seat.keyboardEnter(input.ours)
            input.seat.touchDown(on: input.ours, id: 0, x: 12.5, y: 40, time: 1234)
            input.seat.touchFrame()
            input.seat.touchMotion(id: 0, x: 14, y: 42.75, time: 1250)
            input.seat.touchFrame()
            input.seat.touchUp(id: 0, time: 1266)
            input.seat.pointerEnter(input.ours, x: 100, y: 80)
            input.seat.pointerFrame()
            input.seat.pointerButton(0x110, pressed: true, time: 1400)
            input.seat.pointerFrame()
            input.seat.pointerAxisSource(.wheel)
            input.seat.pointerAxisSteps(.vertical, steps: 1)
            input.seat.pointerAxis(.vertical, value: 15, time: 1500)
            input.seat.pointerFrame()
            input.seat.modifiers(depressed: 4)
            input.seat.key(1, pressed: true, time: 1600)
        }
        let lines = input.events.map(InputLog.line(for:))
        #expect(lines == [
            #"{"seat":"seat0","device":"seat","event":"capabilities","pointer":true,"keyboard":true,"touch":true}"#,
            #"{"seat":"seat0","device":"keyboard","event":"enter"}"#,
            #"{"seat":"seat0","device":"touch","frame":[{"event":"down","id":0,"x":12.5,"y":40,"time":1234}]}"#,
            #"{"seat":"seat0","device":"touch","frame":[{"event":"motion","id":0,"x":14,"y":42.75,"time":1250}]}"#,
            #"{"seat":"seat0","device":"touch","frame":[{"event":"up","id":0,"x":14,"y":42.75,"time":1266}]}"#,
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"enter","x":100,"y":80}],"time":0}"#,
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"button","button":272,"state":"pressed"}],"time":1400}"#,
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"axis","axis":"vertical","value":15,"discrete":1,"value120":120,"source":"wheel"}],"time":1500}"#,
            #"{"seat":"seat0","device":"keyboard","event":"press","code":1,"keysym":65307,"name":"Escape","text":"","modifiers":["ctrl"],"time":1600}"#,
        ])
    }

    @Test func examplePenSession() throws {
        let input = try InputHarness(tabletManager: true)
        let tablet = input.seat.addTablet(name: "Wacom Intuos")
        let pen = input.seat.addTabletTool(type: 0x140, serial: 2_148_059_137, hardwareID: 2050, capabilities: [1, 2])
        try input.harness.settle()
        input.events = []
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.motion(x: 50, y: 50)
            pen.frame(time: 2000)
            pen.down()
            pen.pressure(39321)
            pen.tilt(x: 20, y: -10)
            pen.frame(time: 2008)
            pen.motion(x: 80.5, y: 52)
            pen.pressure(52428)
            pen.frame(time: 2016)
            pen.up()
            pen.frame(time: 2024)
            pen.proximityOut()
            pen.frame(time: 2030)
        }
        let tool = #""tool":{"id":0,"type":"pen","serial":"2148059137","hardwareId":"2050","capabilities":["tilt","pressure"]}"#
        let lines = input.events.map(InputLog.line(for:))
        #expect(lines == [
            #"{"seat":"seat0","device":"tablet","# + tool + #","events":[{"event":"proximity_in","tablet":"Wacom Intuos"}],"x":50,"y":50,"changed":["position"],"time":2000}"#,
            #"{"seat":"seat0","device":"tablet","# + tool + #","events":[{"event":"down"}],"x":50,"y":50,"pressure":0.6,"tiltX":20,"tiltY":-10,"changed":["pressure","tilt"],"time":2008}"#,
            #"{"seat":"seat0","device":"tablet","# + tool + #","events":[],"x":80.5,"y":52,"pressure":0.8,"tiltX":20,"tiltY":-10,"changed":["position","pressure"],"time":2016}"#,
            #"{"seat":"seat0","device":"tablet","# + tool + #","events":[{"event":"up"}],"x":80.5,"y":52,"pressure":0,"tiltX":20,"tiltY":-10,"changed":["pressure"],"time":2024}"#,
            #"{"seat":"seat0","device":"tablet","# + tool + #","events":[{"event":"proximity_out"}],"x":80.5,"y":52,"pressure":0,"tiltX":20,"tiltY":-10,"changed":[],"time":2030}"#,
        ])
    }
}
