/// What the compositor decided about the window that places the app's
/// views: its logical size and scale, who draws the title bar, and the
/// states that hide or change ours. A `Session` takes it from the toplevel;
/// a replay, from the recording (`--record` writes one at each change).
package struct WindowLayout: Equatable {
    package var width: Int
    package var height: Int
    /// Buffer pixels per logical unit (the title bar's height follows it).
    package var scale: Double
    /// The compositor left the title bar to us.
    package var clientSideDecorations: Bool
    package var maximized = false
    package var fullscreen = false
    package var activated = false

    /// The height of the bar along the top as a recording says it was
    /// (recordings before the header bar had a 32-point title bar, or
    /// none); nil: this version's bar (`barHeight`).
    package var recordedBarHeight: Double?

    package init(width: Int, height: Int, scale: Double, clientSideDecorations: Bool,
                 maximized: Bool = false, fullscreen: Bool = false, activated: Bool = false,
                 recordedBarHeight: Double? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.clientSideDecorations = clientSideDecorations
        self.maximized = maximized
        self.fullscreen = fullscreen
        self.activated = activated
        self.recordedBarHeight = recordedBarHeight
    }

    /// The header bar where we draw the decorations (but not fullscreen,
    /// where there are none), else the slim toolbar.
    package var barStyle: HeaderBarView.Style { clientSideDecorations && !fullscreen ? .headerBar : .toolbar }

    /// How high the bar along the top is, in points, rounded to whole pixels.
    package var barHeight: Double { recordedBarHeight ?? HeaderBarView.height(barStyle, scale: scale) }
}
