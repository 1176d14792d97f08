/// One step of a gesture made away from the screen, over the pointer: a
/// touchpad's pinch or swipe (`zwp_pointer_gestures_v1`), or a burst of
/// Ctrl+wheel or Shift+wheel clicks (`WheelGestures`). UIKit's trackpad
/// transform and scroll events, in the core's terms.
///
/// It is hit-tested where it begins, like a new touch, and goes to the
/// recognizers of the view it hits and of the view's ancestors that accept
/// its kind (`GestureRecognizer.acceptsIndirectGesture(_:)`): pinch and
/// rotation take pinches, pan and swipe take swipes. Views get no touch
/// messages for it. Values are cumulative since `began`, so a recognizer
/// reads the whole gesture from any step.
public struct IndirectGesture: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Fingers spreading, closing or turning: `scale` and `rotation` change.
        case pinch
        /// Fingers moving together: `translation` changes.
        case swipe
    }

    public enum Phase: Hashable, Sendable {
        case began, changed, ended
        /// The compositor or the hardware cancelled it (or its device went
        /// away): what it did should be undone.
        case cancelled
    }

    public enum Source: Hashable, Sendable {
        /// A touchpad, through the compositor's gesture recognition.
        case touchpad
        /// Mouse wheel clicks with Ctrl (scale) or Shift (rotate).
        case wheel
    }

    /// The seat's pointer the gesture comes from (kind `.pointer`). One
    /// gesture per device and source runs at a time: a `began` while one
    /// runs cancels it first.
    public var device: InputDeviceID
    public var source: Source
    public var kind: Kind
    public var phase: Phase
    /// Where the gesture's centre is, in window coordinates: the pointer
    /// where it began, moved by `translation`.
    public var location: Point
    /// How far the centre moved since `began`, window coordinates.
    public var translation: Vector
    /// The fingers' spread relative to `began` (1 at `began`).
    public var scale: Double
    /// Radians turned since `began`, positive from +x towards +y
    /// (clockwise on screen), as `RotationGestureRecognizer.rotation`.
    public var rotation: Double
    /// Fingers on the touchpad; 0 for the wheel.
    public var fingers: Int
    /// Time of the step in seconds, on the same clock as touches.
    public var timestamp: Double

    public init(device: InputDeviceID, source: Source, kind: Kind, phase: Phase, location: Point,
                translation: Vector = .zero, scale: Double = 1, rotation: Double = 0, fingers: Int,
                timestamp: Double) {
        self.device = device
        self.source = source
        self.kind = kind
        self.phase = phase
        self.location = location
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
        self.fingers = fingers
        self.timestamp = timestamp
    }
}
