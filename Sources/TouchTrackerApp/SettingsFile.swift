import Platform

/// Where the settings live and how they are read and written:
/// `$XDG_CONFIG_HOME/touchtracker/settings.conf` (by default
/// `~/.config/touchtracker/settings.conf`), in `SettingsFormat`.
///
/// A file that cannot be understood is never overwritten: the app says what
/// is wrong with it, uses the defaults, and keeps changes made from the menu
/// for this run only, so a hand edit is never lost to a menu click.
final class SettingsFile {
    let path: String
    /// The settings in force (the file's, or the defaults).
    private(set) var settings = Settings()
    /// False while the file holds something we could not read.
    private(set) var canSave = true
    /// The file's text as last read or written (nil: no file yet), which
    /// a save updates line by line, keeping the person's comments.
    private var text: String?
    private let report: (String) -> Void

    /// Files beyond this size are not settings files.
    static let sizeLimit = 64 * 1024

    /// Reads the file at `path` (a missing one means the defaults).
    init(path: String, report: @escaping (String) -> Void) {
        self.path = path
        self.report = report
        switch Self.read(path) {
        case .missing:
            break
        case .unreadable(let reason):
            refuse("cannot read \(path) (\(reason))")
        case .contents(let text):
            do {
                settings = try SettingsFormat.parse(text)
                self.text = text
            } catch {
                refuse("\(path) is not a settings file this version understands (\(error))")
            }
        }
    }

    private func refuse(_ problem: String) {
        canSave = false
        report("\(problem); using the default settings, and leaving the file as it is")
    }

    /// Changes the settings and writes them to the file, atomically.
    func update(_ change: (inout Settings) -> Void) {
        change(&settings)
        guard canSave else {
            report("the new settings last until the app quits: \(path) is left as it is (fix or remove it)")
            return
        }
        let updated = SettingsFormat.text(of: settings, updating: text)
        // A file the next start would refuse is never written.
        guard updated.utf8.count <= Self.sizeLimit else {
            report("the new settings last until the app quits: with them, \(path) would be larger than "
                   + "\(Self.sizeLimit) bytes, more than a settings file may be (shorten its comments)")
            return
        }
        do {
            try write(updated)
            text = updated
        } catch {
            report("cannot save the settings to \(path): \(error)")
        }
    }

    /// The settings file for `environment`, per the XDG base directory
    /// specification: a relative or empty `XDG_CONFIG_HOME` is ignored.
    static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return "\(config)/touchtracker/settings.conf"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return "\(home)/.config/touchtracker/settings.conf"
    }

    // MARK: The file

    private static func read(_ path: String) -> SmallTextFile { SmallTextFile.read(path, limit: sizeLimit) }

    /// Writes `text` next to the file, flushes it and renames it over the
    /// file, so a crash leaves the old settings or the new, never half.
    private func write(_ text: String) throws(FileOperationError) {
        try AtomicReplacement.replace(path, with: Array(text.utf8))
    }
}
