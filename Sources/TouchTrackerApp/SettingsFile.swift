#if canImport(Glibc)
import Glibc
#endif

/// Where the settings live and how they are read and written:
/// `$XDG_CONFIG_HOME/touchtracker/settings.conf` (by default
/// `~/.config/touchtracker/settings.conf`), in `SettingsFormat`.
///
/// A file that cannot be understood is never overwritten: the app says what
/// is wrong with it, uses the defaults, and keeps changes made from the menu
/// for this run only, so a hand edit is never lost to a menu click.
final class SettingsFile {
    let path: String
    /// The settings in force (the file's, or the defaults).
    private(set) var settings = Settings()
    /// False while the file holds something we could not read.
    private(set) var canSave = true
    private let report: (String) -> Void

    /// Files beyond this size are not settings files.
    static let sizeLimit = 64 * 1024

    /// Reads the file at `path` (a missing one means the defaults).
    init(path: String, report: @escaping (String) -> Void) {
        self.path = path
        self.report = report
        switch Self.read(path) {
        case .missing:
            break
        case .unreadable(let reason):
            refuse("cannot read \(path) (\(reason))")
        case .contents(let text):
            do {
                settings = try SettingsFormat.parse(text)
            } catch {
                refuse("\(path) is not a settings file this version understands (\(error))")
            }
        }
    }

    private func refuse(_ problem: String) {
        canSave = false
        report("\(problem); using the default settings, and leaving the file as it is")
    }

    /// Changes the settings and writes them to the file, atomically.
    func update(_ change: (inout Settings) -> Void) {
        change(&settings)
        guard canSave else {
            report("the new settings last until the app quits: \(path) is left as it is (fix or remove it)")
            return
        }
        do {
            try write(SettingsFormat.text(of: settings))
        } catch {
            report("cannot save the settings to \(path): \(error)")
        }
    }

    /// The settings file for `environment`, per the XDG base directory
    /// specification: a relative or empty `XDG_CONFIG_HOME` is ignored.
    static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return "\(config)/touchtracker/settings.conf"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return "\(home)/.config/touchtracker/settings.conf"
    }

    // MARK: The file

    private enum Contents {
        case missing
        case unreadable(String)
        case contents(String)
    }

    private static func read(_ path: String) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .unreadable("not a file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .unreadable(String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > sizeLimit { return .unreadable("larger than \(sizeLimit) bytes") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .unreadable("not UTF-8 text") }
        return .contents(text)
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `text` next to the file, flushes it and renames it over the
    /// file, so a crash leaves the old settings or the new, never half.
    private func write(_ text: String) throws {
        try Self.makeDirectories(for: path)
        let temporary = "\(path).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure("open", temporary) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let error = Self.failure("write", temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard fsync(fd) == 0 else {
            let error = Self.failure("fsync", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = Self.failure("rename", temporary)
            unlink(temporary)
            throw error
        }
    }

    /// Creates the missing directories above `path` (mode 0700, as the XDG
    /// specification asks).
    private static func makeDirectories(for path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var info = stat()
        if stat(directory, &info) == 0 { return }
        try makeDirectories(for: directory)
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { throw failure("mkdir", directory) }
    }

    private static func failure(_ operation: String, _ path: String) -> WriteError {
        WriteError(description: "\(operation) \(path): \(String(cString: strerror(errno)))")
    }
}
