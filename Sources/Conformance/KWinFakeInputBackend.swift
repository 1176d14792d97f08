import InputEmulation

/// Input through KWin's `org_kde_kwin_fake_input` (`FakeInputConnection`),
/// on a Wayland connection of its own: touch with frames and cancel,
/// absolute pointer motion, buttons and keys. KWin offers the global to
/// programs its desktop entry allows, or to all with
/// `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`.
///
/// KWin adds one device with every capability as the global is bound, so
/// plugging changes nothing; it cannot be removed alone. Its axis request
/// carries a smooth value with no axis source, so the wheel case is
/// skipped.
final class KWinFakeInputBackend: EmulationBackend {
    static let candidate = EmulationBackends.Candidate(
        name: "KWin fake input (org_kde_kwin_fake_input)") { environment in
        try KWinFakeInputBackend(displayName: environment["TOUCHTRACKER_CONFORMANCE_INPUT_DISPLAY"]
                                ?? environment["WAYLAND_DISPLAY"])
    }

    let name = "KWin fake input (org_kde_kwin_fake_input)"

    private var connection: FakeInputConnection?

    /// Connects to `displayName` (nil: `WAYLAND_DISPLAY`, the app's
    /// compositor), binds fake input and authenticates.
    init(displayName: String?) throws {
        do {
            connection = try FakeInputConnection(display: displayName, application: "touchtracker conformance",
                                                 reason: "drives scripted input into its own window to check the compositor")
        } catch {
            throw EmulationUnavailable(reason: error.description)
        }
    }

    func unavailableReason(for device: EmulatedDevice) -> String? {
        let version = connection?.version ?? 0
        switch device {
        case .touch: return version >= 2 ? nil : "KWin's fake input is version \(version); touch needs 2"
        case .pointer: return version >= 3 ? nil : "KWin's fake input is version \(version); absolute motion needs 3"
        case .keyboard: return version >= 4 ? nil : "KWin's fake input is version \(version); keys need 4"
        case .tablet: return "KWin's fake input has no tablet"
        }
    }

    /// The device exists since the bind.
    func plug(_ device: EmulatedDevice) throws {
        if let reason = unavailableReason(for: device) { throw EmulationUnavailable(reason: reason) }
    }

    func unplug(_ device: EmulatedDevice) throws {
        throw EmulationUnavailable(reason: "KWin's fake input device has every capability and stays while bound")
    }

    // MARK: Touch

    func touchDown(slot: Int, at point: OutputPoint) throws {
        try live().touchDown(id: UInt32(slot), x: point.x, y: point.y)
    }

    func touchMotion(slot: Int, to point: OutputPoint) throws {
        try live().touchMotion(id: UInt32(slot), x: point.x, y: point.y)
    }

    func touchUp(slot: Int) throws {
        try live().touchUp(id: UInt32(slot))
    }

    func touchFrame() throws {
        try live().touchFrame()
        try sync()
    }

    var groupsTouchChanges: Bool { true }

    func touchCancel() throws {
        try live().touchCancel()
        try sync()
    }

    // MARK: Pointer

    func pointerMotion(to point: OutputPoint) throws {
        try live().pointerMotion(x: point.x, y: point.y)
    }

    func pointerButton(_ button: UInt32, pressed: Bool) throws {
        try live().pointerButton(button, pressed: pressed)
    }

    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws {
        throw EmulationUnavailable(reason: "KWin's fake input scrolls by a smooth value with no wheel source or value120")
    }

    /// KWin frames each pointer event itself; the frame is where the
    /// queued requests go out.
    func pointerFrame() throws {
        try sync()
    }

    // MARK: Keyboard

    func key(_ code: UInt32, pressed: Bool) throws {
        try live().key(code, pressed: pressed)
        try sync()
    }

    // MARK: Flow

    func sync() throws {
        do {
            try live().sync()
        } catch let error as FakeInputError {
            throw EmulationFailure(description: error.description)
        }
    }

    func flush() throws {
        do {
            try live().flush()
        } catch let error as FakeInputError {
            throw EmulationFailure(description: error.description)
        }
    }

    func close() {
        guard let connection else { return }
        try? connection.sync()
        self.connection = nil
    }

    private func live() throws -> FakeInputConnection {
        guard let connection else { throw EmulationFailure(description: "KWin's fake input connection is closed") }
        return connection
    }
}
