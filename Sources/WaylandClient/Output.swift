import CWaylandClient

/// A monitor (`wl_output`): its integer scale and name, as of its last `done`.
final class Output {
    let proxy: OpaquePointer
    let registryName: UInt32
    /// `wl_output.scale` as of the last `done`; 1 until the compositor says otherwise.
    private(set) var scale: Int32 = 1
    /// `wl_output.name` (version 4), e.g. "HDMI-A-1".
    private(set) var name: String?
    /// Called after `done`, when the output's properties are consistent.
    var onDone: (() -> Void)?

    private var pendingScale: Int32 = 1
    private var handle: Unmanaged<Output>!

    init(proxy: OpaquePointer, registryName: UInt32) {
        self.proxy = proxy
        self.registryName = registryName
        handle = Unmanaged.passUnretained(self)
        wl_output_add_listener(proxy, Self.listener, handle.toOpaque())
    }

    /// `wl_output.release` where available (v3), otherwise just the proxy.
    func destroy() {
        if wl_output_get_version(proxy) >= 3 {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }

    private static func output(_ data: UnsafeMutableRawPointer?) -> Output {
        Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { _, _, _, _, _, _ in },
            done: { data, _ in
                let output = output(data)
                output.scale = output.pendingScale
                output.onDone?()
            },
            scale: { data, _, factor in
                // A scale below 1 is a compositor bug; treat it as 1.
                output(data).pendingScale = max(1, factor)
            },
            name: { data, _, name in
                output(data).name = name.map { String(cString: $0) }
            },
            description: { _, _, _ in }))
        return listener
    }()
}
