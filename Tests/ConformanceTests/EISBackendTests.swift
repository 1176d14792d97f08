import InputEmulation
import Testing
import TestSupport
@testable import Conformance

/// The EIS back end of `touchtracker conformance` (issue 39): tried first,
/// and where it cannot run (no libei, as on Debian 12; no compositor
/// offering EIS on the bus) not offered, with the reason in the report,
/// while the other back ends are still tried.
@Suite struct EISBackendTests {
    @Test func itIsTriedFirst() {
        #expect(EmulationBackends.candidates.first?.name == EISBackend.candidate.name)
    }

    @Test func whereItCannotRunTheReportSaysWhyAndTheOthersAreTried() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-eis")
        let (backend, notOffered) = EmulationBackends.open(environment: ["WAYLAND_DISPLAY": directory.path + "/none"])
        #expect(backend == nil)
        let eis = try #require(notOffered.first { $0.hasPrefix("EIS (libei): ") }, "\(notOffered)")
        let libeiLoads = (try? LibEI.load()) != nil
        if libeiLoads {
            #expect(eis.contains("DBUS_SESSION_BUS_ADDRESS is not set"), "\(eis)")
        } else {
            #expect(eis.contains("libei.so.1 not found (Debian 12 has no libei"), "\(eis)")
        }
        #expect(notOffered.count == EmulationBackends.candidates.count, "every back end was tried: \(notOffered)")
    }
}
