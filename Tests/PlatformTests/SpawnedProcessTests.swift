import Glibc
import Platform
import Testing

/// Programs started without a shell and reaped once their exit descriptor
/// says they ended (how Open hands an export to `xdg-open`).
@Suite struct SpawnedProcessTests {
    /// Sleeps until `process` has exited, then reaps it.
    private func waitAndReap(_ process: SpawnedProcess) throws -> Int32? {
        var descriptors = [PollDescriptor(fd: process.exitDescriptor.rawValue, events: .readable)]
        try Poll.wait(&descriptors, timeoutNanoseconds: { 10_000_000_000 })
        #expect(descriptors[0].returned.contains(.readable))
        return process.reap()
    }

    @Test func aProgramOnThePathRunsAndItsExitStatusIsCollected() throws {
        let environment = ["PATH": "/usr/bin:/bin"]
        #expect(try waitAndReap(SpawnedProcess.spawn("true", arguments: [], environment: environment)) == 0)
        #expect(try waitAndReap(SpawnedProcess.spawn("false", arguments: [], environment: environment)) == 1)
    }

    @Test func argumentsReachTheProgramAsTheyAreWithNoShellReadingThem() throws {
        // A shell would run `touch` for the `;`; `test` compares the strings as given.
        let odd = "a file; touch /tmp/touchtracker-spawned-$$ `id`"
        let process = try SpawnedProcess.spawn("test", arguments: [odd, "=", odd], environment: [:])
        #expect(try waitAndReap(process) == 0)
    }

    @Test func theChildCanBeStoppedThoughTheAppBlocksTerminationSignals() throws {
        TerminationSignalFile.blockInThisAndLaterThreads()
        defer { TerminationSignalFile.deliverByDefault() }
        let process = try SpawnedProcess.spawn("sleep", arguments: ["30"], environment: [:])
        #expect(process.reap() == nil, "still running")
        kill(process.id, SIGTERM)
        #expect(try waitAndReap(process) == 128 + SIGTERM)
    }

    @Test func aMissingProgramIsAnErrorThatSaysSo() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SpawnedProcess.spawn("touchtracker-no-such-program", arguments: [], environment: [:])
        }
    }
}
