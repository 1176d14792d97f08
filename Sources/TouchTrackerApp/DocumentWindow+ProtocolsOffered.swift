import WaylandClient
import WaylandInput

/// Which modern protocols the compositor offers (`ModernProtocols`): the
/// inspector lists them, and the recording's header keeps them for
/// `check` to report.
extension DocumentWindow {
    /// Called once the window is up, when the initial globals have arrived.
    func reportProtocolsOffered() {
        let offered = display.modernProtocolsOffered
        inspector.protocolsOffered = offered.map(\.compactLabel)
        recorder?.protocolsOffered = offered
    }
}
