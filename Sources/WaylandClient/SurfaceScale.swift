/// How the window's buffer relates to its logical size.
enum SurfaceScale: Equatable {
    /// `wl_surface.set_buffer_scale(n)`: the buffer is exactly n × the size.
    case integer(Int32)
    /// `wp_fractional_scale_v1.preferred_scale` / 120: the buffer is
    /// round(size × scale) pixels, buffer scale stays 1 and `wp_viewport`
    /// maps it onto the logical size.
    case fractional(Double)

    /// Buffer pixels per logical unit.
    var factor: Double {
        switch self {
        case .integer(let scale): return Double(scale)
        case .fractional(let scale): return scale
        }
    }

    /// What `wl_surface.set_buffer_scale` must say.
    var bufferScale: Int32 {
        switch self {
        case .integer(let scale): return scale
        case .fractional: return 1
        }
    }

    /// The buffer size in pixels for a logical size: for fractional scales
    /// rounded half away from zero, as wp_fractional_scale_v1 prescribes.
    func bufferSize(for size: SurfaceSize) -> (width: Int, height: Int) {
        switch self {
        case .integer(let scale):
            return (size.width * Int(scale), size.height * Int(scale))
        case .fractional(let scale):
            return (Int((Double(size.width) * scale).rounded(.toNearestOrAwayFromZero)),
                    Int((Double(size.height) * scale).rounded(.toNearestOrAwayFromZero)))
        }
    }

    /// The integer scale for the outputs a surface is on: the largest, so
    /// the window is sharp on the densest one. Before the surface entered
    /// any output (its first frame), the scale all outputs share, so a
    /// single-monitor setup draws its first frame sharp; 1 when they differ.
    static func integerScale(entered: [Int32], allOutputs: [Int32]) -> Int32 {
        if let densest = entered.max() { return max(1, densest) }
        guard let first = allOutputs.first, allOutputs.allSatisfy({ $0 == first }) else { return 1 }
        return max(1, first)
    }
}
