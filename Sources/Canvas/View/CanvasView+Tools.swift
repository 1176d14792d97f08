import TouchCore

/// The tool, colour and width the strokes to come draw with; a colour or
/// width chosen with a line selected restyles it too.
extension CanvasView {
    /// Picks `tool` for the strokes to come; returns whether it changed.
    /// The app's menu and keys call it, and are told through `onToolChange`.
    @discardableResult
    public func choose(_ tool: DrawingTool) -> Bool {
        guard tool != self.tool else { return false }
        self.tool = tool
        onToolChange?(tool)
        return true
    }

    /// Picks `color` for the strokes to come, and gives it to the selected
    /// line, if any (one undoable change). The header bar's colour popover
    /// sends it as `PaletteColor.action` (see `CanvasController`).
    public func choose(_ color: PaletteColor) {
        setStrokeStyle(StrokeStyle(color: color, width: strokeStyle.width))
        restyleSelectedLine { $0.color = color }
        restyleSelection(color: color)
    }

    /// Picks `width` as `choose(_: PaletteColor)` picks a colour: a
    /// selected red line made thick stays red.
    public func choose(_ width: StrokeWidth) {
        setStrokeStyle(StrokeStyle(color: strokeStyle.color, width: width))
        restyleSelectedLine { $0.width = width }
        restyleSelection(width: width)
    }

    private func setStrokeStyle(_ style: StrokeStyle) {
        guard style != strokeStyle else { return }
        strokeStyle = style
        onStrokeStyleChange?(style)
    }

    private func restyleSelectedLine(_ change: (inout StrokeStyle) -> Void) {
        guard let id = drawing.selectedLineID, let line = drawing[id] else { return }
        var style = line.style
        change(&style)
        guard let (old, new) = drawing.restyle(id, to: style) else { return }
        damage(old.paintedBounds.union(new.paintedBounds))
        onChange?()
    }
}
