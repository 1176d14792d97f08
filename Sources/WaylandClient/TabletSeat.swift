import CWaylandProtocols
import WaylandInput

/// The tablets, tools and pads of one `wl_seat` (`zwp_tablet_seat_v2`), as
/// the compositor adds and removes them, with the tools' frames delivered
/// as `InputEvent.tabletTool` in the order their events arrived.
final class TabletSeat {
    private let proxy: OpaquePointer
    /// The `wl_seat` this tablet seat belongs to (for interactive moves).
    private let seatProxy: OpaquePointer
    private let environment: SeatEnvironment
    /// The window's integer buffer scale, for the tools' cursor images.
    let cursorScale: () -> Int32
    private var seatName: String
    private var tablets: [Tablet] = []
    private var tools: [TabletTool] = []
    private var pads: [TabletPad] = []
    /// The id the next tool gets (`TabletToolInfo.id`).
    private var nextToolID: Int32 = 0

    /// `zwp_tablet_manager_v2.get_tablet_seat` for `seat`.
    /// `cursorScale` gives the window's integer buffer scale for the tools'
    /// cursor images.
    init(manager: OpaquePointer, seat: OpaquePointer, name: String, environment: SeatEnvironment,
         cursorScale: @escaping () -> Int32) {
        proxy = zwp_tablet_manager_v2_get_tablet_seat(manager, seat)
        seatProxy = seat
        seatName = name
        self.environment = environment
        self.cursorScale = cursorScale
        zwp_tablet_seat_v2_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Ends every tool's contact and proximity, destroys every object of the
    /// seat, then the tablet seat (`zwp_tablet_seat_v2.destroy`).
    func destroy() {
        for tool in tools { tool.destroy() }
        for tablet in tablets { tablet.destroy() }
        for pad in pads { pad.destroy() }
        tools = []
        tablets = []
        pads = []
        zwp_tablet_seat_v2_destroy(proxy)
    }

    /// Shows `shape` as the image of tool `id` while it is over our surface.
    func setCursor(_ shape: CursorShape, tool id: Int32) {
        tools.first { $0.id == id }?.setCursor(shape)
    }

    /// The image of tool `id` over our surface, nil while it is elsewhere.
    func cursorShape(tool id: Int32) -> CursorShape? {
        tools.first { $0.id == id }?.shownShape
    }

    /// `wl_seat.name` arrived or changed.
    func rename(_ name: String) {
        seatName = name
        for tool in tools { tool.rename(name) }
    }

    /// The event queue is drained: every tool's pending changes go out.
    func flush() {
        for tool in tools { tool.flush() }
    }

    private func addTool(_ proxy: OpaquePointer) {
        let tool = TabletTool(proxy: proxy, id: nextToolID, seat: self, seatName: seatName, environment: environment)
        nextToolID &+= 1
        tools.append(tool)
    }

    /// The name of `tablet` (a `zwp_tablet_v2`), for a tool's `proximity_in`.
    func tabletName(of tablet: OpaquePointer?) -> String {
        tablets.first { $0.proxy == tablet }?.name ?? ""
    }

    /// Records the serial of a tool's `down` on our surface, with our `wl_seat`.
    func notePress(_ serial: UInt32) {
        environment.notePress(seatProxy, serial)
    }

    /// `tool` was removed, after its last frame went out.
    func removed(_ tool: TabletTool) {
        tools.removeAll { $0 === tool }
        tool.destroy()
    }

    /// Delivers a tool's finished frame. Changes of the other tools that
    /// still wait for a frame happened before it (a compositor that sends no
    /// frame after `proximity_out`, then a new tool's `proximity_in`): they
    /// go out first.
    func emit(_ frame: TabletToolFrame, from tool: TabletTool, origin: InputOrigin) {
        for other in tools where other !== tool { other.flush() }
        environment.emit(.tabletTool(frame), origin: origin, target: tool.targetSurface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletSeat {
        Unmanaged<TabletSeat>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `zwp_tablet_seat_v2` listener; `data` is the unretained
    /// `TabletSeat`, which destroys the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_tablet_seat_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_seat_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_seat_v2_listener(
            tablet_added: { data, _, tablet in
                guard let tablet else { return }
                let seat = from(data)
                seat.tablets.append(Tablet(proxy: tablet, onRemoved: { [unowned seat] tablet in
                    seat.tablets.removeAll { $0 === tablet }
                    tablet.destroy()
                }))
            },
            tool_added: { data, _, tool in
                guard let tool else { return }
                from(data).addTool(tool)
            },
            pad_added: { data, _, pad in
                guard let pad else { return }
                let seat = from(data)
                seat.pads.append(TabletPad(proxy: pad, onRemoved: { [unowned seat] pad in
                    seat.pads.removeAll { $0 === pad }
                    pad.destroy()
                }))
            }))
        return listener
    }()
}
