import TouchCore

/// The look of the app's own chrome, borrowed from GNOME's libadwaita
/// (light style) so the window sits among GNOME apps: its header bar
/// (`headerbar` in `_header-bar.scss`: at least 47 px high, 6 px of
/// padding above and 7 below and at the ends, 6 px between buttons), its
/// flat buttons (34 px, rounded 6 px, `alpha(currentColor, .16)` when
/// pressed), its popovers and dialogs, and the GNOME HIG palette. One place
/// for every number, so the pieces agree.
public enum AdwaitaStyle {
    // MARK: Colours

    /// `headerbar_bg_color` and, in a window that is not the active one,
    /// `headerbar_backdrop_color`.
    static let headerBarBackground = Color(red: 0xEB / 255, green: 0xEB / 255, blue: 0xEB / 255)
    static let headerBarBackdrop = Color(red: 0xFA / 255, green: 0xFA / 255, blue: 0xFA / 255)
    /// `headerbar_fg_color`: near black, slightly translucent.
    public static let foreground = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.8)
    /// The line under the header bar (`headerbar_shade_color`).
    public static let shade = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.12)
    /// A flat button held down, and a toggle button that is on.
    public static let pressedFill = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.16)
    public static let checkedFill = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.10)
    /// Behind each window button (`windowcontrols > button`).
    static let windowButtonFill = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.10)
    /// Disabled controls and a window in the backdrop are drawn at half opacity.
    static let dimmedOpacity = 0.5
    /// Popovers and dialogs (`popover_bg_color`, `dialog_bg_color`).
    static let popoverBackground = Color.white
    public static let popoverBorder = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.14)
    static let popoverShadow = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.09)
    /// Between the sections of a menu.
    public static let separator = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.10)
    /// Behind an open dialog, over the window.
    static let dialogBackdrop = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.25)
    /// Secondary text (`dim-label`).
    public static let dimForeground = Color(red: 0, green: 0, blue: 6 / 255, alpha: 0.55)
    /// The accent colour (GNOME blue 3), for what is chosen.
    public static let accent = Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255)

    // MARK: Sizes, in points

    /// The header bar's height: 6 above a 34-point button and 7 below.
    static let headerBarHeight = 47.0
    /// The toolbar shown where the compositor draws the title bar: just
    /// the buttons' hit areas.
    static let toolbarHeight = 40.0
    static let barPaddingTop = 6.0
    static let barPaddingEnds = 7.0
    static let barSpacing = 6.0
    /// A flat button's drawn side and corner radius.
    static let buttonSide = 34.0
    public static let buttonRadius = 6.0
    /// The circle drawn behind a window button.
    static let windowButtonDiameter = 24.0
    /// The side of a symbolic icon.
    static let iconSize = 16.0
    /// The least width and height a finger is given to hit a control,
    /// whatever is drawn.
    public static let minimumHitSide = 40.0
    /// Popovers: corner radius, the padding around their content, the
    /// arrow's height, and the gap between a popover and the window's edge.
    static let popoverRadius = 12.0
    static let popoverPadding = 6.0
    static let popoverArrow = 8.0
    static let popoverMargin = 6.0
    /// A menu row: tall enough for a finger; text inset from its ends.
    static let menuRowHeight = 40.0
    static let menuRowInset = 12.0
    public static let menuRowRadius = 6.0
    static let menuMinimumWidth = 180.0

    public static let titleFont = Font(size: 11, bold: true)
    public static let bodyFont = Font(size: 11)
}
