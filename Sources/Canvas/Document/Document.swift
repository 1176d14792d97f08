#if canImport(Glibc)
import Glibc
#endif

/// Saving and loading a drawing's finished lines as a JSON file.
///
/// Saving is atomic: the new contents go to a temporary file in the same
/// directory, are flushed to disk, then renamed over the old file, and the
/// directory itself is flushed, so a crash at any point leaves either the old
/// or the new drawing, never a mix. Files are private to the user (0600).
public enum Document {
    /// Files larger than this are refused unread.
    public static let byteLimit = 64 << 20
    /// Files with more lines are refused.
    public static let lineLimit = 1_000_000
    /// Coordinates beyond ± this many points are refused.
    public static let coordinateLimit = 1e6

    /// Where the drawing lives by default: `$XDG_DATA_HOME/touchtracker/drawing.json`,
    /// with `XDG_DATA_HOME` defaulting to `~/.local/share` (XDG base directories;
    /// a relative `XDG_DATA_HOME` is ignored, as the spec requires).
    public static func defaultPath(environment: [String: String]) -> String {
        var dataHome = environment["XDG_DATA_HOME"] ?? ""
        if !dataHome.hasPrefix("/") {
            dataHome = homeDirectory(environment: environment) + "/.local/share"
        }
        return dataHome + "/touchtracker/drawing.json"
    }

    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// Reads the lines saved at `path`. A missing file is an empty drawing;
    /// anything unreadable, corrupt or hostile throws a `DocumentError`
    /// whose description explains it (see `setAside(corruptFileAt:)`).
    public static func load(from path: String) throws(DocumentError) -> [Line] {
        guard SystemCalls.exists(path) else { return [] }
        let bytes = try SystemCalls.readFile(path, limit: byteLimit)
        return try DrawingFileFormat.decode(bytes, path: path)
    }

    /// Atomically replaces the file at `path` with `lines`, creating its
    /// directory (0700) if needed.
    public static func save(_ lines: [Line], to path: String) throws(DocumentError) {
        try save(lines, to: path, beforeRename: {})
    }

    /// `beforeRename` runs after the temporary file is complete and flushed,
    /// and before it replaces the old file: tests inject a failure there to
    /// play a crash at the worst moment.
    static func save(_ lines: [Line], to path: String,
                     beforeRename: () throws(DocumentError) -> Void) throws(DocumentError) {
        let directory = SystemCalls.parent(of: path)
        try SystemCalls.makeDirectories(directory, mode: 0o700)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = try SystemCalls.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { SystemCalls.close(fd) }
            // O_CREAT's mode does not apply to a leftover file from a crash.
            _ = try SystemCalls.check("chmod", temporary) { fchmod(fd, 0o600) }
            try SystemCalls.writeAll(fd, DrawingFileFormat.encode(lines), path: temporary)
            _ = try SystemCalls.check("fsync", temporary) { fsync(fd) }
        }
        try beforeRename()
        _ = try SystemCalls.check("rename", path) { rename(temporary, path) }
        renamed = true
        // Make the rename itself durable.
        let directoryFD = try SystemCalls.open(directory, O_RDONLY | O_DIRECTORY)
        defer { SystemCalls.close(directoryFD) }
        _ = try SystemCalls.check("fsync", directory) { fsync(directoryFD) }
    }

    /// Moves a file that failed to load out of the way, untouched, to
    /// `<path>.corrupt-<UTC timestamp>` (with a counter if that exists), so the
    /// app can start empty without ever overwriting it. Returns the new path.
    @discardableResult
    public static func setAside(corruptFileAt path: String, at time: time_t = time(nil)) throws(DocumentError) -> String {
        let stamp = utcStamp(time)
        var target = "\(path).corrupt-\(stamp)"
        var counter = 1
        while SystemCalls.exists(target) {
            target = "\(path).corrupt-\(stamp)-\(counter)"
            counter += 1
        }
        _ = try SystemCalls.check("rename", path) { rename(path, target) }
        return target
    }

    /// `time` as `YYYYMMDDTHHMMSSZ`, for names of files kept aside.
    static func utcStamp(_ time: time_t) -> String {
        var moment = time
        var parts = tm()
        gmtime_r(&moment, &parts)
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2)
            + "T" + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
    }
}
