#if canImport(Glibc)
import Glibc
#endif
import CCanberra

/// The thread that owns the libcanberra context and makes every call on
/// it, so the caller's thread (the event loop) only queues a request.
///
/// `ca_context_open` connects to the sound server and `ca_context_play_full`
/// waits for the server to accept the stream (about 10 ms each on PipeWire's
/// pulse server here): on the event loop's thread they would hold up input.
/// The thread sleeps on a condition variable while there is nothing to play,
/// so it adds no wake-ups; it is started at the first request, so a session
/// that plays nothing has none.
final class SoundThread: @unchecked Sendable {
    /// One sound to play: its file, or nil when the sounds were not found.
    struct Request {
        var path: String?
        var description: String?
    }

    private let driver: String?
    private let report: @Sendable (String) -> Void
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    // Guarded by `mutex`.
    private var requests: [Request] = []
    private var stopping = false
    // The thread's own.
    private enum Connection {
        case notYet
        case open(OpaquePointer)
        case unavailable
    }
    private var connection = Connection.notYet
    private var failureReported = false
    private var nextID: UInt32 = 0

    /// Starts the thread; nil when it cannot be started.
    init?(driver: String?, report: @escaping @Sendable (String) -> Void) {
        self.driver = driver
        self.report = report
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<SoundThread>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if created != 0 {
            Unmanaged<SoundThread>.fromOpaque(context).release()
            return nil
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues `request`; returns at once.
    func enqueue(_ request: Request) {
        pthread_mutex_lock(mutex)
        requests.append(request)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Plays what is queued, then ends the thread and waits for it.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        pthread_join(thread, nil)
    }

    private func run() {
        while true {
            pthread_mutex_lock(mutex)
            while requests.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
            let taken = requests
            requests = []
            let done = stopping && taken.isEmpty
            pthread_mutex_unlock(mutex)
            if done { break }
            for request in taken { play(request) }
        }
        if case .open(let context) = connection { ca_context_destroy(context) }
    }

    private func play(_ request: Request) {
        guard let path = request.path else {
            reportOnce("touchtracker: cannot play sounds: the sound files were not found")
            return
        }
        guard let context = openedContext() else { return }
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == CA_SUCCESS, let properties else { return }
        defer { ca_proplist_destroy(properties) }
        ca_proplist_sets(properties, CA_PROP_MEDIA_FILENAME, path)
        ca_proplist_sets(properties, CA_PROP_MEDIA_ROLE, "event")
        if let description = request.description {
            ca_proplist_sets(properties, CA_PROP_EVENT_DESCRIPTION, description)
        }
        nextID &+= 1
        let status = ca_context_play_full(context, nextID, properties, nil, nil)
        if status != CA_SUCCESS {
            reportOnce("touchtracker: cannot play \(path): \(String(cString: ca_strerror(status)))")
        }
    }

    /// The context, made and opened at the first sound; nil when that
    /// failed (it is not tried again).
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
