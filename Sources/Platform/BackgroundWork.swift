#if canImport(Glibc)
import Glibc
#endif

/// One piece of work run on a thread of its own, for work too long to slice
/// into the event loop (parsing and indexing a drawing of a million lines).
///
/// The work must touch nothing the calling thread uses meanwhile. It hands
/// its result over through what it captures, read after `join()`, whose
/// `pthread_join` orders the memory accesses, so no lock is needed.
/// Completion is announced on `completion`, a pipe that becomes readable:
/// the event loop polls it with its other descriptors and sleeps until then.
public final class BackgroundWork: @unchecked Sendable {
    /// Readable once the work has finished.
    public let completion: FileDescriptor
    private let signal: FileDescriptor
    private let work: () -> Void
    private var thread = pthread_t()
    private var joined = false

    public init(_ work: @escaping () -> Void) throws(Errno) {
        var ends: [Int32] = [0, 0]
        _ = try retryingOnInterrupt { pipe(&ends) }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        completion = FileDescriptor(rawValue: ends[0])
        signal = FileDescriptor(rawValue: ends[1])
        self.work = work
        let created = Self.start(self)
        guard created == 0 else {
            try? completion.close()
            try? signal.close()
            throw Errno(rawValue: created)
        }
    }

    private static func start(_ work: BackgroundWork) -> Int32 {
        let context = Unmanaged.passRetained(work).toOpaque()
        let created = pthread_create(&work.thread, nil, { context in
            let work = Unmanaged<BackgroundWork>.fromOpaque(context!).takeRetainedValue()
            work.work()
            try? work.signal.writeAll([1])
            return nil
        }, context)
        if created != 0 { Unmanaged<BackgroundWork>.fromOpaque(context).release() }
        return created
    }

    /// Waits for the work to finish (at once, once `completion` is readable).
    public func join() {
        guard !joined else { return }
        pthread_join(thread, nil)
        joined = true
        try? completion.close()
        try? signal.close()
    }
}
