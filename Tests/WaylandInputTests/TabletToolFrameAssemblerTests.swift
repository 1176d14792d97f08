import Testing
@testable import WaylandInput

@Suite struct TabletToolFrameAssemblerTests {
    private let pen = TabletToolInfo(id: 3, type: .pen, capabilities: [.pressure, .tilt])

    private func assembler() -> TabletToolFrameAssembler {
        TabletToolFrameAssembler(seat: "seat0", tool: pen)
    }

    /// The frame `frame(time:)` closes, which the test requires.
    private func frame(_ tool: inout TabletToolFrameAssembler, _ time: UInt32) throws -> TabletToolFrame {
        let frame = tool.frame(time: time)
        return try #require(frame)
    }

    /// A tool in proximity of our surface at (x, y), touching it.
    private func down(at x: Double = 10, _ y: Double = 20) -> TabletToolFrameAssembler {
        var tool = assembler()
        tool.proximityIn(tablet: "Wacom", onOurSurface: true)
        tool.motion(x: x, y: y)
        tool.down()
        tool.pressure(32768)
        _ = tool.frame(time: 100)
        return tool
    }

    @Test func proximityDownMotionUpAreBatchedPerFrameWithTheAxesAfterIt() throws {
        var tool = assembler()
        tool.proximityIn(tablet: "Wacom", onOurSurface: true)
        tool.motion(x: 10, y: 20)
        let hover = try frame(&tool, 100)
        #expect(hover.events == [.proximityIn(tablet: "Wacom")])
        #expect(hover.axes.x == 10 && hover.axes.y == 20)
        #expect(hover.changedAxes == .position)
        #expect(hover.time == 100)
        #expect(hover.seat == "seat0" && hover.tool == pen)

        tool.down()
        tool.motion(x: 11, y: 21)
        tool.pressure(65535)
        tool.tilt(x: 30, y: -12.5)
        let contact = try frame(&tool, 108)
        #expect(contact.events == [.down])
        #expect(contact.axes == TabletToolAxes(x: 11, y: 21, pressure: 1, tiltX: 30, tiltY: -12.5))
        #expect(contact.changedAxes == [.position, .pressure, .tilt])
        #expect(tool.isDown)

        tool.motion(x: 12, y: 22)
        tool.motion(x: 13, y: 23)
        let moved = try frame(&tool, 116)
        #expect(moved.events.isEmpty)
        #expect(moved.axes.x == 13, "motions of one frame leave the latest position")
        #expect(moved.axes.pressure == 1, "an axis not sent keeps its value")
        #expect(moved.changedAxes == .position)

        tool.pressure(0)
        tool.up()
        let lifted = try frame(&tool, 124)
        #expect(lifted.events == [.up])
        #expect(lifted.axes.pressure == 0)
        #expect(!tool.isDown && tool.isInProximity)

        tool.proximityOut()
        let gone = try frame(&tool, 130)
        #expect(gone.events == [.proximityOut])
        #expect(!tool.isInProximity)
        #expect(tool.frame(time: 131) == nil, "a repeated frame adds nothing")
    }

    @Test func axesArriveInAppUnitsAndOutOfRangeValuesAreClamped() throws {
        var tool = assembler()
        tool.proximityIn(tablet: "", onOurSurface: true)
        tool.pressure(70000)
        tool.distance(16384)
        tool.tilt(x: 120, y: -400)
        tool.rotation(degrees: -90)
        tool.slider(-100_000)
        let frame = try frame(&tool, 1)
        #expect(frame.axes.pressure == 1)
        #expect(frame.axes.distance == 16384.0 / 65535)
        #expect(frame.axes.tiltX == 90 && frame.axes.tiltY == -90)
        #expect(frame.axes.rotation == 270)
        #expect(frame.axes.slider == -1)
        #expect(frame.changedAxes == [.pressure, .distance, .tilt, .rotation, .slider])
        tool.rotation(degrees: 725)
        #expect(try self.frame(&tool, 2).axes.rotation == 5)
    }

