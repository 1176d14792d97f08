import Canvas
import Scene

/// What the app remembers between runs besides the drawing, kept in the
/// settings file (`SettingsFile`) as `key = value` lines (`SettingsFormat`).
struct Settings: Equatable {
    /// Whether fingers are ignored on the canvas while a pen is near
    /// (`PalmRejection`); the file's `palm-rejection = on|off`.
    var palmRejection = true
    /// What strokes draw (`CanvasView.tool`); the file's `tool = lines|freehand`.
    var tool = DrawingTool.lines
    /// The colour and width new lines are drawn with
    /// (`CanvasView.strokeStyle`); the file's `line-color = black|blue|…`
    /// and `line-width = 1|2|4|7|10|15|20|30` (points).
    var strokeStyle = StrokeStyle.standard
    /// Whether strokes in progress show a predicted tip
    /// (`CanvasView.predictsTip`); the file's `prediction = on|off`.
    var prediction = true
    /// Whether fingers move around the canvas instead of drawing
    /// (`CanvasNavigation.fingersNavigate`, the main menu's Fingers
    /// Navigate); the file's `fingers = draw|navigate`.
    var fingersNavigate = false
    /// Whether the canvas runs with the TouchTracker chapter's values
    /// (`CanvasRules.book`, the main menu's Book); the file's `book = on|off`.
    var book = false
    /// What the Export dialog opens with: the last choice exported
    /// (`ExportChoice`); the file's `export = png 1 white drawing portrait`.
    var exportChoice = ExportChoice()
    /// Where the most recently seen drawings were last seen
    /// (`CanvasView.viewport`); the file's `view-<hash of the path> =
    /// <zoom> <x> <y>` lines, least recent first.
    var views = RememberedViews()
    /// Lines of keys this version does not know, in file order, kept as
    /// they were so a later version's settings survive an older app saving.
    var otherEntries: [(key: String, value: String)] = []

    static func == (lhs: Settings, rhs: Settings) -> Bool {
        lhs.palmRejection == rhs.palmRejection && lhs.tool == rhs.tool && lhs.strokeStyle == rhs.strokeStyle
            && lhs.prediction == rhs.prediction
            && lhs.fingersNavigate == rhs.fingersNavigate && lhs.book == rhs.book
            && lhs.exportChoice == rhs.exportChoice && lhs.views == rhs.views
            && lhs.otherEntries.map(\.key) == rhs.otherEntries.map(\.key)
            && lhs.otherEntries.map(\.value) == rhs.otherEntries.map(\.value)
    }
}
