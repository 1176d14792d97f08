import Canvas
import Platform
import TouchCore

/// The change journal beside a drawing, `<drawing>.journal`: what changed
/// since the snapshot in the drawing file, one record per change, appended
/// and flushed to disk, so saving a change costs the change, not the
/// drawing (a full rewrite of 1,000,000 lines takes most of a second).
///
/// Format, text, one record per line:
///
///     touchtracker-journal 1 <token> <first>+<count>,<first>+<count>...
///     + <id> <x1> <y1> <x2> <y2> #<checksum>     a line added (or brought back by undo)
///     f <id> <dx> <dy> <x> <y> <pressure>... #<checksum>
///                                                a freehand line added: its offset, then its samples;
///                                                for a line that exists, its new samples (the
///                                                lasso scaled or turned it), which replace them
///     - <id> #<checksum>                         a line removed
///     m <id> <x1> <y1> <x2> <y2> #<checksum>     a line moved there
///     o <id> <dx> <dy> #<checksum>               a freehand line moved: its new offset
///     s <id> <#rrggbb> <width> #<checksum>       a line's colour and width (after its `+` or
///                                                `f` record when not standard, or restyled)
///     c #<checksum>                              every line removed
///
/// A freehand line's samples and offset are those of the drawing file
/// (see `DrawingFileFormat`): a move records the offset itself, never a
/// difference, so replaying it gives the line exactly where it was. Only
/// the journal of a version 2 snapshot holds `f` and `o` records (the app
/// writes a snapshot for the first freehand line of a version 1 drawing),
/// so an older version of the app, which reads version 1 drawings and
/// their journals, never meets a record it does not know. Likewise only
/// the journal of a version 3 snapshot holds `s` records.
///
/// Identities are those `LineStore` gave the lines in the session that
/// wrote the journal; the header's runs say which identities the
/// snapshot's lines had, in order (`0+n` for a snapshot just opened). The token
/// ties the journal to one snapshot (the drawing file's `"journal"`
/// member): after a snapshot replaces the drawing, an older journal left by
/// a crash no longer matches and is never applied twice. Such a journal,
/// like one whose first line is damaged, is not deleted either: the opener
/// keeps a copy beside the drawing and says so, since the drawing may have
/// been replaced by something that does not hold its changes. A token is
/// one field of the header (`isValidToken`), so a drawing whose token is
/// not one is treated as having none. Lines may end in CRLF (an editor's
/// doing): the reader takes them as LF. The checksum (FNV-1a of the record
/// before " #") catches a record damaged on disk.
///
/// An append writes whole records, each ending in a newline, so a crash can
/// only leave a last record without its newline (a torn tail): that piece is
/// dropped, as the change never finished. Anything else that cannot be
/// applied (a record that does not check out, garbage, a line that does not
/// exist, a value out of range) is corruption: the replay skips that record,
/// keeps applying every later one that fits, and says what it skipped
/// (`SkippedRecord`), so the opener can keep the journal aside and tell.
public enum DrawingJournal {
    static let magic = "touchtracker-journal 1"

    /// The journal of the drawing at `drawingPath`.
    public static func path(for drawingPath: String) -> String {
        drawingPath + ".journal"
    }

    /// One change, with the identities `LineStore` gave the lines.
    enum Record: Equatable {
        /// A line (straight or freehand) added.
        case added(UInt32, Line)
        case removed(UInt32)
        /// A straight line moved to where `Line` is.
        case moved(UInt32, Line)
        /// A freehand line given a new offset.
        case offset(UInt32, Vector)
        /// A line given a colour and width.
        case restyled(UInt32, StrokeStyle)
        case cleared

        /// The records of one change: a line added with a colour or width
        /// is two (the line, then its style); a line moved or restyled is
        /// one for each that changed; a freehand line scaled or turned
        /// (new samples, not a new offset: the lasso's reshaping) is
        /// written whole again, as an `f` record that replaces it.
        static func records(for change: DrawingChange) -> [Record] {
            switch change {
            case .added(let id, let line):
                let added = Record.added(id.rawValue, line.restyled(.standard))
                return line.style.isStandard ? [added] : [added, .restyled(id.rawValue, line.style)]
            case .removed(let id, _):
                return [.removed(id.rawValue)]
            case .moved(let id, let from, let to) where to.isFreehand && !to.hasSameSamples(as: from):
                return records(for: .added(id, to))
            case .moved(let id, let from, let to):
                var records: [Record] = []
                if from.restyled(.standard) != to.restyled(.standard) {
                    if let points = to.freehandPoints {
                        records.append(.offset(id.rawValue, points.offset))
                    } else {
                        records.append(.moved(id.rawValue, to.restyled(.standard)))
                    }
                }
                if from.style != to.style { records.append(.restyled(id.rawValue, to.style)) }
                return records
            case .cleared:
                return [.cleared]
            }
        }
    }
}
