import Platform

/// Where the shipped sounds are at run time: installed beside the program
/// (`PREFIX/bin/touchtracker` → `PREFIX/share/touchtracker/sounds`, as
/// `scripts/install` puts them), or, for a program run from a build of the
/// source tree (`.build/…/touchtracker`, the tests), in the tree's
/// `data/sounds`.
public enum SoundDirectory {
    /// The folder holding every `SoundName`'s file, for the program at
    /// `executablePath`; nil when none is found.
    public static func find(executablePath: String) -> String? {
        let binDirectory = FileSystem.parent(of: executablePath)
        var candidates = [FileSystem.parent(of: binDirectory) + "/share/touchtracker/sounds"]
        var directory = binDirectory
        while directory != "/" && directory != "." {
            candidates.append(directory + "/data/sounds")
            directory = FileSystem.parent(of: directory)
        }
        return candidates.first { candidate in
            SoundName.allCases.allSatisfy { FileSystem.exists(candidate + "/" + $0.fileName) }
        }
    }

    /// The folder for the running program (`/proc/self/exe`); nil when the
    /// link cannot be read or no folder is found.
    public static func ofRunningProgram() -> String? {
        guard let path = try? FileSystem.linkTarget(of: "/proc/self/exe") else { return nil }
        return find(executablePath: path)
    }
}
