import CWaylandProtocols

extension CursorShape {
    /// The `wp_cursor_shape_device_v1.shape` naming this image (version 1
    /// values: the CSS cursor names).
    var shapeProtocolValue: UInt32 {
        let shape: wp_cursor_shape_device_v1_shape
        switch self {
        case .arrow: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT
        case .crosshair: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR
        case .resize(.top): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_N_RESIZE
        case .resize(.bottom): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_S_RESIZE
        case .resize(.left): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_W_RESIZE
        case .resize(.right): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_E_RESIZE
        case .resize(.topLeft): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NW_RESIZE
        case .resize(.topRight): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NE_RESIZE
        case .resize(.bottomLeft): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SW_RESIZE
        case .resize(.bottomRight): shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SE_RESIZE
        }
        return shape.rawValue
    }
}
