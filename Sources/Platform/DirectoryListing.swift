#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// The names in the directory at `path` (not "." and ".."), in no
    /// particular order.
    public static func names(in path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
