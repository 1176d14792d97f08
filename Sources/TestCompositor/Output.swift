import CWaylandServer
import CWaylandServerProtocols

/// A scripted monitor: a `wl_output` global with a scale the test can change.
public final class TestOutput {
    public let name: String
    public private(set) var scale: Int32
    public let width: Int32
    public let height: Int32
    private unowned let compositor: TestCompositor
    private var global: TestGlobal?
    private var bound: [OutputResource] = []

    init(compositor: TestCompositor, name: String, scale: Int32, width: Int32, height: Int32) {
        self.compositor = compositor
        self.name = name
        self.scale = scale
        self.width = width
        self.height = height
        global = compositor.addGlobal(interface: tts_wl_output_interface(), version: 4) { [unowned self] client, version, id in
            let output = OutputResource(compositor: compositor, client: client, version: version, id: id)
            bound.append(output)
            sendProperties(to: output)
        }
    }

    /// Sends a new scale followed by `done`.
    public func setScale(_ scale: Int32) {
        self.scale = scale
        for output in bound where output.isAlive {
            wl_output_send_scale(output.resource, scale)
            wl_output_send_done(output.resource)
        }
    }

    /// Withdraws the global, as a monitor being unplugged.
    public func remove() {
        if let global { compositor.removeGlobal(global) }
        global = nil
    }

    func resources(of client: OpaquePointer) -> [UnsafeMutablePointer<wl_resource>] {
        bound.filter { $0.isAlive && $0.client == client }.map(\.resource)
    }

    private func sendProperties(to output: OutputResource) {
        wl_output_send_geometry(output.resource, 0, 0, width / 4, height / 4, 0, "Test", name, 0)
        wl_output_send_mode(output.resource, 3, width, height, 60_000)
        if output.version >= 2 { wl_output_send_scale(output.resource, scale) }
        if output.version >= 4 { wl_output_send_name(output.resource, name) }
        if output.version >= 2 { wl_output_send_done(output.resource) }
    }
}

final class OutputResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wl_output_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        destroy()  // release, the only request
    }
}

extension TestCompositor {
    /// Announces a new output (monitor) of integer `scale`.
    @discardableResult
    public func addOutput(name: String, scale: Int32 = 1, width: Int32 = 1920, height: Int32 = 1080) -> TestOutput {
        let output = TestOutput(compositor: self, name: name, scale: scale, width: width, height: height)
        outputs.append(output)
        return output
    }
}
