import Canvas
import JSONLine
import TouchCore

/// The drawing file format:
///
///     version 1: {"format":"touchtracker","version":1,"lines":[[x1,y1,x2,y2],...]}
///     version 2: {"format":"touchtracker","version":2,"lines":[[x1,y1,x2,y2],
///                 {"points":[x,y,pressure,x,y,pressure,...]},
///                 {"points":[...],"offset":[dx,dy]},...]}
///
/// Version 2 adds freehand lines to the list, in drawing order among the
/// straight ones: an object whose `points` are the samples, three numbers
/// each (x, y and the pressure, 0…1), at least one sample. A freehand line
/// that was moved after it was drawn keeps its samples as drawn and says
/// how far it moved in `offset` (absent: not moved), so that the moves in
/// the journal replay onto it exactly. A drawing without freehand lines is
/// still written as version 1, which older versions of the app read.
///
///     version 3: {"format":"touchtracker","version":3,"lines":[[x1,y1,x2,y2],
///                 {"line":[x1,y1,x2,y2],"color":"#c01c28","width":20},
///                 {"points":[...],"offset":[dx,dy],"color":"#3584e4","width":4},...]}
///
/// Version 3 gives a line a colour and a width: `color`, one of the
/// palette's (`PaletteColor.hex`), and `width`, one of the eight widths in
/// points (`StrokeWidth.points`: 1, 2, 4, 7, 10, 15, 20, 30; files written
/// when there were three hold 4, 10 or 20); either left out is the standard one
/// (black, 10). A straight line with a colour or width is an object whose
/// `line` holds its four numbers. Only a drawing with a line that is not
/// black and 10 pt is written as version 3; the others stay version 1 or 2.
///
/// Decoding validates while it reads: the line and point caps are enforced
/// before the lines are stored, and every coordinate must be finite and
/// within ±`Drawing.coordinateLimit` (a moved freehand line's points where
/// they are now, too), every pressure finite and within 0…1. A line that
/// is well formed but holds a value out of range is dropped, alone, with
/// its reason (`Snapshot.dropped`): one far point must not cost the
/// drawing. A member given twice (any of the file's, one a line is read
/// by) refuses the file as malformed: which of the two the writer meant cannot be known,
/// and reading one would drop the other without a word.
///
/// A line is written and read here only: a recording's drawing line
/// (`touchtracker --record`) holds its lines in this form, through
/// `encode(_:into:)` and `readLines(from:source:)`, so a recording and a
/// drawing obey one set of limits.
public enum DrawingFileFormat {
    static let formatName = "touchtracker"
    /// The newest version this app reads and writes.
    static let version = 3

    /// What a drawing file holds.
    struct Snapshot {
        var lines: [Line]
        /// The lines left out for a value out of range, by their index in
        /// the file's list, with why (`DocumentError.isValueOutOfRange`).
        var dropped: [DroppedLine] = []
        /// Ties the file to its journal (see `DrawingJournal`); nil in
        /// files without one, or with one a journal header cannot hold
        /// (`DrawingJournal.isValidToken`: the first save then writes a
        /// snapshot with a new one). An additional member, so version 1
        /// readers that predate it still read the lines.
        var journalToken: String?
    }

    /// The version a file holding `lines` is written as: the oldest that
    /// holds them.
    static func version(for lines: some Sequence<Line>) -> Int {
        lines.reduce(1) { max($0, version(for: $1)) }
    }

    /// The oldest version that holds `line`.
    static func version(for line: Line) -> Int {
        !line.style.isStandard ? 3 : line.isFreehand ? 2 : 1
    }
}
