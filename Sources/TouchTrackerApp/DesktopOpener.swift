import Platform
import WaylandClient

/// Opens files in the desktop's default application, as a file manager
/// does: `xdg-open FILE`, started without a shell (`SpawnedProcess`), so a
/// file name is never read as a command. The loop goes on at once; it
/// watches each child's exit descriptor and reaps the child when it ends,
/// so none is left a zombie and nothing waits or polls for it.
final class DesktopOpener {
    /// The program that opens a file: freedesktop's `xdg-open`, which asks
    /// the desktop (GNOME's `gio open`, KDE's `kde-open`, the OpenURI
    /// portal in a sandbox) for the file type's default application.
    static let command = "xdg-open"

    private let loop: EventLoop
    private let environment: [String: String]
    /// Told when an opener ran but failed (no application for the file).
    private let report: (String) -> Void
    /// The openers still running, watched until they exit.
    private var running: [Int32: FileWatch] = [:]

    init(loop: EventLoop, environment: [String: String], report: @escaping (String) -> Void) {
        self.loop = loop
        self.environment = environment
        self.report = report
    }

    /// Its window closed: the loop stops watching for its openers (they run
    /// on, unreaped until the app exits).
    deinit {
        for watch in running.values { watch.cancel() }
    }

    /// Starts opening `path`; throws why the opener could not start.
    func open(_ path: String) throws(Errno) {
        let child = try SpawnedProcess.spawn(Self.command, arguments: [path], environment: environment)
        running[child.id] = loop.watch(fd: child.exitDescriptor.rawValue, events: .readable) { [unowned self] _ in
            guard let status = child.reap() else { return }
            running.removeValue(forKey: child.id)?.cancel()
            if status != 0 { report("\(Self.command) could not open \(path) (exit status \(status))") }
        }
    }

    /// How many openers have not been reaped yet.
    var runningCount: Int { running.count }
}
