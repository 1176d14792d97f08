import CWaylandClient

/// Following the outputs the surface is on and the compositor's preferred scale.
extension ToplevelWindow {
    func entered(output proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy) else { return }
        scaleTracker.entered(output: output.registryName)
        updateScale()
    }

    func left(output proxy: OpaquePointer?) {
        guard let output = display.registry.output(for: proxy) else { return }
        scaleTracker.left(output: output.registryName)
        updateScale()
    }

    /// `wp_fractional_scale_v1.preferred_scale`, in 120ths.
    func preferredScale(numerator: UInt32) {
        scaleTracker.preferScale(numerator: numerator)
        updateScale()
    }

    /// Recomputes the scale; on a change the window re-renders completely at
    /// the new scale.
    func updateScale() {
        guard scaleTracker.update(outputScales: display.registry.outputs.mapValues(\.scale)) else { return }
        guard isConfigured else { return }
        // The size was clamped for the old scale's buffer limits.
        size = WindowSizing.size(configuredWidth: Int32(size.width), height: Int32(size.height),
                                 current: size, scale: scale.factor)
        onConfigure?(size, scale.factor, states)
        pendingDamage.addFull()
        pacer.setNeedsDraw()
    }
}
