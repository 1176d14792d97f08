#if canImport(Glibc)
import Glibc
#endif

/// Where the shipped sounds are at run time: installed beside the program
/// (`PREFIX/bin/touchtracker` → `PREFIX/share/touchtracker/sounds`, as
/// `scripts/install` puts them), or, for a program run from a build of the
/// source tree (`.build/…/touchtracker`, the tests), in the tree's
/// `data/sounds`.
public enum SoundDirectory {
    /// The folder holding every `SoundName`'s file, for the program at
    /// `executablePath`; nil when none is found.
    public static func find(executablePath: String) -> String? {
        let binDirectory = parent(of: executablePath)
        var candidates = [parent(of: binDirectory) + "/share/touchtracker/sounds"]
        var directory = binDirectory
        while directory != "/" && !directory.isEmpty {
            candidates.append(directory + "/data/sounds")
            directory = parent(of: directory)
        }
        return candidates.first { candidate in
            SoundName.allCases.allSatisfy { access(candidate + "/" + $0.fileName, R_OK) == 0 }
        }
    }

    /// The folder of the running program (`/proc/self/exe`); nil when the
    /// link cannot be read.
    public static func ofRunningProgram() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return find(executablePath: path)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
