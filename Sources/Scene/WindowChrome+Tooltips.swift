import Decorations
import TouchCore
import WaylandClient
import WaylandInput

/// The header buttons' tooltips (issue 36): each says its name and its
/// keys, as the Keyboard Shortcuts dialog lists them; a resting pointer or
/// pen shows it, as a finger held on the button does.
extension WindowChrome {
    func setUpTooltips() {
        undoButton.tooltip = KeyboardShortcuts.tooltip(undoButton.command.title, KeyboardShortcuts.undo)
        redoButton.tooltip = KeyboardShortcuts.tooltip(redoButton.command.title, KeyboardShortcuts.redo)
        toolButton.tooltip = KeyboardShortcuts.tooltip(Self.toolTooltipName, KeyboardShortcuts.lines,
                                                       KeyboardShortcuts.freehand, KeyboardShortcuts.select)
        colourButton.tooltip = KeyboardShortcuts.tooltip(colourButton.command.title)
        zoomButton.tooltip = KeyboardShortcuts.tooltip(zoomButton.command.title, KeyboardShortcuts.fit,
                                                       KeyboardShortcuts.actualSize)
        menuButton.tooltip = KeyboardShortcuts.tooltip(menuButton.command.title, KeyboardShortcuts.mainMenu)
        for button in [undoButton, redoButton, toolButton, colourButton, zoomButton, menuButton] {
            button.tooltips = tooltips
        }
    }

    /// Follows where the pointer and hovering pens are, and their presses,
    /// for the tooltips. A press (button, pen tip or key) puts the tooltip away.
    func observeHover(_ event: InputEvent) {
        switch event {
        case .pointer(let frame):
            for event in frame.events {
                switch event {
                case .enter(let x, let y), .motion(let x, let y): tooltips.hover(at: Point(x: x, y: y))
                case .leave: tooltips.hover(at: nil)
                case .button(_, true): tooltips.pressed()
                case .button, .releasedByLeave, .axis: break
                }
            }
        case .tabletTool(let frame):
            var touching = false, gone = false
            for event in frame.events {
                switch event {
                case .down: touching = true
                case .proximityOut: gone = true
                case .proximityIn, .up, .cancel, .button, .wheel: break
                }
            }
            if touching {
                tooltips.pressed()
            } else {
                tooltips.hover(at: gone ? nil : Point(x: frame.axes.x, y: frame.axes.y))
            }
        case .key:
            tooltips.pressed()
        case .touch, .pointerGesture, .keyboardFocus, .seatCapabilities:
            break
        }
    }
}
