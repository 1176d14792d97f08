import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `wp_cursor_shape_manager_v1` (as sway 1.10, mutter 48 and
    /// KWin 6.3 do): the shapes clients set for their pointers and tablet
    /// tools are recorded on the `TestSeat` and the `TestTabletTool`.
    @discardableResult
    public func addCursorShapeManager(version: Int32 = 1) -> TestGlobal {
        addGlobal(interface: tts_wp_cursor_shape_manager_v1_interface(), version: version) {
            [unowned self] client, version, id in
            _ = CursorShapeManagerResource(compositor: self, client: client, version: version, id: id)
        }
    }
}

extension TestSeat {
    /// A `wp_cursor_shape_device_v1.set_shape` request.
    public struct CursorShapeRequest: Equatable, Sendable {
        public let serial: UInt32
        /// The protocol's shape value (`TestSeat.CursorShapeRequest.crosshair`…).
        public let shape: UInt32

        public init(serial: UInt32, shape: UInt32) {
            self.serial = serial
            self.shape = shape
        }

        public static let `default` = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue
        public static let crosshair = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR.rawValue
        public static let seResize = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SE_RESIZE.rawValue
    }
}

/// A client's `wp_cursor_shape_manager_v1`: hands out shape devices for
/// pointers and tablet tools.
final class CursorShapeManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_cursor_shape_manager_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            destroy()
        case 1:
            let pointer = ServerObject.object(for: Self.resource(arguments, 1)!) as! DeviceResource
            _ = CursorShapeDeviceResource(compositor: compositor, client: client, version: version,
                                          id: arguments[0].n) { [weak seat = pointer.seat] in
                seat?.cursorShapeRequests.append($0)
            }
        case 2:
            let tool = ServerObject.object(for: Self.resource(arguments, 1)!) as! TabletObject
            _ = CursorShapeDeviceResource(compositor: compositor, client: client, version: version,
                                          id: arguments[0].n) { [weak tool] in tool?.onCursorShape?($0) }
        default:
            preconditionFailure("wp_cursor_shape_manager_v1 has no request \(opcode)")
        }
    }
}

/// A client's `wp_cursor_shape_device_v1`: hands each `set_shape` to its
/// device's record, and refuses a shape its version does not have, as
/// compositors do (`invalid_shape`).
final class CursorShapeDeviceResource: ServerObject {
    private let record: (TestSeat.CursorShapeRequest) -> Void

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32,
         record: @escaping (TestSeat.CursorShapeRequest) -> Void) {
        self.record = record
        super.init(compositor: compositor, client: client, interface: tts_wp_cursor_shape_device_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            destroy()
        case 1:
            let shape = arguments[1].u
            let last = version >= 2 ? WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_ALL_RESIZE : WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_ZOOM_OUT
            guard (WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue...last.rawValue).contains(shape) else {
                compositor.postError(on: resource, code: WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE.rawValue,
                                     message: "no shape \(shape) at version \(version)")
                return
            }
            record(TestSeat.CursorShapeRequest(serial: arguments[0].u, shape: shape))
        default:
            preconditionFailure("wp_cursor_shape_device_v1 has no request \(opcode)")
        }
    }
}
