import Document
import Platform

/// What a drawing is called (its window's title) and where a new one goes.
///
/// A drawing is named by its file, without the extension; the drawing the
/// app opens by default (`drawing.json` in the data folder) has no name of
/// its own yet: it is "Untitled Drawing", as is every new one until it is
/// named, numbered from 2 so two windows never share a title.
enum DrawingName {
    static let untitled = "Untitled Drawing"
    /// The extension new drawings get (the MIME type's glob).
    static let fileExtension = ".touchtracker"

    /// The window title for the drawing at `path`.
    static func title(ofDrawingAt path: String, environment: [String: String]) -> String {
        if path == Document.defaultPath(environment: environment) { return untitled }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The first free "Untitled Drawing N.touchtracker" (N from 2) in the
    /// data folder: no file there has that name, and `isTaken` (the open
    /// windows' paths) does not refuse it either.
    static func newDrawingPath(environment: [String: String], isTaken: (String) -> Bool = { _ in false }) -> String {
        let folder = FileSystem.parent(of: Document.defaultPath(environment: environment))
        var number = 2
        while true {
            let path = "\(folder)/\(untitled) \(number)\(fileExtension)"
            if !FileSystem.exists(path), !isTaken(path) { return path }
            number += 1
        }
    }
}
