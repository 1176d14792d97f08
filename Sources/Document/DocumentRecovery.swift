import Platform

/// What opening a drawing kept when part of it could not be read: lines of
/// the file with a value out of range (left out, `DroppedLine`) and journal
/// records that could not be applied (skipped, `DrawingJournal.SkippedRecord`).
///
/// The rest of the drawing opens, and nothing is lost on the way: the file
/// and the journal as they were are first copied beside the drawing, then
/// what could be read is saved as a fresh snapshot, so the next start opens
/// it cleanly and the user is told once.
public struct DocumentRecovery: Equatable, Sendable {
    /// One line each for the terminal: what was left out, and where the
    /// originals are kept.
    public let messages: [String]
    /// The same in a sentence, for the canvas banner.
    public let summary: String
}

extension Document {
    /// Keeps copies of what `contents` could not use (`bytes` are the
    /// drawing file's), then saves what it could as a fresh snapshot.
    /// Returns what to tell the user, and the snapshot's journal token, for
    /// the journal the first change starts (nil when the snapshot could not
    /// be written: the first save must then be one, and the old journal,
    /// still in place, keeps applying until it is).
    static func recover(_ contents: Contents, from bytes: [UInt8], at path: String,
                        time: Int = Time.secondsSince1970()) -> (DocumentRecovery, journalToken: String?) {
        var messages: [String] = []
        var kept: [String] = []
        var copiesKept = true
        if !contents.dropped.isEmpty {
            let shown = contents.dropped.prefix(Self.recoveryDetailLimit).map { "\($0.reason)" }
            let more = contents.dropped.count - shown.count
            messages += shown.map { "\($0): that line was left out" }
            if more > 0 { messages.append("\(path): \(more) more line\(more == 1 ? "" : "s") left out for values out of range") }
            switch keepCopy(of: bytes, besides: path, as: "backup", time: time) {
            case .success(let copy): kept.append(copy)
            case .failure(let error):
                messages.append("\(path): could not keep a copy of the file as it was (\(error))")
                copiesKept = false
            }
        }
        if !contents.skippedRecords.isEmpty {
            let journal = DrawingJournal.path(for: path)
            let shown = contents.skippedRecords.prefix(Self.recoveryDetailLimit).map(\.description).joined(separator: ", ")
            let more = contents.skippedRecords.count > Self.recoveryDetailLimit
                ? " and \(contents.skippedRecords.count - Self.recoveryDetailLimit) more" : ""
            messages.append("\(journal): skipped \(shown)\(more); every other change in it was applied")
            if let journalBytes = try? SystemCalls.readFile(journal, limit: byteLimit) {
                switch keepCopy(of: journalBytes, besides: journal, as: "corrupt", time: time) {
                case .success(let copy): kept.append(copy)
                case .failure(let error):
                    messages.append("\(journal): could not keep a copy of it (\(error))")
                    copiesKept = false
                }
            }
        }
        var journalToken: String?
        // Without the copies, the originals stay the only record of what
        // was left out: they are not replaced.
        if copiesKept {
            let token = newJournalToken()
            do {
                try requireWritable(path)
                try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(contents.lines, journalToken: token))
                journalToken = token
            } catch {
                messages.append("\(path): could not save what was read (\(error)); the next save will")
            }
        }
        if !kept.isEmpty { messages.append("kept as they were: \(kept.joined(separator: ", "))") }
        var parts: [String] = []
        if !contents.dropped.isEmpty {
            parts.append("\(contents.dropped.count) line\(contents.dropped.count == 1 ? "" : "s") left out")
        }
        if !contents.skippedRecords.isEmpty {
            let count = contents.skippedRecords.count
            parts.append("\(count) damaged change\(count == 1 ? "" : "s") skipped")
        }
        let where_ = kept.isEmpty ? "" : " The originals are kept beside the drawing."
        let summary = "Part of this drawing could not be read: \(parts.joined(separator: ", ")).\(where_)"
        return (DocumentRecovery(messages: messages, summary: summary), journalToken)
    }

    /// Dropped lines and skipped records named one by one; more are counted.
    static let recoveryDetailLimit = 5

    /// Writes `bytes` to a new file `<path>.<kind>-<UTC timestamp>` (see
    /// `KeptCopy`) and returns its path.
    private static func keepCopy(of bytes: [UInt8], besides path: String, as kind: String,
                                 time: Int) -> Result<String, DocumentError> {
        Result { () throws(DocumentError) in try KeptCopy.keep(bytes, besides: path, as: kind, time: time) }
    }

    /// Keeps a copy of the journal beside the drawing at `path`, which holds
    /// changes that could not be applied (`reason`), as
    /// `<journal>.corrupt-<UTC timestamp>`, and says so. `kept` is false
    /// when no copy could be made: the journal must then stay where it is.
    static func keepUnusableJournal(at path: String, reason: String,
                                    time: Int = Time.secondsSince1970()) -> (DocumentRecovery, kept: Bool) {
        let journal = DrawingJournal.path(for: path)
        let copy = Result { () throws(DocumentError) in
            try KeptCopy.keep(SystemCalls.readFile(journal, limit: byteLimit), besides: journal, as: "corrupt", time: time)
        }
        switch copy {
        case .success(let copy):
            let name = copy.split(separator: "/").last.map(String.init) ?? copy
            return (DocumentRecovery(messages: ["\(journal): not applied, \(reason); kept as \(copy)"],
                                     summary: "Changes in this drawing's journal could not be applied (\(reason)). "
                                         + "They are kept beside the drawing as \(name)."), true)
        case .failure(let error):
            // No room for a copy (a full disk): moving it aside needs none,
            // and the journal's next start then replaces nothing of it.
            if let moved = try? Document.setAside(corruptFileAt: journal, at: time) {
                let name = moved.split(separator: "/").last.map(String.init) ?? moved
                return (DocumentRecovery(messages: ["\(journal): not applied, \(reason); no copy could be made (\(error)), "
                                                    + "so it was moved aside as \(moved)"],
                                         summary: "Changes in this drawing's journal could not be applied (\(reason)). "
                                             + "They are kept beside the drawing as \(name)."), true)
            }
            return (DocumentRecovery(messages: ["\(journal): not applied, \(reason); no copy could be kept (\(error)), "
                                                + "so it is left as it is"],
                                     summary: "Changes in this drawing's journal could not be applied (\(reason)). "
                                         + "The journal is left as it was."), false)
        }
    }
}

extension DocumentRecovery {
    /// This and `other`, told together.
    func merged(with other: DocumentRecovery?) -> DocumentRecovery {
        guard let other else { return self }
        return DocumentRecovery(messages: messages + other.messages, summary: summary + " " + other.summary)
    }
}
