import Platform

extension Document {
    /// How much of a file's start is looked at for the format's name.
    static let sniffLength = 4096

    /// Refuses a file that is plainly no drawing, without changing it: one
    /// that does not begin as JSON (after a UTF-8 byte-order mark and white
    /// space) or whose first 4 KB never say "touchtracker" (a picture, a
    /// text, another app's JSON). Opening such a file would set it aside
    /// (`setAside(corruptFileAt:)`), which is right for a damaged drawing
    /// but not for any file a person drops on the window or names on the
    /// command line among others. A missing or empty file passes (a new
    /// drawing), as does one that cannot be read here: opening says why.
    public static func refuseIfPlainlyNotADrawing(at path: String) throws(DocumentError) {
        guard let fd = try? FileDescriptor.open(path, .readOnly, options: .nonBlocking) else { return }
        defer { try? fd.close() }
        var start = [UInt8](repeating: 0, count: sniffLength)
        guard let count = try? fd.read(fromAbsoluteOffset: 0, into: &start), count > 0 else { return }
        guard !looksLikeDrawing(Array(start[..<count])) else { return }
        throw .malformed(path: path, reason: "it is not a TouchTracker drawing")
    }

    /// Whether `start`, a file's first bytes, could begin a drawing.
    static func looksLikeDrawing(_ start: [UInt8]) -> Bool {
        var bytes = start[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let whiteSpace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        guard bytes.first(where: { !whiteSpace.contains($0) }) == UInt8(ascii: "{") else { return false }
        let name = Array("\"touchtracker\"".utf8)
        return bytes.indices.contains { bytes[$0...].starts(with: name) }
    }
}
