@testable import Instruments
import Testing
import WaylandInput

@Suite struct InputLogTabletTests {
    @Test func tabletFrameLineHasTheToolEveryEventAndEveryAxisSent() {
        let tool = TabletToolInfo(id: 2, type: .pen, hardwareSerial: 0x1_0000_0001, hardwareID: 0x802,
                                  capabilities: [.pressure, .tilt, .wheel])
        let frame = TabletToolFrame(
            seat: "seat0", tool: tool,
            events: [.proximityIn(tablet: "Wacom Intuos"), .down, .button(button: 0x14b, pressed: true),
                     .wheel(degrees: 15, clicks: 1)],
            axes: TabletToolAxes(x: 12.5, y: 40, pressure: 0.5, distance: 0, tiltX: 30, tiltY: -12.5,
                                 rotation: 90, slider: -1),
            changedAxes: [.position, .pressure], time: 1234)
        #expect(InputLog.line(for: .tabletTool(frame)) ==
            #"{"seat":"seat0","device":"tablet","tool":{"id":2,"type":"pen","serial":"4294967297","hardwareId":"2050","#
            + #""capabilities":["tilt","pressure","wheel"]},"events":[{"event":"proximity_in","tablet":"Wacom Intuos"},"#
            + #"{"event":"down"},{"event":"button","button":331,"state":"pressed"},{"event":"wheel","degrees":15,"clicks":1}],"#
            + #""x":12.5,"y":40,"pressure":0.5,"distance":0,"tiltX":30,"tiltY":-12.5,"rotation":90,"slider":-1,"#
            + #""changed":["position","pressure"],"time":1234}"#)
    }

    @Test func aToolWithoutHardwareIDsAndAxesLogsOnlyWhatItSent() {
        let frame = TabletToolFrame(
            seat: "seat1", tool: TabletToolInfo(id: 0, type: .unknown(0x999)),
            events: [.cancel, .proximityOut, .up, .button(button: 0x14c, pressed: false)],
            axes: TabletToolAxes(x: 1, y: 2), changedAxes: [], time: 9)
        #expect(InputLog.line(for: .tabletTool(frame)) ==
            #"{"seat":"seat1","device":"tablet","tool":{"id":0,"type":"unknown","capabilities":[]},"#
            + #""events":[{"event":"cancel"},{"event":"proximity_out"},{"event":"up"},"#
            + #"{"event":"button","button":332,"state":"released"}],"x":1,"y":2,"changed":[],"time":9}"#)
    }
}
