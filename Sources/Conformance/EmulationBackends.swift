/// The emulation back ends `touchtracker conformance` knows, each found at
/// run time and none required: the first one the compositor offers drives
/// the run. A back end's `open` throws `EmulationUnavailable` when its
/// compositor does not offer the interface (no such global, no such D-Bus
/// name), with the reason the report prints.
enum EmulationBackends {
    struct Candidate: Sendable {
        /// The interface, as the report names it when it is not there.
        let name: String
        let open: @Sendable (_ environment: [String: String]) throws -> EmulationBackend
    }

    /// In the order they are tried. A compositor offers one of them at
    /// most, but for a nested one (whose input comes from the outer
    /// compositor's interface).
    static let candidates: [Candidate] = [
        // EIS first: one standard interface (libei) where the compositor
        // offers it (mutter 46, KWin 6.1 and later) and libei is installed.
        EISBackend.candidate,
        // The compositor-specific interfaces first: a compositor that also
        // offers one of wlroots' virtual devices (a keyboard alone) gets
        // its touch from its own interface.
        MutterRemoteDesktopBackend.candidate,
        KWinFakeInputBackend.candidate,
        WlrootsBackend.candidate,
    ]

    /// The first back end that opens, and why each one tried before it did not.
    static func open(environment: [String: String]) -> (backend: EmulationBackend?, notOffered: [String]) {
        var notOffered: [String] = []
        for candidate in candidates {
            do {
                return (try candidate.open(environment), notOffered)
            } catch {
                notOffered.append("\(candidate.name): \(error)")
            }
        }
        return (nil, notOffered)
    }
}
