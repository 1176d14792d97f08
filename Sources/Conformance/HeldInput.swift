/// What a case's script has pressed and not yet let go: fingers down,
/// pointer buttons and keys held. A case that stops midway (skipped at an
/// operation its interface lacks, such as mutter's missing touch cancel,
/// or failed) would leave them held on the compositor's seat, and the next
/// case would run against a finger still down (the app ignores a pointer
/// press while a finger of its seat is down); the runner lets them go
/// after every case.
struct HeldInput: Equatable {
    private(set) var fingers: Set<Int> = []
    private(set) var buttons: Set<UInt32> = []
    private(set) var keys: Set<UInt32> = []

    var isEmpty: Bool { fingers.isEmpty && buttons.isEmpty && keys.isEmpty }

    mutating func touchDown(_ slot: Int) { fingers.insert(slot) }
    mutating func touchUp(_ slot: Int) { fingers.remove(slot) }
    /// A cancel ends every finger.
    mutating func touchCancelled() { fingers = [] }
    mutating func pointerButton(_ button: UInt32, pressed: Bool) {
        if pressed { buttons.insert(button) } else { buttons.remove(button) }
    }
    mutating func key(_ code: UInt32, pressed: Bool) {
        if pressed { keys.insert(code) } else { keys.remove(code) }
    }
    /// A device unplugged takes what it held with it (the back end releases
    /// it first, `EmulationBackend.unplug`).
    mutating func unplugged(_ device: EmulatedDevice) {
        switch device {
        case .touch: fingers = []
        case .pointer: buttons = []
        case .keyboard: keys = []
        case .tablet: break
        }
    }

    /// Lifts every finger (one frame), releases every button (one pointer
    /// frame) and key through `backend`, in a fixed order, and forgets them.
    mutating func release(through backend: EmulationBackend) throws {
        if !fingers.isEmpty {
            for slot in fingers.sorted() { try backend.touchUp(slot: slot) }
            try backend.touchFrame()
        }
        if !buttons.isEmpty {
            for button in buttons.sorted() { try backend.pointerButton(button, pressed: false) }
            try backend.pointerFrame()
        }
        for code in keys.sorted() { try backend.key(code, pressed: false) }
        self = HeldInput()
    }
}
