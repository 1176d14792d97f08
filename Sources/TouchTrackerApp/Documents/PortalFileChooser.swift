import DBus
import Scene
import Timing
import WaylandClient

/// The desktop's own file chooser, as GTK and Qt apps (and Flatpaks) get
/// it: `org.freedesktop.portal.FileChooser`'s OpenFile and SaveFile on
/// the session bus. The call returns a request at once; the person's
/// choice comes later in that request's `Response` signal (0: chosen,
/// with its `uris`; 1: cancelled; 2: failed).
///
/// Nothing here blocks the window: the bus's socket is one more
/// descriptor in the event loop's `poll`. When no portal answers the call
/// within `acknowledgementTimeout` (no service owns the name, the method
/// is unknown, the bus is dead) the in-app chooser opens instead; once
/// the portal has answered, a person may take as long as they like in its
/// dialog, and Escape in our window (`cancel()`) closes that dialog and
/// opens the in-app chooser.
final class PortalFileChooser: FileChooser {
    static let service = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.FileChooser"
    static let requestInterface = "org.freedesktop.portal.Request"
    /// How long the portal has to answer the call itself (not the person).
    static let acknowledgementTimeout = 10.0

    /// The session bus's address; connected to at the first choice, so a
    /// session that never opens a file never touches the bus.
    private let address: String
    private var bus: BusConnection?
    private var watch: FileWatch?
    /// Set once connecting failed: the in-app chooser from then on.
    private var isUnreachable = false
    private unowned let loop: EventLoop
    private let timers: TimerQueue
    private let fallback: InAppFileChooser
    /// The window's handle for the portal to parent its dialog to
    /// (`wayland:HANDLE`), or "" when it has none.
    var parentWindow: () -> String = { "" }
    /// Told why the desktop's chooser was not used, or what went wrong
    /// with its choice (a toast).
    private let tell: (String) -> Void
    /// Why the desktop's chooser was not used (stderr in the app).
    private let report: (String) -> Void
    /// The request in flight: its call, its `Response` watch and its
    /// acknowledgement timer.
    private var pending: Pending?
    private var requestCount = 0

    private struct Pending {
        var call: BusHandle?
        let response: BusHandle
        var timer: TimerHandle?
        var acknowledged = false
        let path: String
        let fallBack: () -> Void
    }

