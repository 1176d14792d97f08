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
/// the file it locked, and otherwise takes the new one (`retake`).
///
/// Where the lock file cannot be created (a read-only directory), the
/// drawing file itself is locked instead, if it exists: nothing can be
/// saved there anyway, and two instances still exclude each other.
///
/// A lock file deleted or replaced while the app runs (by a user, a
/// cleaner, another program) would let a second instance take a new lock
/// beside ours: `isStillAtItsPath` tells, and `retake()` locks the file now
/// at the path, so a session checks both before it saves.
public final class DrawingLock {
    /// The file holding the lock.
    public let path: String
    private var fd: FileDescriptor
    /// True when the lock is on the drawing itself (no lock file could be made).
    private let locksTheDrawing: Bool
    /// Until `releaseAndRemove()`.
    private var isHeld = true

    private init(path: String, fd: FileDescriptor, locksTheDrawing: Bool = false) {
        self.path = path
        self.fd = fd
        self.locksTheDrawing = locksTheDrawing
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

    /// Ends the lock at a clean exit, leaving no file behind: the lock file
    /// is removed while it is still locked, and only if its path still names
    /// the file locked (one put in its place belongs to someone else). The
    /// drawing, when it is what was locked, stays. Call it once nothing
    /// more will be saved; later calls do nothing.
    public func releaseAndRemove() {
        guard isHeld else { return }
        if !locksTheDrawing, isStillAtItsPath { try? FileSystem.remove(path) }
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
        // Anything but a regular file of the user's there is refused before
        // it is opened: a FIFO, whose open would wait for a writer forever; a
        // symbolic link, which O_NOFOLLOW could not open, so two instances
        // would each fall back to locking the drawing, a file every save
        // replaces, and both write it; another user's file.
        if let status = try? FileStatus(linkAt: lockPath) { try requireLockFile(status, lockPath) }
        // O_NOFOLLOW: a link planted as the lock file must not make us truncate its target.
        // Held read-only: a descriptor open for writing would stop the file
        // system from being remounted read-only under a running session.
        // O_NONBLOCK: a FIFO swapped in since the look above does not block
        // the open, and is caught by the look after it.
        let fd: FileDescriptor
        do {
            fd = try openLockFile(lockPath)
        } catch .system(_, _, let errno, _) where errno == Errno.tooManySymbolicLinks.rawValue {
            throw .notALockFile(path: lockPath, kind: FileKind.symbolicLink.userName)
        } catch .system {
            // The lock file cannot be made (a read-only directory): the drawing itself, if there is one.
            guard let fd = try? SystemCalls.open(drawingPath, .readOnly, options: .nonBlocking) else { return nil }
            let lock = DrawingLock(path: drawingPath, fd: fd, locksTheDrawing: true)
            try lock.lockExclusively(drawingPath: drawingPath)
            return lock
        }
        let lock = DrawingLock(path: lockPath, fd: fd)
        try lock.lockExclusively(drawingPath: drawingPath)
        // Locked, but perhaps a file its holder removed as it quit
        // (see `isStillAtItsPath`): then the lock is the new file's.
        if !lock.isStillAtItsPath { try lock.retake(drawingPath: drawingPath) }
        lock.recordHolder()
        return lock
    }

    /// Opens (creating it, 0600) the lock file at `path` without following
    /// a link and without blocking, and refuses what it found there unless
    /// it is a regular file of the user's.
    private static func openLockFile(_ path: String) throws(DocumentError) -> FileDescriptor {
        let fd = try SystemCalls.open(path, .readOnly, options: [.create, .noFollow, .nonBlocking], permissions: 0o600)
        do {
            try requireLockFile(SystemCalls.attempt("stat", path) { () throws(Errno) in try fd.status() }, path)
        } catch {
            try? fd.close()
            throw error
        }
        return fd
    }

    private static func requireLockFile(_ status: FileStatus, _ path: String) throws(DocumentError) {
        try Document.requireOwnRegularFile(status, path) { .notALockFile(path: $0, kind: $1) }
    }

    /// Whether the lock file at `path` is still the file this lock holds:
    /// false once it was deleted or replaced. (A lock on the drawing itself
    /// always is: saves are impossible where it is used.)
    public var isStillAtItsPath: Bool {
        guard !locksTheDrawing else { return true }
        guard let held = try? fd.status(), let current = try? FileStatus(linkAt: path) else { return false }
        return held.isSameFile(as: current)
    }

    /// Locks the file now at `path` (creating it if it is gone) in place of
    /// the one held, which no longer guards anything. Throws `.locked`
    /// when another process holds the new file.
    public func retake(drawingPath: String) throws(DocumentError) {
        // The whole folder may have gone: saving makes it again, as at the start.
        try? SystemCalls.makeDirectories(FileSystem.parent(of: drawingPath))
        for _ in 0..<10 {
            let new = try Self.openLockFile(path)
            let old = fd
            fd = new
            do {
                try lockExclusively(drawingPath: drawingPath)
            } catch {
                fd = old
                try? new.close()
                throw error
            }
            old.unlock()
            try? old.close()
            if isStillAtItsPath {
                recordHolder()
                return
            }
            // Replaced again between the open and the lock: once more.
        }
        throw .locked(path: drawingPath, holder: nil)
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
        guard let writer = try? SystemCalls.open(path, .writeOnly, options: [.noFollow, .nonBlocking]) else { return }
        defer { try? writer.close() }
        // Only into the file locked: one swapped in meanwhile is not ours to empty.
        guard let written = try? writer.status(), let held = try? fd.status(), written.isSameFile(as: held) else { return }
        try? writer.resize(to: 0)
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
