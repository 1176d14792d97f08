#if canImport(Glibc)
import Glibc
#endif
import Sound
import Testing

/// The player where no sound can be played: it says so once, in one line,
/// and every play returns at once.
@Suite struct SoundPlayerTests {
    /// The sound server is one that cannot exist, so the tests mean the
    /// same on a desktop with a running server as in CI.
    init() {
        setenv("PULSE_SERVER", "unix:/nonexistent/touchtracker-test/pulse", 1)
    }

    /// Plays with a player of `driver` and releases it, which lets its
    /// thread finish what was queued; returns what it reported.
    private func reports(driver: String, directory: String? = SoundDirectory.ofRunningProgram(),
                         _ plays: (SoundPlayer) -> Void) -> [String] {
        let box = ReportBox()
        do {
            let player = SoundPlayer(directory: directory, driver: driver) { box.add($0) }
            plays(player)
        }
        return box.lines
    }

    @Test func withNoSoundServerPlayingReportsOneLineOnce() {
        let lines = reports(driver: "pulse") { player in
            player.play(.chomp)
            player.play(.laugh)
            player.play(.chomp)
        }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("touchtracker: cannot play sounds: ") == true)
        #expect(lines.first?.contains("\n") == false)
    }

    @Test func aDriverThatDoesNotExistIsReportedOnce() {
        let lines = reports(driver: "no-such-driver") { player in
            for _ in 0..<3 { player.play(.laugh) }
        }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("No such driver") == true)
    }

    @Test func soundsThatWereNotFoundAreReportedOnce() {
        let lines = reports(driver: "pulse", directory: nil) { player in
            player.play(.chomp)
            player.play(.chomp)
        }
        #expect(lines == ["touchtracker: cannot play sounds: the sound files were not found"])
    }

    @Test func aPlayerThatPlaysNothingReportsNothing() {
        #expect(reports(driver: "no-such-driver") { _ in }.isEmpty)
    }
}

/// Lines reported from the player's thread.
final class ReportBox: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: [String] = []

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func add(_ line: String) {
        pthread_mutex_lock(lock)
        stored.append(line)
        pthread_mutex_unlock(lock)
    }

    var lines: [String] {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stored
    }
}
