import CConformanceProtocols
import CWaylandClient
import InputEmulation
import Platform

/// Input through wlroots' virtual devices, on a Wayland connection of its
/// own (`WlrootsInputConnection`): `zwlr_virtual_pointer_v1` (absolute motion, buttons, the wheel)
/// and `zwp_virtual_keyboard_v1` (keys, with a keymap and modifiers sent
/// by us). sway, labwc, wayfire, river and Hyprland offer them. wlroots
/// has no virtual touch screen or tablet: those cases are skipped. An
/// output's scale changes through `zwlr_output_manager_v1`, where offered.
///
/// Each device is created when a case needs it (the seat gains its
/// capability then, as on a headless compositor with no input device) and
/// destroyed by `unplug` or `close`.
///
/// `TOUCHTRACKER_CONFORMANCE_INPUT_DISPLAY` names another compositor's
/// socket to drive instead of the app's: a compositor nested in a wlroots
/// one (weston's wayland backend in sway) gets its input from the outer
/// compositor's virtual devices, through its window.
final class WlrootsBackend: EmulationBackend {
    static let candidate = EmulationBackends.Candidate(
        name: "wlroots virtual pointer and keyboard") { environment in
        try WlrootsBackend(displayName: environment["TOUCHTRACKER_CONFORMANCE_INPUT_DISPLAY"]
                                ?? environment["WAYLAND_DISPLAY"])
    }

    let name = "wlroots virtual pointer and keyboard (zwlr_virtual_pointer_v1, zwp_virtual_keyboard_v1)"

    /// Nil once closed.
    private var connection: WlrootsInputConnection?
    private var outputManagement: WlrootsOutputManagement?
    /// The devices while plugged.
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var keymap: VirtualKeyboardKeymap?
    private var modifiers = VirtualKeyboardKeymap.Modifiers()
    private var buttonsHeld: Set<UInt32> = []
    private var keysHeld: Set<UInt32> = []

    /// Connects to `displayName` (nil: `WAYLAND_DISPLAY`, the app's
    /// compositor) and binds the managers; throws `EmulationUnavailable`
    /// when the compositor offers neither.
    init(displayName: String?) throws {
        let connection: WlrootsInputConnection
        do {
            connection = try WlrootsInputConnection(display: displayName)
        } catch {
            throw EmulationUnavailable(reason: error.description)
        }
        guard connection.pointerManager != nil || connection.keyboardManager != nil else {
            throw EmulationUnavailable(reason: "the compositor offers neither zwlr_virtual_pointer_manager_v1 "
                                               + "nor zwp_virtual_keyboard_manager_v1")
        }
        guard connection.seat != nil else { throw EmulationUnavailable(reason: "the compositor offers no wl_seat") }
        self.connection = connection
        if let manager = connection.bindOutputManager() {
            outputManagement = WlrootsOutputManagement(manager: manager)
            // Its heads and their scales.
            try sync()
        }
    }

    var layoutSize: OutputPoint? {
        connection?.outputSize.map { OutputPoint(x: Double($0.width), y: Double($0.height)) }
    }

    func unavailableReason(for device: EmulatedDevice) -> String? {
        switch device {
        case .pointer:
            connection?.pointerManager == nil ? "the compositor does not offer zwlr_virtual_pointer_manager_v1" : nil
        case .keyboard:
            connection?.keyboardManager == nil ? "the compositor does not offer zwp_virtual_keyboard_manager_v1" : nil
        case .touch:
            "wlroots has no virtual touch screen protocol (zwlr_virtual_pointer_v1 and zwp_virtual_keyboard_v1 only)"
        case .tablet:
            "wlroots has no virtual tablet protocol (zwlr_virtual_pointer_v1 and zwp_virtual_keyboard_v1 only)"
        }
    }