    /// For the session bus `environment` names; nil where there is none (a
    /// bare compositor, CI): the in-app chooser is then the only one.
    init?(environment: [String: String], loop: EventLoop, fallback: InAppFileChooser,
          tell: @escaping (String) -> Void, report: @escaping (String) -> Void) {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return nil }
        self.address = address
        self.loop = loop
        timers = loop.timers
        self.fallback = fallback
        self.tell = tell
        self.report = report
    }

    /// The bus, connected (and its socket watched by the loop) at first use.
    private func connectedBus() throws(BusError) -> BusConnection {
        if let bus { return bus }
        let bus = try BusConnection(address: address, timeout: .seconds(2))
        self.bus = bus
        watch = loop.watch(fd: bus.fileDescriptor, events: .readable) { [unowned self] _ in
            do {
                try bus.processPending()
            } catch {
                // The bus went away: no desktop chooser from now on.
                isUnreachable = true
                watch?.cancel()
                watch = nil
                abandon(because: "\(error)")
            }
        }
        return bus
    }

    deinit {
        watch?.cancel()
    }

    /// Whether a portal dialog is being waited for.
    var isWaiting: Bool { pending != nil }
    /// Whether the portal answered the call: its dialog is up, for as long
    /// as the person takes.
    var isDialogUp: Bool { pending?.acknowledged ?? false }

    func chooseDrawingToOpen(_ chosen: @escaping (String) -> DrawingFileProblem?) {
        ask("OpenFile", title: "Open Drawing", options: [], chosen: chosen) { [unowned self] in
            fallback.chooseDrawingToOpen(chosen)
        }
    }

    func chooseSaveAsPath(currentName: String, _ chosen: @escaping (String) -> DrawingFileProblem?) {
        let fileName = (try? DrawingName(currentName))?.fileName ?? "\(currentName).\(DrawingName.fileExtension)"
        ask("SaveFile", title: "Save Drawing As", options: [.init("current_name", .string(fileName))],
            chosen: chosen) { [unowned self] in
            fallback.chooseSaveAsPath(currentName: currentName, chosen)
        }
    }

    /// Escape in the window while the desktop's dialog is up: closes it
    /// and opens ours. Returns whether one was up.
    @discardableResult
    func cancel() -> Bool {
        guard let pending else { return false }
        _ = try? bus?.send(MethodCall(destination: Self.service, path: pending.path, interface: Self.requestInterface,
                                     member: "Close")) { _ in }
        finish()
        pending.fallBack()
        return true
    }

    /// The filters the dialog offers: drawings (ours and the first
    /// drawings' JSON), then every file.
    static let filters: BusValue = .array(elementSignature: "(sa(us))", [
        .structure([.string("Drawings"), .array(elementSignature: "(us)", [
            .structure([.uint32(0), .string("*.\(DrawingName.fileExtension)")]),
            .structure([.uint32(0), .string("*.json")]),
            .structure([.uint32(1), .string(RecentDrawingsFormat.mimeType)]),
        ])]),
        .structure([.string("All Files"), .array(elementSignature: "(us)", [.structure([.uint32(0), .string("*")])])]),
    ])

    /// The request's object path for `token`, as the portal makes it
    /// from our unique name: known before the call, so the `Response`
    /// cannot come before it is watched for.
    static func requestPath(uniqueName: String, token: String) -> String {
        let sender = uniqueName.drop { $0 == ":" }.map { $0 == "." ? "_" : String($0) }.joined()
        return "\(objectPath)/request/\(sender)/\(token)"
    }

    private func ask(_ member: String, title: String, options: [BusValue.Entry],
                     chosen: @escaping (String) -> DrawingFileProblem?, fallBack: @escaping () -> Void) {
        if pending != nil { cancel() }
        guard !isUnreachable else { return fallBack() }
        requestCount += 1
        let token = "touchtracker\(requestCount)"
        do {
            let bus = try connectedBus()
            let path = Self.requestPath(uniqueName: bus.uniqueName, token: token)
            let response = try bus.watchSignal(sender: nil, path: path, interface: Self.requestInterface,
                                               member: "Response") { [unowned self] message in
                responded(message, chosen: chosen)
            }
            pending = Pending(call: nil, response: response, timer: nil, path: path, fallBack: fallBack)
            let call = MethodCall(destination: Self.service, path: Self.objectPath, interface: Self.interface,
                                  member: member, arguments: [
                                      .string(parentWindow()), .string(title),
                                      .dictionary([.init("handle_token", .string(token)), .init("modal", .boolean(true)),
                                                   .init("filters", Self.filters)] + options),
                                  ])
            pending?.call = try bus.send(call) { [unowned self] reply in
                guard self.pending?.path == path else { return }
                switch reply {
                case .success:
                    // Acknowledged: the dialog is up, and the person may take their time.
                    self.pending?.timer?.cancel()
                    self.pending?.timer = nil
                    self.pending?.acknowledged = true
                case .failure(let error):
                    abandon(because: error.description)
                }
            }
            pending?.timer = timers.schedule(after: Self.acknowledgementTimeout) { [unowned self] in
                abandon(because: "no answer within \(Int(Self.acknowledgementTimeout)) s")
            }
        } catch {
            if bus == nil { isUnreachable = true }
            pending = nil
            abandon(because: error.description, fallBack: fallBack)
        }
    }

    private func responded(_ message: BusMessage, chosen: (String) -> DrawingFileProblem?) {
        guard pending != nil else { return }
        finish()
        do {
            let code = try message.readUInt32()
            let results = try message.readStringLists()
            // 1: the person cancelled; 2: the dialog failed some other way.
            guard code == 0 else {
                if code != 1 { tell("The file chooser failed.") }
                return
            }
            guard let uri = results["uris"]?.first, let path = FileURI.path(of: uri) else {
                tell("The file chooser gave no local file.")
                return
            }
            if let problem = chosen(path) { tell(problem.description) }
        } catch {
            tell("The file chooser's answer could not be read (\(error)).")
        }
    }

    /// The portal did not answer: the in-app chooser instead.
    private func abandon(because reason: String, fallBack: (() -> Void)? = nil) {
        let fallBack = fallBack ?? pending?.fallBack
        finish()
        report("the desktop's file chooser did not answer (\(reason)); TouchTracker's own opens instead")
        fallBack?()
    }

    /// Drops the request in flight. Its handles go on the next turn of
    /// the loop: this may run inside one of their own callbacks.
    private func finish() {
        guard let pending else { return }
        self.pending = nil
        pending.timer?.cancel()
        _ = timers.schedule(after: 0) { withExtendedLifetime(pending) {} }
    }
}
