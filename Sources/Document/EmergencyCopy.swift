import Canvas
import Platform
import TouchCore

extension Document {
    /// Where emergency copies go, most preferred first:
    /// `$XDG_STATE_HOME/touchtracker` (by default `~/.local/state/touchtracker`),
    /// then `$XDG_RUNTIME_DIR/touchtracker` (a tmpfs on most systems, so it
    /// survives a full or read-only home but not a reboot).
    public static func emergencyDirectories(environment: [String: String]) -> [String] {
        var stateHome = environment["XDG_STATE_HOME"] ?? ""
        if !stateHome.hasPrefix("/") {
            stateHome = homeDirectory(environment: environment) + "/.local/state"
        }
        var directories = [stateHome + "/touchtracker"]
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            directories.append(runtime + "/touchtracker")
        }
        return directories
    }

    /// Saves `lines`, which could not be saved to `drawingPath`, as a new
    /// file (mode 0600, atomically) in the first of
    /// `emergencyDirectories` that takes it, named after the drawing, the
    /// time and the pid so copies never overwrite each other. Returns its
    /// path; throws the last directory's error when none takes it.
    public static func writeEmergencyCopy(of lines: [Line], for drawingPath: String,
                                          environment: [String: String],
                                          at time: Int = Time.secondsSince1970()) throws(DocumentError) -> String {
        let name = drawingPath.split(separator: "/").last.map(String.init) ?? "drawing.json"
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        var lastError = DocumentError.system(operation: "save", path: drawingPath, errno: Errno.noSuchFileOrDirectory.rawValue,
                                             reason: "no directory for an emergency copy")
        for directory in emergencyDirectories(environment: environment) {
            let path = "\(directory)/\(stem)-\(utcStamp(time))-\(CurrentProcess.id).json"
            do {
                try save(lines, to: path)
                return path
            } catch {
                lastError = error
            }
        }
        throw lastError
    }
}
