#if canImport(Glibc)
import Glibc
#endif
import Sound
import Testing

/// The player where no sound can be played: it says so once, in one line,
/// and every play returns.
@Suite struct SoundPlayerTests {
    /// The sound server is one that cannot exist, so the test means the
    /// same on a desktop with a running server as in CI.
    init() {
        setenv("PULSE_SERVER", "unix:/nonexistent/touchtracker-test/pulse", 1)
    }

    @Test func withNoSoundServerPlayingReportsOneLineOnceAndReturns() {
        var reports: [String] = []
        let player = SoundPlayer(directory: SoundDirectory.ofRunningProgram(), driver: "pulse") { reports.append($0) }
        player.play(.chomp)
        player.play(.laugh)
        player.play(.chomp)
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("touchtracker: cannot play sounds: ") == true)
        #expect(reports.first?.contains("\n") == false)
    }

    @Test func aDriverThatDoesNotExistIsReportedOnce() {
        var reports: [String] = []
        let player = SoundPlayer(directory: SoundDirectory.ofRunningProgram(), driver: "no-such-driver") {
            reports.append($0)
        }
        for _ in 0..<3 { player.play(.laugh) }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("No such driver") == true)
    }

    @Test func soundsThatWereNotFoundAreReportedOnce() {
        var reports: [String] = []
        let player = SoundPlayer(directory: nil, driver: "pulse") { reports.append($0) }
        player.play(.chomp)
        player.play(.chomp)
        #expect(reports == ["touchtracker: cannot play sounds: the sound files were not found"])
    }
}
