#if canImport(Glibc)
import Glibc
#endif

/// This process: its id, environment and user.
public enum CurrentProcess {
    public static var id: Int32 { getpid() }

    /// The user it runs as (the effective user id: the one that owns the
    /// files it creates).
    static var userID: UInt32 { UInt32(geteuid()) }

    /// Ends the process with `status`, flushing stdio.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// The environment variables.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// The user's home directory from the password database, for when
    /// `$HOME` is unset.
    public static func homeDirectoryOfUser() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
