import Testing
import TestCompositor
@testable import WaylandClient
import WaylandInput

/// tablet-v2 through real libwayland on both ends: tablet seats for
/// every seat whenever either appears, tools, tablets and pads coming and
/// going, and the quirks of real compositors.
@Suite struct TabletSeatTests {
    /// A harness with a tablet manager, a tablet and a pressure-and-tilt pen.
    private func penHarness(serial: UInt64? = 0xABCD) throws -> (InputHarness, TestTablet, TestTabletTool) {
        let input = try InputHarness(tabletManager: true)
        let tablet = input.seat.addTablet(name: "Wacom Intuos")
        let pen = input.seat.addTabletTool(type: 0x140, serial: serial, hardwareID: 0x802, capabilities: [1, 2])
        try input.harness.settle()
        input.events = []
        return (input, tablet, pen)
    }

    /// The pen in proximity of our surface at (x, y) and down.
    private func penDown(_ input: InputHarness, _ tablet: TestTablet, _ pen: TestTabletTool,
                         x: Double = 10, y: Double = 20) throws {
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.motion(x: x, y: y)
            pen.down()
            pen.pressure(32768)
            pen.frame(time: 100)
        }
    }

    private func events(_ input: InputHarness) -> [[TabletToolEvent]] {
        input.tabletFrames.map(\.events)
    }

    @Test func everySeatGetsATabletSeatWhetherTheManagerOrTheSeatComesFirst() throws {
        // The manager after the seats (Qt once missed these).
        let input = try InputHarness(seats: [("seat0", .all, 8), ("seat1", .pointer, 8)])
        #expect(input.seats.map(\.liveTabletSeatCount) == [0, 0])
        let manager = input.harness.compositor.addTabletManager()
        try input.harness.settle()
        #expect(input.seats.map(\.liveTabletSeatCount) == [1, 1])
        // A seat after the manager.
        let late = input.harness.compositor.addSeat(name: "seat2")
        try input.harness.settle()
        #expect(late.liveTabletSeatCount == 1)
        // The manager going away takes the tablet seats with it.
        input.harness.compositor.removeGlobal(manager)
        try input.harness.settle()
        #expect((input.seats + [late]).map(\.liveTabletSeatCount) == [0, 0, 0])
    }

    @Test func aPenStrokeArrivesAsFramesWithTheToolAndItsAxes() throws {
        let (input, tablet, pen) = try penHarness()
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.motion(x: 10, y: 20)
            pen.distance(1000)
            pen.frame(time: 90)
            pen.down()
            pen.pressure(65535)
            pen.tilt(x: 30, y: -12.5)
            pen.frame(time: 100)
            pen.motion(x: 40.5, y: 60)
            pen.pressure(16384)
            pen.frame(time: 108)
            pen.pressure(0)
            pen.up()
            pen.frame(time: 116)
            pen.proximityOut()
            pen.frame(time: 120)
        }
        let frames = input.tabletFrames
        #expect(events(input) == [[.proximityIn(tablet: "Wacom Intuos")], [.down], [], [.up], [.proximityOut]])
        #expect(frames.map(\.time) == [90, 100, 108, 116, 120])
        #expect(frames.allSatisfy { $0.seat == "seat0" })
        let tool = try #require(frames.first?.tool)
        #expect(tool.type == .pen)
        #expect(tool.hardwareSerial == 0xABCD)
        #expect(tool.hardwareID == 0x802)
        #expect(tool.capabilities == [.tilt, .pressure])
        #expect(frames[1].axes.pressure == 1 && frames[1].axes.tiltX == 30 && frames[1].axes.tiltY == -12.5)
        #expect(frames[2].axes.x == 40.5 && frames[2].axes.y == 60)
        #expect(frames[2].axes.pressure == 16384.0 / 65535)
        #expect(frames[0].axes.distance == 1000.0 / 65535)
    }

    @Test func aPenOverOurSurfaceShowsTheArrowWithItsProximitySerial() throws {
        let (input, tablet, pen) = try penHarness()
        var serial: UInt32 = 0
        try input.send {
            serial = pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.frame(time: 1)
        }
        #expect(pen.cursorRequests.count == 1)
        let request = try #require(pen.cursorRequests.last)
        #expect(request.serial == serial)
        #expect(try CursorShapeSeatTests.ThemeImage(request, harness: input)
                == CursorShapeSeatTests.ThemeImage("left_ptr", harness: input))
        // Each proximity_in on our surface needs its own set_cursor; one on
        // another surface is not ours to set.
        try input.send {
            pen.proximityOut()
            pen.frame(time: 2)
            pen.proximityIn(tablet: tablet, surface: input.foreign)
            pen.frame(time: 3)
            pen.proximityOut()
            pen.frame(time: 4)
            serial = pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.frame(time: 5)
        }
        #expect(pen.cursorRequests.map(\.serial) == [request.serial, serial])
    }

    @Test func anUnknownToolTypeAndAxesOutOfRangeAreKeptSane() throws {
        let input = try InputHarness(tabletManager: true)
        let tablet = input.seat.addTablet()
        let odd = input.seat.addTabletTool(type: 0x999, capabilities: [2, 42])
        try input.harness.settle()
        input.events = []
        try input.send {
            odd.proximityIn(tablet: tablet, surface: input.ours)
            odd.down()
            odd.pressure(1_000_000)
            odd.tilt(x: 500, y: -500)
            odd.rotation(degrees: -30)
            odd.slider(-70_000)
            odd.frame(time: 1)
        }
        let frame = try #require(input.tabletFrames.first)
        #expect(frame.tool.type == .unknown(0x999))
        #expect(frame.tool.capabilities == .pressure, "an unknown capability is ignored")
        #expect(frame.axes == TabletToolAxes(x: 0, y: 0, pressure: 1, tiltX: 90, tiltY: -90, rotation: 330, slider: -1))
        #expect(frame.events == [.proximityIn(tablet: "Test Tablet"), .down])
    }

    @Test func toolsWithoutHardwareIDsAreToldApart() throws {
        let (input, tablet, pen) = try penHarness(serial: nil)
        let other = input.seat.addTabletTool(type: 0x143, serial: nil, hardwareID: nil, capabilities: [])
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.frame(time: 1)
            pen.proximityOut()
            pen.frame(time: 2)
            other.proximityIn(tablet: tablet, surface: input.ours)
            other.frame(time: 3)
        }
        let tools = input.tabletFrames.map(\.tool)
        #expect(tools.count == 3)
        #expect(tools.allSatisfy { $0.hardwareSerial == nil })
        #expect(tools[0].id == tools[1].id)
        #expect(tools[2].id != tools[0].id)
        #expect(tools[2].type == .pencil && tools[2].capabilities == [])
    }

    @Test func noFrameAfterProximityOutIsDeliveredInTheSameDispatch() throws {
        let (input, _, pen) = try penDown(try penHarness())
        // Hyprland: proximity_out with no frame after it.
        try input.send {
            pen.up()
            pen.frame(time: 110)
            pen.proximityOut()
        }
        #expect(events(input).suffix(2) == [[.up], [.proximityOut]])
    }

    @Test func anEraserReportedAsANewToolMidStrokeEndsThePenStrokeFirst() throws {
        let (input, tablet, pen) = try penDown(try penHarness())
        let eraser = input.seat.addTabletTool(type: 0x141, serial: 0xABCD, capabilities: [2])
        try input.harness.settle()
        input.events = []
        // The firmware turns the eraser button into another tool: the pen
        // leaves proximity without an up and without a frame.
        try input.send {
            pen.proximityOut()
            eraser.proximityIn(tablet: tablet, surface: input.ours)
            eraser.motion(x: 11, y: 21)
            eraser.down()
            eraser.frame(time: 120)
        }
        let frames = input.tabletFrames
        #expect(frames.map(\.tool.type) == [.pen, .eraser])
        #expect(frames.map(\.events) == [[.up, .proximityOut], [.proximityIn(tablet: "Wacom Intuos"), .down]])
    }

    @Test func proximityOnASurfaceThatIsNotOursIsIgnored() throws {
        let (input, tablet, pen) = try penHarness()
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.foreign)
            pen.motion(x: 5, y: 5)
            pen.down()
            pen.frame(time: 1)
            pen.up()
            pen.proximityOut()
            pen.frame(time: 2)
        }
        #expect(input.tabletFrames.isEmpty)
    }

    @Test func aToolRemovedWhileDownCancelsItsContactAndIsDestroyed() throws {
        let (input, _, pen) = try penDown(try penHarness())
        try input.send { pen.remove() }
        #expect(events(input).last == [.cancel, .proximityOut])
        #expect(pen.liveResources == 0, "the client destroys a removed tool")
    }

    @Test func managerVersionTwoIsBoundAndAPadsDialIsFollowedUntilThePadGoes() throws {
        let input = try InputHarness { $0.addTabletManager(version: 2) }
        let tablet = input.seat.addTablet(name: "Wacom Intuos Pro")
        let pen = input.seat.addTabletTool()
        let pad = input.seat.addTabletPad()
        try input.harness.settle()
        #expect(input.seat.tabletSeatVersions == [2])
        // The tablet's bus type and the dial's delta and frame arrived before.
        #expect(pad.liveObjects == 5, "pad, group, ring, strip and dial")
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.motion(x: 3, y: 4)
            pen.frame(time: 7)
        }
        #expect(events(input) == [[.proximityIn(tablet: "Wacom Intuos Pro")]])
        #expect(input.tabletFrames.last.map { [$0.axes.x, $0.axes.y] } == [3, 4])
        try input.send { pad.remove() }
        #expect(pad.liveObjects == 0, "the dial is destroyed with its pad")
    }

    @Test func tabletsAndPadsComeAndGoAtRunTime() throws {
        let (input, tablet, _) = try penHarness()
        let pad = input.seat.addTabletPad()
        try input.harness.settle()
        #expect(tablet.liveResources == 1)
        #expect(pad.liveObjects == 4, "pad, group, ring and strip")
        try input.send {
            pad.remove()
            tablet.remove()
        }
        #expect(pad.liveObjects == 0, "the pad and its group, ring and strip are destroyed")
        #expect(tablet.liveResources == 0)
        // A tablet and a tool plugged in later work like the first ones.
        let second = input.seat.addTablet(name: "Second")
        let pencil = input.seat.addTabletTool(type: 0x143)
        try input.send {
            pencil.proximityIn(tablet: second, surface: input.ours)
            pencil.frame(time: 5)
        }
        #expect(events(input) == [[.proximityIn(tablet: "Second")]])
    }

    @Test func theSeatGoingAwayWhileThePenIsDownCancelsTheContact() throws {
        let (input, _, _) = try penDown(try penHarness())
        input.events = []
        try input.send { input.seat.remove() }
        #expect(events(input) == [[.cancel, .proximityOut]])
    }
}

private extension TabletSeatTests {
    func penDown(_ setUp: (InputHarness, TestTablet, TestTabletTool)) throws -> (InputHarness, TestTablet, TestTabletTool) {
        try penDown(setUp.0, setUp.1, setUp.2)
        return setUp
    }
}