    func plug(_ device: EmulatedDevice) throws {
        if let reason = unavailableReason(for: device) { throw EmulationUnavailable(reason: reason) }
        switch device {
        case .pointer:
            guard pointer == nil else { return }
            let connection = try live()
            pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(connection.pointerManager, connection.seat)
        case .keyboard:
            guard keyboard == nil else { return }
            let keymap = try self.keymap ?? VirtualKeyboardKeymap()
            self.keymap = keymap
            let file = try keymap.file()
            let connection = try live()
            keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(connection.keyboardManager, connection.seat)
            // libwayland duplicates the descriptor as it queues the request.
            zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, file.fd.rawValue, file.size)
            try? file.fd.close()
        case .touch, .tablet:
            return
        }
        try sync()
    }

    func unplug(_ device: EmulatedDevice) throws {
        switch device {
        case .pointer:
            guard let pointer else { return }
            // A pointer that goes with a button down leaves sway 1.7 in an
            // implicit grab that no later pointer ends: release first.
            for button in buttonsHeld.sorted() { try pointerButton(button, pressed: false) }
            try pointerFrame()
            zwlr_virtual_pointer_v1_destroy(pointer)
            self.pointer = nil
        case .keyboard:
            guard let keyboard else { return }
            for code in keysHeld.sorted() { try key(code, pressed: false) }
            zwp_virtual_keyboard_v1_destroy(keyboard)
            self.keyboard = nil
            modifiers = VirtualKeyboardKeymap.Modifiers()
            keymap = nil
        case .touch, .tablet:
            return
        }
        try sync()
    }

    // MARK: Touch: none in wlroots

    func touchDown(slot: Int, at point: OutputPoint) throws { throw noTouch }
    func touchMotion(slot: Int, to point: OutputPoint) throws { throw noTouch }
    func touchUp(slot: Int) throws { throw noTouch }
    func touchFrame() throws { throw noTouch }
    func touchCancel() throws { throw noTouch }

    private var noTouch: EmulationUnavailable { EmulationUnavailable(reason: unavailableReason(for: .touch)!) }

    // MARK: Pointer

    /// Positions are sent as fractions of the layout with this many steps
    /// per logical pixel, so sub-pixel positions survive the integers.
    static let subpixel = 16.0

    func pointerMotion(to point: OutputPoint) throws {
        let pointer = try plugged(pointer, .pointer)
        guard let size = layoutSize else {
            throw EmulationFailure(description: "the compositor announced no output size to place the pointer in")
        }
        let width = size.x * Self.subpixel, height = size.y * Self.subpixel
        let x = min(max(0, (point.x * Self.subpixel).rounded()), width - 1)
        let y = min(max(0, (point.y * Self.subpixel).rounded()), height - 1)
        zwlr_virtual_pointer_v1_motion_absolute(pointer, WlrootsInputConnection.timestamp(), UInt32(x), UInt32(y), UInt32(width), UInt32(height))
    }

    func pointerButton(_ button: UInt32, pressed: Bool) throws {
        let pointer = try plugged(pointer, .pointer)
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        zwlr_virtual_pointer_v1_button(pointer, WlrootsInputConnection.timestamp(), button, state.rawValue)
        if pressed { buttonsHeld.insert(button) } else { buttonsHeld.remove(button) }
    }

    /// A wheel detent is 15 units of scroll distance, as libinput reports a mouse wheel's.
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws {
        let pointer = try plugged(pointer, .pointer)
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        let distance = 15 * Double(value120) / 120
        zwlr_virtual_pointer_v1_axis_discrete(pointer, WlrootsInputConnection.timestamp(), axis.rawValue,
                                              wl_fixed_from_double(distance), value120 / 120)
    }

    func pointerFrame() throws {
        zwlr_virtual_pointer_v1_frame(try plugged(pointer, .pointer))
    }

    // MARK: Keyboard

    func key(_ code: UInt32, pressed: Bool) throws {
        let keyboard = try plugged(keyboard, .keyboard)
        guard let keymap else { throw EmulationFailure(description: "the virtual keyboard has no keymap") }
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        zwp_virtual_keyboard_v1_key(keyboard, WlrootsInputConnection.timestamp(), code, state.rawValue)
        if pressed { keysHeld.insert(code) } else { keysHeld.remove(code) }
        let new = keymap.update(code: code, pressed: pressed)
        if new != modifiers {
            modifiers = new
            zwp_virtual_keyboard_v1_modifiers(keyboard, new.depressed, new.latched, new.locked, new.group)
        }
    }

    // MARK: Output

    func setOutputScale(_ scale: Double) throws {
        guard let outputManagement else {
            throw EmulationUnavailable(reason: "the compositor does not offer zwlr_output_manager_v1")
        }
        try outputManagement.setScale(scale, roundtrip: sync)
    }

    // MARK: Flow

    func sync() throws {
        do {
            try live().roundtrip()
        } catch let error as WlrootsInputError {
            throw EmulationFailure(description: error.description)
        }
    }

    func flush() throws {
        do {
            try live().flush()
        } catch let error as WlrootsInputError {
            throw EmulationFailure(description: error.description)
        }
    }

    func close() {
        try? unplug(.pointer)
        try? unplug(.keyboard)
        try? outputManagement?.restore(roundtrip: sync)
        outputManagement?.destroy()
        outputManagement = nil
        connection = nil
    }

    private func live() throws -> WlrootsInputConnection {
        guard let connection else { throw EmulationFailure(description: "the wlroots input connection is closed") }
        return connection
    }

    private func plugged(_ proxy: OpaquePointer?, _ device: EmulatedDevice) throws -> OpaquePointer {
        guard let proxy else { throw EmulationFailure(description: "the virtual \(device.rawValue) is not plugged in") }
        return proxy
    }
}
