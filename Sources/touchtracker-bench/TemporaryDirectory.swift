#if canImport(Glibc)
import Glibc
#endif

/// A private directory under /tmp, removed with everything in it when the
/// value goes away (the drawing files and the compositor's runtime
/// directory of the benchmarks).
final class TemporaryDirectory {
    let path: String

    struct CreationFailed: Error, CustomStringConvertible {
        let description: String
    }

    init(prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CreationFailed(description: "cannot create a directory in /tmp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    deinit {
        // Only flat directories are made here: files and sockets.
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}
