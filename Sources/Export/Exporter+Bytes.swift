import Canvas
import Platform

extension Exporter {
    /// `lines` exported as `format` (the page fitted to them), as bytes:
    /// an image for the clipboard. Written through the very export a file
    /// gets, into a private directory of its own that goes at once.
    public static func bytes(of lines: [Line], as format: ExportFormat) throws(ExportError) -> [UInt8] {
        let directory: String
        do {
            directory = try FileSystem.makeTemporaryDirectory(prefix: "touchtracker-clipboard")
        } catch {
            throw .cannotWrite(path: "a temporary directory", reason: "\(error)")
        }
        let path = "\(directory)/lines.\(format.rawValue)"
        defer {
            try? FileSystem.remove(path)
            try? FileSystem.removeDirectory(directory)
        }
        try export(lines, to: path)
        do {
            let fd = try FileDescriptor.open(path, .readOnly)
            defer { try? fd.close() }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = try fd.read(into: &chunk)
                if count == 0 { return bytes }
                bytes += chunk[..<count]
            }
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}
