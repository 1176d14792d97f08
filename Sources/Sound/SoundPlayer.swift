/// Plays short event sounds the desktop way, through libcanberra (the
/// freedesktop event-sound library GTK applications use), by file
/// (`CA_PROP_MEDIA_FILENAME`).
///
/// Playing never blocks the caller: `play` queues the sound for a thread of
/// the player's own (`SoundThread`), which connects to the sound server at
/// the first sound and hands each to libcanberra's driver, which streams it
/// from a thread of its own. Nothing is added to the app's `poll`, and both
/// threads sleep while nothing plays. A session that plays nothing starts no
/// thread and opens no connection.
///
/// Where there is no sound server (CI, a server), playing fails quietly: the
/// first failure is reported once, in one line, and every later sound is
/// dropped; nothing else changes. A context that could not be opened is not
/// tried again. Releasing the player plays what is still queued, then ends
/// its thread.
public final class SoundPlayer {
    /// Where `play(_:)` finds the shipped sounds; nil: they were not found,
    /// and playing one fails (reported once).
    public let directory: String?
    private let driver: String?
    private let report: @Sendable (String) -> Void
    private var thread: SoundThread?

    /// - Parameters:
    ///   - directory: the sounds folder (`SoundDirectory`).
    ///   - driver: libcanberra's output driver (`pulse`, `alsa`…); nil lets
    ///     libcanberra choose (the `CANBERRA_DRIVER` variable, else each in turn).
    ///   - report: receives the one line saying sounds cannot be played, on
    ///     the player's thread (write it to stderr at once).
    public init(directory: String?, driver: String? = nil, report: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.driver = driver
        self.report = report
    }

    deinit {
        thread?.stop()
    }

    /// Plays one of the shipped sounds.
    public func play(_ name: SoundName) {
        enqueue(SoundThread.Request(path: directory.map { $0 + "/" + name.fileName }, description: name.rawValue))
    }

    /// Plays the sound file at `path` (WAV or Ogg Vorbis).
    public func play(file path: String, description: String? = nil) {
        enqueue(SoundThread.Request(path: path, description: description))
    }

    private func enqueue(_ request: SoundThread.Request) {
        if thread == nil { thread = SoundThread(driver: driver, report: report) }
        thread?.enqueue(request)
    }
}
