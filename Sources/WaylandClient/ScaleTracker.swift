/// Which scale the window's buffer has, as a pure value: it follows the
/// outputs the surface is on (`wl_surface.enter` / `leave`), or, once the
/// compositor states one, its preferred fractional scale
/// (`wp_fractional_scale_v1.preferred_scale`), which then wins.
struct ScaleTracker: Equatable {
    private(set) var scale: SurfaceScale = .integer(1)
    /// Registry names of the outputs the surface is on.
    private(set) var enteredOutputs: [UInt32] = []
    /// The last preferred fractional scale, as a factor.
    private(set) var preferredFractionalScale: Double?

    mutating func entered(output registryName: UInt32) {
        if !enteredOutputs.contains(registryName) { enteredOutputs.append(registryName) }
    }

    mutating func left(output registryName: UInt32) {
        enteredOutputs.removeAll { $0 == registryName }
    }

    /// `preferred_scale` in 120ths; 0 is ignored.
    mutating func preferScale(numerator: UInt32) {
        guard numerator > 0 else { return }
        preferredFractionalScale = Double(numerator) / 120
    }

    /// Recomputes the scale from `outputScales` (every output's scale, by
    /// registry name); outputs that went away no longer count. Returns
    /// whether the scale changed.
    mutating func update(outputScales: [UInt32: Int32]) -> Bool {
        enteredOutputs.removeAll { outputScales[$0] == nil }
        let newScale: SurfaceScale
        if let preferredFractionalScale {
            newScale = .fractional(preferredFractionalScale)
        } else {
            newScale = .integer(SurfaceScale.integerScale(entered: enteredOutputs.compactMap { outputScales[$0] },
                                                          allOutputs: Array(outputScales.values)))
        }
        guard newScale != scale else { return false }
        scale = newScale
        return true
    }
}
