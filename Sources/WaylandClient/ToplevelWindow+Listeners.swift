import CWaylandClient
import CWaylandProtocols

/// The window's C listeners. Each receives the window as `data` (unretained:
/// the window destroys its proxies before it goes away, and the loop is
/// single-threaded, so no event can arrive for a dead window).
extension ToplevelWindow {
    static func window(_ data: UnsafeMutableRawPointer?) -> ToplevelWindow {
        Unmanaged<ToplevelWindow>.fromOpaque(data!).takeUnretainedValue()
    }

    func addListeners() {
        wl_surface_add_listener(surface, Self.surfaceListener, handle.toOpaque())
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, handle.toOpaque())
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, handle.toOpaque())
    }

    func addFractionalScaleListener() {
        wp_fractional_scale_v1_add_listener(fractionalScale, Self.fractionalScaleListener, handle.toOpaque())
    }

    nonisolated(unsafe) static let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
        let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_surface_listener(
            enter: { data, _, output in window(data).entered(output: output) },
            leave: { data, _, output in window(data).left(output: output) }))
        return listener
    }()

    nonisolated(unsafe) static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_surface_listener(
            configure: { data, _, serial in window(data).configured(serial: serial) }))
        return listener
    }()

    nonisolated(unsafe) static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, stateArray in
                var states: WindowStates = []
                if let stateArray, stateArray.pointee.size > 0 {
                    let count = stateArray.pointee.size / MemoryLayout<UInt32>.size
                    let values = stateArray.pointee.data.assumingMemoryBound(to: UInt32.self)
                    for index in 0..<count {
                        if let state = WindowStates(protocolValue: values[index]) { states.insert(state) }
                    }
                }
                let window = window(data)
                window.pendingConfigureSize = (width, height)
                window.pendingStates = states
            },
            close: { data, _ in window(data).closeRequested() },
            configure_bounds: { data, _, width, height in
                window(data).bounds = width > 0 && height > 0 ? SurfaceSize(width: Int(width), height: Int(height)) : nil
            },
            wm_capabilities: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) static let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(
            done: { data, callback, _ in window(data).frameDone(callback) }))
        return listener
    }()

    nonisolated(unsafe) static let fractionalScaleListener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
        let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_fractional_scale_v1_listener(
            preferred_scale: { data, _, scale in window(data).preferredScale(numerator: scale) }))
        return listener
    }()
}
