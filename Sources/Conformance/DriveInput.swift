import Platform

/// `conformance --drive`'s input, one line at a time, in bounded memory: a
/// line longer than `lineLimit` is skipped as it arrives (and named, by its
/// size), never gathered whole. Waiting for input is a `poll` that a
/// termination signal (a signalfd) also ends.
struct DriveInput {
    enum Next: Equatable {
        case line(String)
        /// A line of at least `bytes` bytes, past the limit, skipped.
        case tooLong(bytes: Int)
        /// SIGINT, SIGTERM or SIGHUP arrived (left unread on the signalfd).
        case signal
        /// The input ended.
        case end
    }

    let fd: FileDescriptor
    let lineLimit: Int
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`, and how far it is known to
    /// hold no newline.
    private var start = 0, scanned = 0
    /// The bytes of an over-long line dropped so far; nil when none is.
    private var skipped: Int?
    private var ended = false

    init(fd: FileDescriptor, lineLimit: Int) {
        self.fd = fd
        self.lineLimit = lineLimit
    }

    /// The next line (without its newline), waiting for it; lines already
    /// read come before a signal that arrived meanwhile.
    mutating func next(signals: FileDescriptor?) throws(Errno) -> Next {
        while true {
            if let next = takeLine() { return next }
            if ended { return takeRest() }
            var descriptors = [PollDescriptor(fd: fd.rawValue, events: .readable)]
            if let signals { descriptors.append(PollDescriptor(fd: signals.rawValue, events: .readable)) }
            try Poll.wait(&descriptors) { -1 }
            if descriptors.count > 1, !descriptors[1].returned.isEmpty { return .signal }
            guard !descriptors[0].returned.isEmpty else { continue }
            try read()
        }
    }

    private mutating func read() throws(Errno) {
        buffer.removeSubrange(..<start)
        scanned -= start
        start = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = try fd.read(into: &chunk)
        if count == 0 { ended = true } else { buffer += chunk[..<count] }
    }

    private mutating func takeLine() -> Next? {
        guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = buffer.count
            if buffer.count - start > lineLimit {
                // Dropped as it comes: memory stays bounded whatever the line's length.
                skipped = (skipped ?? 0) + buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            }
            return nil
        }
        let line = buffer[start..<newline]
        start = newline + 1
        scanned = start
        if let dropped = skipped {
            skipped = nil
            return .tooLong(bytes: dropped + line.count)
        }
        guard line.count <= lineLimit else { return .tooLong(bytes: line.count) }
        return .line(String(decoding: line, as: UTF8.self))
    }

    /// What is left once the input ended: a last line without a newline, then the end.
    private mutating func takeRest() -> Next {
        let rest = buffer[start...]
        buffer.removeAll()
        start = 0
        scanned = 0
        if let dropped = skipped {
            skipped = nil
            return .tooLong(bytes: dropped + rest.count)
        }
        guard !rest.isEmpty else { return .end }
        guard rest.count <= lineLimit else { return .tooLong(bytes: rest.count) }
        return .line(String(decoding: rest, as: UTF8.self))
    }
}
