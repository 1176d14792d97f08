/// What the compositor decided about the window that places the app's
/// views: its logical size and scale, who draws the title bar, and the
/// states that hide or change ours. A `Session` takes it from the toplevel;
/// a replay, from the recording (`--record` writes one at each change).
struct WindowLayout: Equatable {
    var width: Int
    var height: Int
    /// Buffer pixels per logical unit (the title bar's height follows it).
    var scale: Double
    /// The compositor left the title bar to us.
    var clientSideDecorations: Bool
    var maximized = false
    var fullscreen = false
    var activated = false

    /// Whether our title bar is shown: fullscreen windows have none.
    var showsTitleBar: Bool { clientSideDecorations && !fullscreen }
}
