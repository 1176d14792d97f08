import CWaylandClient
import CWaylandProtocols
import WaylandInput

/// One tool of a tablet seat (`zwp_tablet_tool_v2`): the listener feeding a
/// `TabletToolFrameAssembler`, from `tool_added` until `removed`.
final class TabletTool {
    let proxy: OpaquePointer
    private var assembler: TabletToolFrameAssembler
    /// The tablet seat that owns the tool: it names tablets, keeps its
    /// tools' frames in order, and destroys the tool once it is removed.
    private unowned let seat: TabletSeat
    /// Our surfaces, the pointer images, and where a `down`'s serial goes
    /// (an interactive move or resize, a pen dragging our title bar, quotes it).
    private let environment: SeatEnvironment
    /// This tool's image, by shape or from the theme.
    private let image: DeviceCursor
    /// The serial of the latest `proximity_in` while the tool is over our
    /// surface: the image is set with it.
    private var proximitySerial: UInt32?
    /// The surface of ours the tool came in proximity of last: its frames
    /// go to that window.
    private(set) var targetSurface: OpaquePointer?
    /// The image the layer above asked for since the latest `proximity_in`.
    private var requestedShape = CursorShape.arrow
    /// The image set since the latest `proximity_in`; nil until its frame
    /// is delivered, and off our surface.
    private(set) var shownShape: CursorShape?

    /// Takes ownership of a proxy announced by `zwp_tablet_seat_v2.tool_added`
    /// on `seat`, whose `wl_seat` is named `seatName`. `id` tells the tool
    /// from the seat's others.
    init(proxy: OpaquePointer, id: Int32, seat: TabletSeat, seatName: String, environment: SeatEnvironment) {
        self.proxy = proxy
        self.seat = seat
        self.environment = environment
        // A tool says what it is before `done`; until then it is a pen.
        assembler = TabletToolFrameAssembler(seat: seatName, tool: TabletToolInfo(id: id, type: .pen))
        image = environment.makeDeviceCursor(.tabletTool(proxy))
        zwp_tablet_tool_v2_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends a contact in progress (cancelled) and destroys the proxy
    /// (`zwp_tablet_tool_v2.destroy`): the tool was removed, or its seat or
    /// the tablet manager went away.
    func destroy() {
        if let frame = assembler.removed() { seat.emit(frame, from: self, origin: .removed) }
        image.destroy()
        zwp_tablet_tool_v2_destroy(proxy)
    }

    /// The id the layer above knows the tool by (`TabletToolInfo.id`).
    var id: Int32 { assembler.tool.id }

    /// `wl_seat.name` arrived or changed.
    func rename(_ name: String) {
        assembler.seat = name
    }

    /// The event queue is drained, or another tool of the seat is about to
    /// report: changes still waiting for a `frame` (none comes after
    /// `proximity_out` on Hyprland) go out now.
    func flush() {
        if let frame = assembler.flush() { seat.emit(frame, from: self, origin: .missingFrame) }
        showFirstCursor()
    }

    /// Shows `shape` while the tool is over our surface, re-sending it only
    /// when the image changes (as `Pointer.setCursor`).
    func setCursor(_ shape: CursorShape) {
        requestedShape = shape
        guard let shownShape, shownShape != shape else { return }
        showCursor()
    }

    private func proximityIn(serial: UInt32, tablet: OpaquePointer?, surface: OpaquePointer?) {
        let ours = environment.isOurSurface(surface)
        if ours { targetSurface = surface }
        assembler.proximityIn(tablet: seat.tabletName(of: tablet), onOurSurface: ours)
        proximitySerial = ours ? serial : nil
        requestedShape = .arrow
        shownShape = nil
    }

    private func proximityOut() {
        assembler.proximityOut()
        proximitySerial = nil
        shownShape = nil
    }

    /// A hovering pen must show where it is: until a client sets an image
    /// (`set_cursor` or a shape, with the serial of this `proximity_in`),
    /// the tool's cursor over our surface is undefined and compositors may
    /// show none. It goes out once the `proximity_in`'s frame reached the
    /// layer above, so the shape it asks for in answer (the crosshair over
    /// the canvas) is the first one shown; the arrow otherwise.
    private func showFirstCursor() {
        if proximitySerial != nil && shownShape == nil { showCursor() }
    }

    private func showCursor() {
        guard let proximitySerial else { return }
        shownShape = requestedShape
        image.show(requestedShape, serial: proximitySerial, scale: seat.cursorScale())
    }

    private func down(serial: UInt32) {
        let wasDown = assembler.isDown
        assembler.down()
        if !wasDown, assembler.isDown { seat.notePress(serial) }
    }

    private func frame(time: UInt32) {
        if let frame = assembler.frame(time: time) { seat.emit(frame, from: self, origin: .compositor) }
        showFirstCursor()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletTool {
        Unmanaged<TabletTool>.fromOpaque(data!).takeUnretainedValue()
    }

    private static func joined(_ high: UInt32, _ low: UInt32) -> UInt64 {
        UInt64(high) << 32 | UInt64(low)
    }

    /// The `zwp_tablet_tool_v2` listener; `data` is the unretained
    /// `TabletTool`, which destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_tablet_tool_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_tool_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_tool_v2_listener(
            type: { data, _, type in
                from(data).assembler.tool.type = TabletToolType(protocolValue: type)
            },
            hardware_serial: { data, _, high, low in
                from(data).assembler.tool.hardwareSerial = joined(high, low)
            },
            hardware_id_wacom: { data, _, high, low in
                from(data).assembler.tool.hardwareID = joined(high, low)
            },
            capability: { data, _, capability in
                guard let known = TabletToolCapabilities(protocolValue: capability) else { return }
                from(data).assembler.tool.capabilities.insert(known)
            },
            done: { _, _ in },
            removed: { data, _ in
                let tool = from(data)
                tool.seat.removed(tool)
            },
            proximity_in: { data, _, serial, tablet, surface in
                from(data).proximityIn(serial: serial, tablet: tablet, surface: surface)
            },
            proximity_out: { data, _ in
                from(data).proximityOut()
            },
            down: { data, _, serial in
                from(data).down(serial: serial)
            },
            up: { data, _ in
                from(data).assembler.up()
            },
            motion: { data, _, x, y in
                from(data).assembler.motion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            pressure: { data, _, pressure in
                from(data).assembler.pressure(pressure)
            },
            distance: { data, _, distance in
                from(data).assembler.distance(distance)
            },
            tilt: { data, _, x, y in
                from(data).assembler.tilt(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            rotation: { data, _, degrees in
                from(data).assembler.rotation(degrees: wl_fixed_to_double(degrees))
            },
            slider: { data, _, position in
                from(data).assembler.slider(position)
            },
            wheel: { data, _, degrees, clicks in
                from(data).assembler.wheel(degrees: wl_fixed_to_double(degrees), clicks: clicks)
            },
            button: { data, _, _, button, state in
                from(data).assembler.button(button, pressed: state == ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED.rawValue)
            },
            frame: { data, _, time in
                from(data).frame(time: time)
            }))
        return listener
    }()
}
