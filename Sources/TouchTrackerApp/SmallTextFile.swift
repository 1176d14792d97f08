import Platform

/// A small text file the app reads whole (the settings, the recent
/// drawings): missing, unreadable with the reason a person is told, or its
/// UTF-8 text. Larger than `limit` bytes, a FIFO or a device is
/// unreadable: reading never blocks and never takes more than `limit`.
enum SmallTextFile: Equatable {
    case missing
    case unreadable(String)
    case contents(String)

    static func read(_ path: String, limit: Int) -> SmallTextFile {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
        } catch {
            return error == .noSuchFileOrDirectory ? .missing : .unreadable(error.description)
        }
        defer { try? fd.close() }
        do {
            guard try fd.status().kind == .regular else { return .unreadable("not a file") }
            var bytes = [UInt8](repeating: 0, count: limit + 1)
            var count = 0
            while count < bytes.count {
                let got = try fd.read(into: &bytes, startingAt: count)
                if got == 0 { break }
                count += got
            }
            if count > limit { return .unreadable("larger than \(limit) bytes") }
            guard let text = String(validating: bytes[0..<count], as: UTF8.self) else { return .unreadable("not UTF-8 text") }
            return .contents(text)
        } catch {
            return .unreadable(error.description)
        }
    }
}
