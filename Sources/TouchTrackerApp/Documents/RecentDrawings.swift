import Platform

/// The drawings this app used lately, in the desktop's shared list
/// (`$XDG_DATA_HOME/recently-used.xbel`, `RecentDrawingsFormat`), so GNOME
/// Files' Recent and other apps' choosers show them too, and ☰ Open
/// Recent shows them here.
///
/// Each use rewrites the file atomically (`AtomicReplacement`) with our
/// entry updated and every other app's entry kept. A file that cannot be
/// read or is not XBEL is left alone: the app says so and keeps no
/// recent list rather than lose other apps' entries.
final class RecentDrawings {
    let path: String
    private let report: (String) -> Void

    /// A larger file is not a list of recent files (GTK caps its own too).
    static let sizeLimit = 8 << 20

    init(path: String, report: @escaping (String) -> Void) {
        self.path = path
        self.report = report
    }

    /// `$XDG_DATA_HOME/recently-used.xbel`, `~/.local/share` by default (a
    /// relative `XDG_DATA_HOME` is ignored, as the spec requires).
    static func defaultPath(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return "\(data)/recently-used.xbel" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return "\(home)/.local/share/recently-used.xbel"
    }

    /// Our drawings, the most recent first, that still exist.
    var drawings: [String] {
        guard case .contents(let text) = read() else { return [] }
        return RecentDrawingsFormat.drawings(in: text).filter(FileSystem.exists)
    }

    /// Records that the drawing at `path` was opened or saved now.
    /// `now`: microseconds since 1970.
    func use(_ drawingPath: String, now: Int = Time.microsecondsSince1970()) {
        let existing: String?
        switch read() {
        case .missing: existing = nil
        case .contents(let text): existing = text
        case .unreadable(let reason):
            report("the recent drawings are not kept: cannot read \(path) (\(reason))")
            return
        }
        let date = CalendarDate.utc(now / 1_000_000)
        let stamp = RecentDrawingsFormat.timestamp((date.year, date.month, date.day, date.hour, date.minute, date.second),
                                                   microsecond: now % 1_000_000)
        do {
            let updated = try RecentDrawingsFormat.adding(drawingPath, at: stamp, to: existing)
            try FileSystem.makeDirectories(FileSystem.parent(of: path), permissions: 0o700)
            try AtomicReplacement.replace(path, with: Array(updated.utf8))
        } catch let problem as RecentDrawingsFormat.Problem {
            report("the recent drawings are not kept: \(path) is left as it is, \(problem)")
        } catch {
            report("the recent drawings are not kept: cannot write \(path) (\(error))")
        }
    }

    private func read() -> SmallTextFile { SmallTextFile.read(path, limit: Self.sizeLimit) }
}