    @Test func buttonsAndWheelAreEventsInOrderAndRepeatsAreDropped() throws {
        var tool = assembler()
        tool.proximityIn(tablet: "Wacom", onOurSurface: true)
        _ = tool.frame(time: 1)
        tool.button(0x14b, pressed: true)
        tool.button(0x14b, pressed: true)
        tool.wheel(degrees: 15, clicks: 1)
        tool.button(0x14c, pressed: false)
        let frame = try frame(&tool, 2)
        #expect(frame.events == [.button(button: 0x14b, pressed: true), .wheel(degrees: 15, clicks: 1)],
                "a second press of a held button and the release of one never pressed are dropped")
        // Leaving with the button held releases it before proximity_out.
        tool.proximityOut()
        #expect(tool.frame(time: 3)?.events == [.button(button: 0x14b, pressed: false), .proximityOut])
    }

    @Test func noFrameAfterProximityOutIsClosedByFlush() {
        // Hyprland sent no frame after proximity_out; the loop flushes once
        // the queue is drained.
        var tool = down()
        tool.up()
        _ = tool.frame(time: 110)
        tool.proximityOut()
        #expect(tool.flush()?.events == [.proximityOut])
        #expect(tool.flush() == nil)
        #expect(tool.frame(time: 120) == nil, "a late frame after the flush adds no empty frame")
    }

    @Test func upWithoutPressureZeroEndsTheContactAndZeroesThePressure() throws {
        // Smithay and niri sent no pressure(0) before up: contact follows
        // down/up, never the last pressure value.
        var tool = down()
        tool.up()
        let lifted = try frame(&tool, 110)
        #expect(lifted.events == [.up])
        #expect(lifted.axes.pressure == 0)
        #expect(lifted.changedAxes == .pressure)
        tool.motion(x: 50, y: 50)
        let hover = try frame(&tool, 118)
        #expect(hover.events.isEmpty && !tool.isDown, "moving after the up is hovering")
        #expect(hover.axes.pressure == 0)
    }

    @Test func proximityOutWhileDownLiftsTheToolFirst() {
        // Firmware reporting the eraser button as a new tool: the pen leaves
        // proximity mid-stroke without an up.
        var tool = down()
        tool.proximityOut()
        let frame = tool.frame(time: 110)
        #expect(frame?.events == [.up, .proximityOut])
        #expect(frame?.axes.pressure == 0)
        tool.up()
        #expect(tool.frame(time: 111) == nil, "the compositor's late up is dropped")
    }

    @Test func proximityInOnAForeignSurfaceIgnoresTheToolUntilItComesBack() throws {
        var tool = assembler()
        tool.proximityIn(tablet: "Wacom", onOurSurface: false)
        tool.motion(x: 1, y: 1)
        tool.down()
        tool.pressure(100)
        tool.button(0x14b, pressed: true)
        #expect(tool.frame(time: 1) == nil)
        tool.up()
        tool.proximityOut()
        #expect(tool.frame(time: 2) == nil)
        tool.proximityIn(tablet: "Wacom", onOurSurface: true)
        tool.motion(x: 5, y: 6)
        let back = try frame(&tool, 3)
        #expect(back.events == [.proximityIn(tablet: "Wacom")])
        #expect(back.axes.x == 5)
    }

    @Test func proximityInElsewhereWhileDownHereCancelsTheContact() {
        // No proximity_out on our surface first: the compositor handed the
        // tool to another surface; the stroke is cancelled, not finished.
        var tool = down()
        tool.proximityIn(tablet: "Wacom", onOurSurface: false)
        #expect(tool.frame(time: 110)?.events == [.cancel, .proximityOut])
        #expect(!tool.isInProximity)
    }

    @Test func aSecondProximityInOnOurSurfaceStartsOverCleanly() {
        // No proximity_out before it: whatever the tool was doing here ends
        // (cancelled, it never lifted) before it comes in again.
        var tool = down()
        tool.button(0x14b, pressed: true)
        tool.proximityIn(tablet: "Wacom", onOurSurface: true)
        #expect(tool.frame(time: 110)?.events == [.button(button: 0x14b, pressed: true), .cancel,
                                                  .button(button: 0x14b, pressed: false), .proximityOut,
                                                  .proximityIn(tablet: "Wacom")])
        #expect(tool.isInProximity && !tool.isDown)
    }

    @Test func removedWhileDownCancelsAtOnce() {
        var tool = down()
        tool.motion(x: 30, y: 30)
        let frame = tool.removed()
        #expect(frame?.events == [.cancel, .proximityOut], "no frame follows removed")
        #expect(frame?.axes.x == 30, "what was pending goes out with it")
        #expect(tool.removed() == nil)
    }

    @Test func eventsOutOfOrderAreDropped() {
        var tool = assembler()
        tool.down()
        tool.up()
        tool.motion(x: 1, y: 1)
        tool.button(0x14b, pressed: true)
        tool.proximityOut()
        #expect(tool.frame(time: 1) == nil, "nothing outside proximity")
        tool.proximityIn(tablet: "", onOurSurface: true)
        tool.up()
        tool.down()
        tool.down()
        #expect(tool.frame(time: 2)?.events == [.proximityIn(tablet: ""), .down],
                "an up without a down and a second down are dropped")
    }

    @Test func unknownToolTypesAndCapabilitiesAreKeptOrIgnored() {
        #expect(TabletToolType(protocolValue: 0x141) == .eraser)
        #expect(TabletToolType(protocolValue: 0x999) == .unknown(0x999))
        #expect(TabletToolType(protocolValue: 0x999).name == "unknown")
        #expect(TabletToolCapabilities(protocolValue: 2) == .pressure)
        #expect(TabletToolCapabilities(protocolValue: 42) == nil)
    }
}
