import JSONLine
import WaylandInput

extension CompositorReport {
    /// What the subject line says of the modern protocols the compositor
    /// offered (`ModernProtocols`); nothing for a recording that does not
    /// say (made before touchtracker recorded them).
    ///
    ///     ; modern protocols offered: cursor_shape v2, fifo, tablet v2
    ///     ; none of the modern protocols offered (cursor_shape, …)
    static func protocolsText(_ offered: [OfferedProtocol]?) -> String {
        guard let offered else { return "" }
        guard !offered.isEmpty else {
            let names = ModernProtocols.globals.map(\.shortName).joined(separator: ", ")
            return "; none of the modern protocols offered (\(names))"
        }
        return "; modern protocols offered: " + offered.map { Excerpt.of($0.label) }.joined(separator: ", ")
    }
}
