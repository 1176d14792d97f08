import CCanberra

/// Plays short event sounds the desktop way, through libcanberra (the
/// freedesktop event-sound library GTK applications use), by file
/// (`CA_PROP_MEDIA_FILENAME`).
///
/// Playing never blocks the event loop: `ca_context_play_full` only hands
/// the sound to the driver, which streams it from a thread of its own
/// (PulseAudio's threaded main loop, which sleeps in `poll` between
/// sounds), and asks for no callback. Nothing is added to the app's `poll`.
/// The context is made and connected at the first play, so a session that
/// plays nothing opens no connection and starts no thread.
///
/// Where there is no sound server (CI, a server), playing fails quietly:
/// the first failure is reported once, in one line, and every later play
/// returns at once; nothing else changes. A context that could not be
/// opened is not retried.
public final class SoundPlayer {
    /// Where `play(_:)` finds the shipped sounds; nil: they were not found,
    /// and playing one fails (reported once).
    public let directory: String?
    private let driver: String?
    private let report: (String) -> Void
    private enum Connection {
        case notYet
        case open(OpaquePointer)
        case unavailable
    }
    private var connection = Connection.notYet
    private var failureReported = false
    private var nextID: UInt32 = 0

    /// - Parameters:
    ///   - directory: the sounds folder (`SoundDirectory`).
    ///   - driver: libcanberra's output driver (`pulse`, `alsa`…); nil lets
    ///     libcanberra choose (the `CANBERRA_DRIVER` variable, else each in turn).
    ///   - report: receives the one line saying sounds cannot be played.
    public init(directory: String?, driver: String? = nil, report: @escaping (String) -> Void) {
        self.directory = directory
        self.driver = driver
        self.report = report
    }

    deinit {
        if case .open(let context) = connection { ca_context_destroy(context) }
    }

    /// Plays one of the shipped sounds.
    public func play(_ name: SoundName) {
        guard let directory else {
            reportOnce("touchtracker: cannot play sounds: the sound files were not found")
            return
        }
        play(file: directory + "/" + name.fileName, description: name.rawValue)
    }

    /// Plays the sound file at `path` (WAV or Ogg Vorbis).
    public func play(file path: String, description: String? = nil) {
        guard let context = openedContext() else { return }
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == CA_SUCCESS, let properties else { return }
        defer { ca_proplist_destroy(properties) }
        ca_proplist_sets(properties, CA_PROP_MEDIA_FILENAME, path)
        ca_proplist_sets(properties, CA_PROP_MEDIA_ROLE, "event")
        if let description { ca_proplist_sets(properties, CA_PROP_EVENT_DESCRIPTION, description) }
        nextID &+= 1
        let status = ca_context_play_full(context, nextID, properties, nil, nil)
        if status != CA_SUCCESS {
            reportOnce("touchtracker: cannot play \(path): \(String(cString: ca_strerror(status)))")
        }
    }

    /// The context, made and opened at the first play; nil when that failed.
    private func openedContext() -> OpaquePointer? {
        switch connection {
        case .open(let context):
            return context
        case .unavailable:
            return nil
        case .notYet:
            break
        }
        var context: OpaquePointer?
        var status = ca_context_create(&context)
        if status == CA_SUCCESS, let context {
            if let driver { status = ca_context_set_driver(context, driver) }
            if status == CA_SUCCESS { status = describeApplication(context) }
            if status == CA_SUCCESS { status = ca_context_open(context) }
            if status == CA_SUCCESS {
                connection = .open(context)
                return context
            }
            ca_context_destroy(context)
        }
        connection = .unavailable
        reportOnce("touchtracker: cannot play sounds: \(String(cString: ca_strerror(status))) (no sound server?)")
        return nil
    }

    /// Names the app to the sound server (its mixer shows it).
    private func describeApplication(_ context: OpaquePointer) -> Int32 {
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == CA_SUCCESS, let properties else { return Int32(CA_ERROR_OOM) }
        defer { ca_proplist_destroy(properties) }
        ca_proplist_sets(properties, CA_PROP_APPLICATION_NAME, "TouchTracker")
        ca_proplist_sets(properties, CA_PROP_APPLICATION_ID, "org.touchtracker.TouchTracker")
        ca_proplist_sets(properties, CA_PROP_APPLICATION_ICON_NAME, "org.touchtracker.TouchTracker")
        return ca_context_change_props_full(context, properties)
    }

    private func reportOnce(_ message: String) {
        guard !failureReported else { return }
        failureReported = true
        report(message)
    }
}
