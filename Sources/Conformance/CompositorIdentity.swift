import Platform
import TouchTrackerApp

/// Which compositor a conformance run talked to, for the report's header:
/// its program (the peer of the Wayland socket, `SO_PEERCRED`) and, where
/// Debian's package database knows the file, the package and version that
/// installed it ("weston 10.0.1-1"). Reports of the same suite on two
/// releases of a desktop then say which is which.
struct CompositorIdentity: Equatable {
    /// The executable's file name ("weston", "kwin_wayland").
    var program: String
    /// "weston 10.0.1-1", when dpkg knows the file.
    var package: String?

    var description: String { package.map { "\(program) (\($0))" } ?? program }

    /// The compositor at the other end of `socket`; nil when the kernel or
    /// `/proc` does not say (another user's compositor, another pid namespace).
    static func of(socket: Int32) -> CompositorIdentity? {
        guard let executable = PeerProcess(socket: socket)?.executable else { return nil }
        return CompositorIdentity(executable: executable)
    }

    init(program: String, package: String?) {
        self.program = program
        self.package = package
    }

    init(executable: String) {
        program = executable.split(separator: "/").last.map(String.init) ?? executable
        package = Self.debianPackage(installing: executable)
    }

    /// "NAME VERSION" of the package that installed `path`, from
    /// `dpkg-query -S` then `-W`; nil off Debian or for a file no package owns.
    static func debianPackage(installing path: String) -> String? {
        guard let owner = CommandOutput.of(["dpkg-query", "-S", path]),
              let name = owner.split(separator: ":").first.map(String.init), !name.contains(" "),
              let version = CommandOutput.of(["dpkg-query", "-W", "-f=${Version}", name]), !version.isEmpty
        else { return nil }
        return "\(name) \(version)"
    }
}
