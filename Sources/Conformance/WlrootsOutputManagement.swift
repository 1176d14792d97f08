import CConformanceProtocols
import CWaylandClient

/// Outputs' scales through wlroots' output management
/// (`zwlr_output_manager_v1`), for the output-scale case: a configuration
/// that keeps every head as it is but for its scale, applied at once, and
/// the scales found at first put back when the run ends.
final class WlrootsOutputManagement {
    /// One output device (`zwlr_output_head_v1`) as last announced.
    final class Head {
        let proxy: OpaquePointer
        var enabled = false
        var scale = 1.0
        init(proxy: OpaquePointer) { self.proxy = proxy }
    }

    enum Outcome { case succeeded, failed, cancelled }

    private let manager: OpaquePointer
    private var heads: [Head] = []
    /// The serial of the last complete announcement (`done`).
    private var serial: UInt32?
    /// What the compositor answered to the configuration in flight.
    private var outcome: Outcome?
    /// Each head's scale before the first change, to put back.
    private var original: [(Head, Double)]?
    private var handle: Unmanaged<WlrootsOutputManagement>!

    init(manager: OpaquePointer) {
        self.manager = manager
        handle = Unmanaged.passUnretained(self)
        zwlr_output_manager_v1_add_listener(manager, Self.managerListener, handle.toOpaque())
    }

    /// Sets every enabled head's scale to `scale`; `roundtrip` dispatches
    /// the connection until the compositor answers.
    func setScale(_ scale: Double, roundtrip: () throws -> Void) throws {
        if original == nil { original = heads.filter(\.enabled).map { ($0, $0.scale) } }
        try apply(roundtrip: roundtrip) { _ in scale }
    }

    /// Puts the scales found at the first change back.
    func restore(roundtrip: () throws -> Void) throws {
        guard let original else { return }
        self.original = nil
        try apply(roundtrip: roundtrip) { head in original.first { $0.0 === head }?.1 ?? head.scale }
    }

    private func apply(roundtrip: () throws -> Void, scale: (Head) -> Double) throws {
        // A configuration made from an outdated announcement is cancelled:
        // try again with the newer one.
        for _ in 0..<3 {
            guard let serial else { throw EmulationFailure(description: "the compositor announced no output heads") }
            let configuration = zwlr_output_manager_v1_create_configuration(manager, serial)
            zwlr_output_configuration_v1_add_listener(configuration, Self.configurationListener, handle.toOpaque())
            var headConfigurations: [OpaquePointer] = []
            for head in heads {
                if head.enabled {
                    guard let headConfiguration = zwlr_output_configuration_v1_enable_head(configuration, head.proxy) else {
                        continue
                    }
                    zwlr_output_configuration_head_v1_set_scale(headConfiguration, wl_fixed_from_double(scale(head)))
                    headConfigurations.append(headConfiguration)
                } else {
                    zwlr_output_configuration_v1_disable_head(configuration, head.proxy)
                }
            }
            outcome = nil
            zwlr_output_configuration_v1_apply(configuration)
            while outcome == nil { try roundtrip() }
            zwlr_output_configuration_v1_destroy(configuration)
            headConfigurations.forEach { zwlr_output_configuration_head_v1_destroy($0) }
            switch outcome! {
            case .succeeded: return
            case .failed:
                // The interface is there but this change cannot be made:
                // the case cannot be provoked here, which is no failure of it.
                throw EmulationUnavailable(reason: "the compositor refused an output configuration that changes "
                                                   + "only the scale (zwlr_output_configuration_v1.failed)")
            case .cancelled: try roundtrip()
            }
        }
        throw EmulationFailure(description: "the compositor cancelled the output configuration three times")
    }

    func destroy() {
        for head in heads { zwlr_output_head_v1_destroy(head.proxy) }
        heads = []
        zwlr_output_manager_v1_destroy(manager)
    }

    // MARK: Listeners

    private static func management(_ data: UnsafeMutableRawPointer?) -> WlrootsOutputManagement {
        Unmanaged<WlrootsOutputManagement>.fromOpaque(data!).takeUnretainedValue()
    }

    private func head(_ proxy: OpaquePointer?) -> Head? { heads.first { $0.proxy == proxy } }

    nonisolated(unsafe) private static let managerListener: UnsafeMutablePointer<zwlr_output_manager_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_output_manager_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_output_manager_v1_listener(
            head: { data, _, proxy in
                guard let proxy else { return }
                let management = management(data)
                management.heads.append(Head(proxy: proxy))
                zwlr_output_head_v1_add_listener(proxy, headListener, data)
            },
            done: { data, _, serial in management(data).serial = serial },
            finished: { data, _ in management(data).serial = nil }))
        return listener
    }()

    nonisolated(unsafe) private static let headListener: UnsafeMutablePointer<zwlr_output_head_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_output_head_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_output_head_v1_listener(
            name: { _, _, _ in },
            description: { _, _, _ in },
            physical_size: { _, _, _, _ in },
            mode: { _, _, _ in },
            enabled: { data, proxy, enabled in management(data).head(proxy)?.enabled = enabled != 0 },
            current_mode: { _, _, _ in },
            position: { _, _, _, _ in },
            transform: { _, _, _ in },
            scale: { data, proxy, scale in management(data).head(proxy)?.scale = wl_fixed_to_double(scale) },
            finished: { data, proxy in
                let management = management(data)
                management.heads.removeAll { $0.proxy == proxy }
                zwlr_output_head_v1_destroy(proxy)
            }))
        return listener
    }()

    nonisolated(unsafe) private static let configurationListener:
        UnsafeMutablePointer<zwlr_output_configuration_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_output_configuration_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_output_configuration_v1_listener(
            succeeded: { data, _ in management(data).outcome = .succeeded },
            failed: { data, _ in management(data).outcome = .failed },
            cancelled: { data, _ in management(data).outcome = .cancelled }))
        return listener
    }()
}
