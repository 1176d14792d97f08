import Platform

/// One writer per drawing: an exclusive `flock` on `<drawing>.lock`,
/// beside the drawing, held for as long as this object lives.
///
/// The lock is on a file of its own because saving replaces the drawing
/// by renaming a new file over it: a lock on the drawing itself would stay
/// on the old, unlinked file. The holder writes its pid into the lock file
/// so a second instance can say who has the drawing open. The kernel drops
/// the lock when its holder exits or crashes, so a lock file left behind
/// by a crash never blocks anyone. A clean exit removes it
/// (`releaseAndRemove()`), as vim removes its swap file: unlinked while
/// still locked, then unlocked. A second instance that opened the old file
/// just before takes its lock just after, on a file no path names any
/// more; so whoever takes the lock then checks that the path still names
/// the file it locked, and otherwise starts again on the new one.
///
/// Where the lock file cannot be created (a read-only directory), the
/// drawing file itself is locked instead, if it exists: nothing can be
/// saved there anyway, and two instances still exclude each other.
public final class DrawingLock {
    /// The file holding the lock.
    public let path: String
    private let fd: FileDescriptor
    /// False when the drawing itself is locked (a read-only folder): that
    /// file is never removed.
    private let isLockFile: Bool
    /// Until `releaseAndRemove()`.
    private var isHeld = true

    private init(path: String, fd: FileDescriptor, isLockFile: Bool) {
        self.path = path
        self.fd = fd
        self.isLockFile = isLockFile
    }

    deinit {
        release()
    }

    /// Unlocked explicitly before closing: a process spawned meanwhile
    /// holds a copy of every descriptor until it calls exec (even
    /// close-on-exec ones), and the flock would live on in that copy.
    private func release() {
        guard isHeld else { return }
        isHeld = false
        fd.unlock()
        try? fd.close()
    }

    /// Whether `path` still names the file this lock holds (same device and
    /// inode): false once it was deleted or replaced.
    public var pathNamesLockedFile: Bool {
        guard let held = try? fd.status(), let named = try? FileStatus(linkAt: path) else { return false }
        return held.device == named.device && held.inode == named.inode
    }

    /// Ends the lock at a clean exit, leaving no file behind: the lock file
    /// is removed while it is still locked, and only if its path still names
    /// the file locked (one put in its place belongs to someone else). The
    /// drawing, when it is what was locked, stays. Call it once nothing
    /// more will be saved; later calls do nothing.
    public func releaseAndRemove() {
        guard isHeld else { return }
        if isLockFile, pathNamesLockedFile { try? FileSystem.remove(path) }
        release()
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
        // O_NOFOLLOW: a link planted as the lock file must not make us truncate its target.
        // Held read-only: a descriptor open for writing would stop the file
        // system from being remounted read-only under a running session.
        // A holder removes the file as it exits: a lock taken on a file
        // that was removed (or replaced) meanwhile is given up and taken
        // again on the file now there. Each round follows a removal by
        // another process, so a few are plenty.
        for _ in 0..<100 {
            guard let fd = try? SystemCalls.open(lockPath, .readOnly, options: [.create, .noFollow],
                                                 permissions: 0o600) else { break }
            let lock = DrawingLock(path: lockPath, fd: fd, isLockFile: true)
            try lock.lockExclusively(drawingPath: drawingPath)
            guard lock.pathNamesLockedFile else { continue }
            lock.recordHolder()
            return lock
        }
        guard let fd = try? SystemCalls.open(drawingPath, .readOnly, options: .nonBlocking) else { return nil }
        let lock = DrawingLock(path: drawingPath, fd: fd, isLockFile: false)
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
