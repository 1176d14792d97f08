import Canvas
import Decorations
import TouchCore

/// The header bar's tool button (issue 38): it shows the tool in use, its
/// glyph and, when the bar has room, its word; pressed, it opens a popover
/// of the three tools, the one in use checked.
///
/// Why a popover and not a button that cycles Lines → Freehand → Select:
/// GNOME's HIG keeps a toggle for two states and a menu button for a choice
/// of more, as GNOME apps pick a mode (Text Editor's and Console's menus).
/// A cycle hides the tools it does not show and takes two presses to go
/// back one; the popover names all three and takes one press to any of
/// them, as the keys L, F and S do.
extension WindowChrome {
    static let showTools = Action("showTools")
    static let toolTooltipName = "Tool"

    /// The tools, in the popover's and the main menu's order, with what
    /// the button shows for each.
    static let tools: [(tool: DrawingTool, choice: HeaderButton.Choice)] = [
        (.lines, HeaderButton.Choice(.lines, "Lines")),
        (.freehand, HeaderButton.Choice(.freehand, "Freehand")),
        (.select, HeaderButton.Choice(.select, "Select")),
    ]

    /// One command a tool, checked while it is in use.
    var toolCommands: [Command] {
        Self.tools.map { Command(title: $0.choice.label, action: CanvasController.action(choosing: $0.tool)) }
    }

    /// Opens the tools under the tool button.
    func openTools() {
        toolOptions?.close()
        let menu = PopoverMenuView(sections: [toolCommands], measurer: measurer)
        if let application = window.application { menu.validate(with: application) }
        let popover = makePopover(holding: menu)
        popover.onClose = { [unowned self, unowned popover] in
            if toolOptions === popover { toolOptions = nil }
            update()
        }
        toolOptions = popover
        popover.open(in: window, pointingAt: toolButton.convert(toolButton.bounds, to: nil))
        update()
    }

    /// Where the tool in use stands in `tools`, as the chain says.
    func currentToolIndex() -> Int? {
        guard let application = window.application else { return nil }
        return Self.tools.firstIndex { entry in
            let command = Command(title: "", action: CanvasController.action(choosing: entry.tool))
            application.validateCommand(command, sender: nil)
            return command.isEnabled && command.state == .on
        }
    }
}
