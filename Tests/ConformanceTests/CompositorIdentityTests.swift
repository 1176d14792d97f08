import Platform
import Testing
import TestCompositor
@testable import Conformance
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Issue 39: the conformance report names the compositor and its version,
/// so reports of one suite on Debian 12's and 13's desktops say which is
/// which. The peer of the Wayland socket is asked for its program, and
/// Debian's package database for the package and version that installed it.
@Suite struct CompositorIdentityTests {
    /// The scripted compositor runs in this process: the peer is this test binary.
    @Test func thePeerOfTheWaylandSocketIsTheCompositorsProgram() throws {
        let compositor = TestCompositor()
        let socket = compositor.connectClient()
        defer { close(socket) }
        let identity = try #require(CompositorIdentity.of(socket: socket))
        let ownExecutable = try FileSystem.linkTarget(of: "/proc/self/exe")
        #expect(identity.program == ownExecutable.split(separator: "/").last.map(String.init))
        #expect(identity.package == nil, "no package installed the test binary")
        #expect(identity.description == identity.program)
    }

    @Test func aDescriptorThatIsNoSocketNamesNoCompositor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(CompositorIdentity.of(socket: ends[0]) == nil)
    }

    /// The compositors are installed from Debian's packages for the tests
    /// (scripts/setup-debian test): each is named with its package and version.
    @Test(.enabled(if: FileSystem.exists("/usr/bin/dpkg-query"), "needs Debian's package database"),
          arguments: [("weston", "weston"), ("kwin_wayland", "kwin-wayland"), ("mutter", "mutter")])
    func aProgramFromADebianPackageIsNamedWithItsVersion(program: String, package: String) throws {
        guard FileSystem.exists("/usr/bin/" + program) else { return }
        let identity = CompositorIdentity(executable: "/usr/bin/" + program)
        #expect(identity.program == program)
        let installed = try #require(CommandOutput.of(["dpkg-query", "-W", "-f=${Version}", package]))
        #expect(identity.package == "\(package) \(installed)")
        #expect(identity.description == "\(program) (\(package) \(installed))")
    }
}

/// `CommandOutput`: a short command's standard output, never a wait past its timeout.
@Suite struct CommandOutputTests {
    @Test func theOutputOfACommandThatSucceeds() {
        #expect(CommandOutput.of(["printf", "a\\nb"]) == "a\nb")
    }

    @Test func aFailureOrAMissingProgramGivesNothing() {
        #expect(CommandOutput.of(["false"]) == nil)
        #expect(CommandOutput.of(["touchtracker-no-such-program"]) == nil)
    }

    @Test func aCommandThatHangsIsKilledAtItsTimeout() {
        let start = Time.monotonicSeconds()
        #expect(CommandOutput.of(["sleep", "30"], timeout: 0.2) == nil)
        #expect(Time.monotonicSeconds() - start < 10, "killed, not waited for")
    }
}
