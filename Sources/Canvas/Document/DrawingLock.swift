import Platform

/// One writer per drawing: an exclusive `flock` on `<drawing>.lock`,
/// beside the drawing, held for as long as this object lives.
///
/// The lock is on a file of its own because saving replaces the drawing
/// by renaming a new file over it: a lock on the drawing itself would stay
/// on the old, unlinked file. The holder writes its pid into the lock file
/// so a second instance can say who has the drawing open. The kernel drops
/// the lock when its holder exits or crashes, so a lock file left behind
/// never blocks anyone; it is not deleted on exit, because deleting it
/// would let a third instance lock a new file while a second still waits
/// on the old one.
///
/// Where the lock file cannot be created (a read-only directory), the
/// drawing file itself is locked instead, if it exists: nothing can be
/// saved there anyway, and two instances still exclude each other.
public final class DrawingLock {
    /// The file holding the lock.
    public let path: String
    private let fd: FileDescriptor

    private init(path: String, fd: FileDescriptor) {
        self.path = path
        self.fd = fd
    }

    deinit {
        // Unlocked explicitly before closing: a process spawned meanwhile
        // holds a copy of every descriptor until it calls exec (even
        // close-on-exec ones), and the flock would live on in that copy.
        fd.unlock()
        try? fd.close()
    }

    /// The lock file of the drawing at `drawingPath` (already resolved, see
    /// `Document.resolvingSymbolicLinks`).
    public static func lockPath(for drawingPath: String) -> String {
        drawingPath + ".lock"
    }

    /// Takes the lock of the drawing at `drawingPath`, creating its
    /// directory (0700) if needed. Throws `.locked` with the holder's pid
    /// when another process holds it; returns nil when no lock can be taken
    /// because neither the lock file nor the drawing can be opened (a
    /// read-only directory and no drawing yet: nothing to protect).
    public static func acquire(for drawingPath: String) throws(DocumentError) -> DrawingLock? {
        try? SystemCalls.makeDirectories(FileSystem.parent(of: drawingPath))
        let lockPath = lockPath(for: drawingPath)
        // Anything but a regular file there (a FIFO, whose open would wait
        // for a writer forever; a device) is refused before it is opened.
        if let status = try? FileStatus(linkAt: lockPath), status.kind != .regular, status.kind != .symbolicLink {
            throw .notALockFile(path: lockPath, kind: status.kind.userName)
        }
        // O_NOFOLLOW: a link planted as the lock file must not make us truncate its target.
        // Held read-only: a descriptor open for writing would stop the file
        // system from being remounted read-only under a running session.
        // O_NONBLOCK: a FIFO swapped in since the look above does not block
        // the open, and is caught by the look after it.
        if let fd = try? SystemCalls.open(lockPath, .readOnly, options: [.create, .noFollow, .nonBlocking],
                                          permissions: 0o600) {
            if let status = try? fd.status(), status.kind != .regular {
                try? fd.close()
                throw .notALockFile(path: lockPath, kind: status.kind.userName)
            }
            let lock = DrawingLock(path: lockPath, fd: fd)
            try lock.lockExclusively(drawingPath: drawingPath)
            lock.recordHolder()
            return lock
        }
        guard let fd = try? SystemCalls.open(drawingPath, .readOnly, options: .nonBlocking) else { return nil }
        let lock = DrawingLock(path: drawingPath, fd: fd)
        try lock.lockExclusively(drawingPath: drawingPath)
        return lock
    }

    private func lockExclusively(drawingPath: String) throws(DocumentError) {
        let fd = fd
        guard try SystemCalls.attempt("lock", path, { () throws(Errno) in try fd.tryLockExclusively() }) else {
            throw .locked(path: drawingPath, holder: readHolder())
        }
    }

    /// Replaces the lock file's contents with our pid, through a descriptor
    /// of its own that is closed at once. Best effort: the lock holds
    /// without it, a second instance just cannot name us.
    private func recordHolder() {
        guard let writer = try? SystemCalls.open(path, .writeOnly, options: [.truncate, .noFollow]) else { return }
        defer { try? writer.close() }
        try? writer.writeAll("\(CurrentProcess.id)\n")
    }

    /// The pid the holder wrote. It writes it just after locking, so an
    /// empty file is read again for a moment before giving up.
    private func readHolder() -> Int32? {
        for attempt in 0..<20 {
            var buffer = [UInt8](repeating: 0, count: 24)
            let count = (try? fd.read(fromAbsoluteOffset: 0, into: &buffer)) ?? 0
            if count > 0 {
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                return text.split(separator: "\n").first.flatMap { Int32($0) }
            }
            if attempt < 19 { Time.sleep(seconds: 0.005) }
        }
        return nil
    }
}
