import TouchCore
import WaylandClient
import WaylandInput

/// Turns the Wayland layer's input batches into the core's touches and key
/// presses, per SPEC §1: each seat's touch screen, pointer and tablet tools
/// are separate devices, a pointer's left button is one more touch (so a
/// mouse draws), a pen's contact is a touch of kind `.pen` (`.eraser` for
/// an eraser tool) with its pressure and tilt (hovering is none), and keys
/// arrive as named keys with modifiers. A touchpad's pinches and swipes,
/// and Ctrl+wheel and Shift+wheel bursts (`WheelGestures`), become the
/// core's indirect gestures at the pointer, unless the canvas takes the
/// wheel, Shift+wheel, the middle button and Space+left drag to move
/// around (`onPan`).
package final class InputTranslator {
    /// Linux evdev button codes (linux/input-event-codes.h).
    package static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
    static let middleButton: UInt32 = 0x112
    /// A pen's first barrel button (BTN_STYLUS): clicked while hovering, a
    /// right click; held as the tip touches, a lasso.
    static let firstBarrelButton: UInt32 = 0x14b

    // The state below is internal, not private, because the per-device
    // extensions (InputTranslator+Touch.swift and its siblings) share it.
    let window: TouchCore.Window
    /// A right click (or a pen's first barrel button), at window
    /// coordinates: the canvas's context menu.
    var onSecondaryClick: ((Point) -> Void)?
    /// Key presses the app itself answers before the responder chain sees them
    /// (Ctrl+Q, F12); returns whether it took the key.
    var onAppKey: ((KeyPress) -> Bool)?
    /// Sees every frame of touch changes just before the window handles it
    /// (the inspector overlay).
    var onTouchFrame: ((TouchCore.TouchFrame) -> Void)?
    /// The wheel (Shift: sideways), a touchpad's two-finger scroll, or a
    /// drag with the middle button or with the left one while Space is
    /// held (Inkscape's and GIMP's hand), at a pointer location (window
    /// coordinates), asks to move the content by a vector (points);
    /// returns whether it was taken (the canvas is under the pointer).
    /// What is not taken goes on as before: Shift+wheel rotates.
    var onPan: ((Vector, Point) -> Bool)?
    /// Fingers came to rest on a touchpad (a hold gesture began): what
    /// GTK stops kinetic scrolling on, and the canvas its glide.
    var onTouchpadHold: (() -> Void)?

    /// What the app knows of one seat's pointer between frames.
    struct PointerState {
        var location = Point(x: 0, y: 0)
        var leftButtonDown = false
        /// The button whose drag pans, while one is under way (middle, or
        /// left pressed with Space held).
        var panButton: UInt32?
    }
    var pointers: [String: PointerState] = [:]
    /// The seats whose Space key is down: their left button pans.
    var spaceHeld: Set<String> = []

    /// The tools whose contact is down, as the core knows it.
    var pensDown: Set<TabletToolKey> = []
    /// The tools whose first barrel button is held.
    var barrelsHeld: Set<TabletToolKey> = []
    /// The tools whose first barrel button went down while they hovered
    /// and that have not touched since: released, a right click.
    var barrelClicks: Set<TabletToolKey> = []

    /// Each seat's running touchpad pinch or swipe, as the core last got it:
    /// the protocol's relative steps add up into its cumulative values.
    var touchpadGestures: [String: IndirectGesture] = [:]
    let wheelGestures: WheelGestures

    init(window: TouchCore.Window) {
        self.window = window
        wheelGestures = WheelGestures(window: window)
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .touch(let frame):
            handleTouch(frame)
        case .pointer(let frame):
            handlePointer(frame)
        case .pointerGesture(let gesture):
            handlePointerGesture(gesture)
        case .key(let key):
            handleKey(key)
        case .tabletTool(let frame):
            handleTabletTool(frame)
        case .keyboardFocus(let seat, let entered):
            // Keys held when focus goes come back with no release.
            if !entered {
                spaceHeld.remove(seat)
                window.modifiers = []
            }
        case .seatCapabilities(let seat, let hasPointer, _, _):
            // A pointer that went away releases its button (the layer sends
            // a synthetic release first); forget its position too.
            if !hasPointer { pointers[seat] = nil }
        }
    }

    func deliver(_ frame: TouchCore.TouchFrame) {
        onTouchFrame?(frame)
        window.handle(frame)
    }
}
