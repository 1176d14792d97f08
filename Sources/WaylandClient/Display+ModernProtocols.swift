import WaylandInput

extension ModernProtocols {
    /// The modern globals among `announced`, in `globals`' order, each once.
    static func offered(among announced: [Global]) -> [OfferedProtocol] {
        globals.compactMap { known in
            announced.first { $0.interface == known.interface }
                .map { OfferedProtocol(interface: $0.interface, version: $0.version) }
        }
    }
}

extension Display {
    /// The modern globals the compositor announced (so far: read it once
    /// the initial globals arrived).
    public var modernProtocolsOffered: [OfferedProtocol] {
        ModernProtocols.offered(among: registry.globals)
    }
}
