import Document
import Platform

/// What a person typed as a drawing's name (Save As…, Rename…), checked
/// before any file is touched: the name becomes a file name in one folder,
/// so it may not be empty, hold a slash, start with a dot (a hidden file,
/// or "." and "..") or be longer than a file name may be. A name without
/// a drawing's extension gets `.touchtracker`.
package struct DrawingName: Equatable {
    /// The file name: the name typed, with its extension.
    package let fileName: String

    package static let fileExtension = "touchtracker"
    /// The extensions a drawing file may have: ours, and the JSON of the
    /// first drawings.
    static let extensions = [fileExtension, "json"]
    /// The longest file name Linux file systems take, in bytes (NAME_MAX).
    static let maximumBytes = 255

    package enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case slash
        case leadingDot
        case tooLong
        case controlCharacter

        /// Said in the chooser under the name field.
        package var description: String {
            switch self {
            case .empty: "Type a name for the drawing."
            case .slash: "A name cannot contain “/”."
            case .leadingDot: "A name cannot start with “.”."
            case .tooLong: "That name is too long."
            case .controlCharacter: "A name cannot contain control characters."
            }
        }
    }

    /// Checks `typed` (spaces around it dropped) and makes it a file name.
    package init(_ typed: String) throws(Problem) {
        let name = typed.trimmingSpaces
        guard !name.isEmpty else { throw .empty }
        guard !name.contains("/") else { throw .slash }
        guard !name.hasPrefix(".") else { throw .leadingDot }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw .controlCharacter
        }
        let fileName = Self.hasDrawingExtension(name) ? name : "\(name).\(Self.fileExtension)"
        guard fileName.utf8.count <= Self.maximumBytes else { throw .tooLong }
        self.fileName = fileName
    }

    static func hasDrawingExtension(_ fileName: String) -> Bool {
        extensions.contains { fileName.lowercased().hasSuffix(".\($0)") && fileName.count > $0.count + 1 }
    }

    /// What a drawing without a name of its own is called: the drawing the
    /// app opens by default (`drawing.json` in the data folder), and every
    /// new one (numbered from 2, so two windows never share a title).
    static let untitled = "Untitled Drawing"

    /// The window title for the drawing at `path`: its name, or "Untitled
    /// Drawing" for the default drawing.
    package static func title(ofDrawingAt path: String, environment: [String: String]) -> String {
        path == Document.defaultPath(environment: environment) ? untitled : title(ofDrawingAt: path)
    }

    /// The first free "Untitled Drawing N.touchtracker" (N from 2) in the
    /// data folder: no file there has that name, and `isTaken` (the open
    /// windows' paths) does not refuse it either.
    package static func newDrawingPath(environment: [String: String], isTaken: (String) -> Bool = { _ in false }) -> String {
        let folder = FileSystem.parent(of: Document.defaultPath(environment: environment))
        var number = 2
        while true {
            let path = "\(folder)/\(untitled) \(number).\(fileExtension)"
            if !FileSystem.exists(path), !isTaken(path) { return path }
            number += 1
        }
    }

    /// What a person calls the drawing at `path`: its file name without a
    /// drawing's extension ("Garden" for `…/Garden.touchtracker`).
    package static func title(ofDrawingAt path: String) -> String {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        for ext in extensions where fileName.lowercased().hasSuffix(".\(ext)") && fileName.count > ext.count + 1 {
            return String(fileName.dropLast(ext.count + 1))
        }
        return fileName
    }
}

extension String {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
