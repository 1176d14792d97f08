import BenchmarkWorkloads
import Testing

@Suite struct ReferenceWorkloadTests {
    /// Every unit's four tokens are made, hashed, looked up and summed: a
    /// yardstick the optimizer shortened would time less than it claims.
    @Test func everyUnitAddsItsTokensToTheChecksum() {
        var workload = ReferenceWorkload()
        workload.run(units: 100)
        // Unit u adds u + (u+1) + (u+2) + (u+3) = 4u + 6.
        #expect(workload.checksum == (0..<100).reduce(0) { $0 + 4 * $1 + 6 })
        workload.run(units: 1)
        #expect(workload.checksum == (0..<100).reduce(0) { $0 + 4 * $1 + 6 } + 6)
    }
}
