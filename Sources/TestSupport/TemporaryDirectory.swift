#if canImport(Glibc)
import Glibc
#endif

/// A private directory under /tmp (`mkdtemp`), removed with everything in
/// it when the value goes away, so tests and benchmarks leave nothing behind.
public final class TemporaryDirectory {
    public let path: String

    public struct CreationFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// `prefix`: the start of the directory's name, so a leftover says whose it is.
    public init(prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CreationFailed(description: "cannot create a directory in /tmp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    deinit {
        Self.remove(path)
    }

    /// The names in the directory (without "." and ".."), sorted.
    public func entries() -> [String] {
        Self.entries(of: path)
    }

    /// The names in the directory at `path`, sorted (empty when it cannot be read).
    public static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Deletes a file, or a directory with everything in it.
    private static func remove(_ path: String) {
        if unlink(path) == 0 { return }
        for name in entries(of: path) { remove(path + "/" + name) }
        rmdir(path)
    }
}
