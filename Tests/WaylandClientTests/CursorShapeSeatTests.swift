import CWaylandCursor
import Testing
import TestCompositor
@testable import WaylandClient

/// The pointer's image (`SeatManager.setCursor`) through real libwayland on
/// both ends, against the images the cursor theme itself holds.
@Suite struct CursorShapeSeatTests {
    /// The hotspot (logical points) and size (pixels) of the theme's image
    /// `name` at the harness's cursor scale of 2, loaded independently of
    /// the code under test.
    struct ThemeImage: Equatable {
        let hotspotX, hotspotY, width, height: Int32

        init(_ name: String, harness: InputHarness) throws {
            let environment = Cursor.processEnvironment()
            let size = (environment["XCURSOR_SIZE"].flatMap { Int32($0) } ?? 24) * 2
            let shm = try #require(harness.harness.display.registry.shm)
            let theme = try #require(wl_cursor_theme_load(environment["XCURSOR_THEME"], size, shm))
            defer { wl_cursor_theme_destroy(theme) }
            let image = try #require(wl_cursor_theme_get_cursor(theme, name)?.pointee.images[0])
            hotspotX = Int32(image.pointee.hotspot_x) / 2
            hotspotY = Int32(image.pointee.hotspot_y) / 2
            width = Int32(image.pointee.width)
            height = Int32(image.pointee.height)
        }

        /// What the compositor was shown by `request`.
        init(_ request: TestSeat.CursorRequest, harness: InputHarness) throws {
            let surface = try #require(request.surface.flatMap { harness.harness.compositor.surface(for: $0) })
            let commit = try #require(surface.lastCommit)
            hotspotX = request.hotspotX
            hotspotY = request.hotspotY
            width = commit.bufferWidth
            height = commit.bufferHeight
        }
    }

    @Test func aNewShapeIsSetWithTheEnterSerialOnlyWhenItChanges() throws {
        let input = try InputHarness()
        let arrow = try ThemeImage("left_ptr", harness: input)
        let corner = try ThemeImage("bottom_right_corner", harness: input)
        try #require(arrow != corner, "the theme tells the two shapes apart")
        let serial = input.seat.pointerEnter(input.ours, x: 1, y: 1)
        try input.send { input.seat.pointerFrame() }
        #expect(input.seat.cursorRequests.count == 1)
        #expect(try ThemeImage(input.seat.cursorRequests[0], harness: input) == arrow)

        try input.send { input.manager?.setCursor(.resize(.bottomRight), seat: "seat0") }
        #expect(input.seat.cursorRequests.count == 2)
        let request = try #require(input.seat.cursorRequests.last)
        #expect(request.serial == serial)
        #expect(try ThemeImage(request, harness: input) == corner)
        #expect(input.manager?.cursorShape(seat: "seat0") == .resize(.bottomRight))

        try input.send {
            input.manager?.setCursor(.resize(.bottomRight), seat: "seat0")
            input.seat.pointerMotion(x: 2, y: 2, time: 5)
            input.seat.pointerFrame()
        }
        #expect(input.seat.cursorRequests.count == 2, "the same shape again sends nothing")

        try input.send { input.manager?.setCursor(.arrow, seat: "seat0") }
        #expect(input.seat.cursorRequests.count == 3)
        #expect(try ThemeImage(input.seat.cursorRequests[2], harness: input) == arrow)
    }

    @Test func aShapeAskedForInAnswerToTheEnterGoesOutInItsOnlySetCursor() throws {
        let input = try InputHarness()
        let leftSide = try ThemeImage("left_side", harness: input)
        input.input.onEvent = { [weak input] event in
            guard case .pointer(let frame) = event, frame.events.contains(.enter(x: 1, y: 50)) else { return }
            input?.manager?.setCursor(.resize(.left), seat: frame.seat)
        }
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 50)
            input.seat.pointerFrame()
        }
        #expect(input.seat.cursorRequests.count == 1)
        #expect(try ThemeImage(#require(input.seat.cursorRequests.last), harness: input) == leftSide)
    }

    @Test func offTheWindowNothingIsSetAndEachEnterStartsFromTheArrow() throws {
        let input = try InputHarness()
        let arrow = try ThemeImage("left_ptr", harness: input)
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 1)
            input.seat.pointerFrame()
        }
        try input.send { input.manager?.setCursor(.resize(.top), seat: "seat0") }
        #expect(input.seat.cursorRequests.count == 2)
        try input.send {
            input.seat.pointerLeave(input.ours)
            input.seat.pointerFrame()
        }
        #expect(input.manager?.cursorShape(seat: "seat0") == nil)
        try input.send { input.manager?.setCursor(.resize(.bottom), seat: "seat0") }
        #expect(input.seat.cursorRequests.count == 2, "no set_cursor off the window")

        let serial = input.seat.pointerEnter(input.ours, x: 5, y: 5)
        try input.send { input.seat.pointerFrame() }
        #expect(input.seat.cursorRequests.count == 3)
        let request = try #require(input.seat.cursorRequests.last)
        #expect(request.serial == serial)
        #expect(try ThemeImage(request, harness: input) == arrow)
        #expect(input.manager?.cursorShape(seat: "seat0") == .arrow)
    }

    @Test func eachSeatsPointerHasItsOwnImage() throws {
        let input = try InputHarness(seats: [("seat0", .pointer, 8), ("seat1", .pointer, 8)])
        try input.send {
            input.seats[0].pointerEnter(input.ours, x: 1, y: 1)
            input.seats[0].pointerFrame()
            input.seats[1].pointerEnter(input.ours, x: 200, y: 1)
            input.seats[1].pointerFrame()
        }
        try input.send { input.manager?.setCursor(.resize(.topLeft), seat: "seat0") }
        #expect(input.manager?.cursorShape(seat: "seat0") == .resize(.topLeft))
        #expect(input.manager?.cursorShape(seat: "seat1") == .arrow)
        let first = try #require(input.seats[0].cursorRequests.last?.surface)
        let second = try #require(input.seats[1].cursorRequests.last?.surface)
        #expect(first != second, "one seat's shape does not change the other's image")
        #expect(input.seats[1].cursorRequests.count == 1)
    }
}
