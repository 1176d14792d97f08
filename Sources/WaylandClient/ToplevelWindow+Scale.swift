import CWaylandClient

/// Following the outputs the surface is on and the compositor's preferred scale.
extension ToplevelWindow {
    func entered(output proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy) else { return }
        if !enteredOutputs.contains(output.registryName) { enteredOutputs.append(output.registryName) }
        updateScale()
    }

    func left(output proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy) else { return }
        enteredOutputs.removeAll { $0 == output.registryName }
        updateScale()
    }

    /// `wp_fractional_scale_v1.preferred_scale`, in 120ths.
    func preferredScale(numerator: UInt32) {
        guard numerator > 0 else { return }
        preferredFractionalScale = Double(numerator) / 120
        updateScale()
    }

    /// Recomputes the scale; on a change the window re-renders completely at
    /// the new scale. Once the compositor states a fractional preference it
    /// wins over output scales.
    func updateScale() {
        let outputs = display.registry.outputs
        enteredOutputs.removeAll { outputs[$0] == nil }
        let newScale: SurfaceScale
        if let preferredFractionalScale {
            newScale = .fractional(preferredFractionalScale)
        } else {
            newScale = .integer(SurfaceScale.integerScale(entered: enteredOutputs.compactMap { outputs[$0]?.scale },
                                                          allOutputs: outputs.values.map(\.scale)))
        }
        guard newScale != scale else { return }
        scale = newScale
        guard isConfigured else { return }
        // The size was clamped for the old scale's buffer limits.
        size = WindowSizing.size(configuredWidth: Int32(size.width), height: Int32(size.height),
                                 current: size, scale: scale.factor)
        onConfigure?(size, scale.factor, states)
        pendingDamage.addFull()
        needsDraw = true
    }
}
