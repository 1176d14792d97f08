import TouchCore

/// The numbers and looks the canvas runs with: the app's own (`standard`,
/// the SPEC's) or those of the TouchTracker chapter's code (`book`, the
/// app's Book setting and `--book`), so a reader of the chapter can see
/// exactly what it describes. docs/differences-from-the-book.md says why
/// the two differ.
public struct CanvasRules: Equatable, Sendable {
    /// How the selected line shows.
    public enum Selection: Equatable, Sendable {
        /// In its own colour, ringed in the accent blue with a white gap.
        case accentRing
        /// Stroked green, as the chapter's `[[UIColor greenColor] set]`.
        case green
    }

    /// How long a finger must stay still to pick a line up (the long
    /// press's `minimumPressDuration`), seconds.
    var pickUpDuration: Double
    public var selection: Selection
    /// The single and double taps hold the view's `touchesBegan` while they
    /// decide (`delaysTouchesBegan`): no dot shows until they fail.
    var tapsDelayTouchesBegan: Bool
    /// The long press cancels its touches in the view when it recognizes,
    /// taking away the line the finger had begun (`cancelsTouchesInView`).
    var longPressCancelsTouchesInView: Bool

    /// The app's: UIKit's default 0.5 s, the accent ring, ink first
    /// (SPEC §6), and a held finger that keeps drawing.
    public static let standard = CanvasRules(pickUpDuration: 0.5, selection: .accentRing, tapsDelayTouchesBegan: false,
                                             longPressCancelsTouchesInView: false)
    /// The chapter's: `minimumPressDuration = 0.6`, a green selected line,
    /// `delaysTouchesBegan = YES` on both taps, and the long press left at
    /// UIKit's default `cancelsTouchesInView = YES`.
    public static let book = CanvasRules(pickUpDuration: 0.6, selection: .green, tapsDelayTouchesBegan: true,
                                         longPressCancelsTouchesInView: true)

    /// UIKit's `greenColor`, the chapter's selected line.
    public static let bookSelectionColor = Color(red: 0, green: 1, blue: 0)
}
