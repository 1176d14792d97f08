/// The window subview that stands for the visible menu: it sits on top of
/// every other subview, so touches on the menu reach it first. An item
/// highlights under the finger and is activated when the finger lifts on it.
/// It draws the menu from `MenuController.layout` (`MenuPainter`).
final class MenuView: View {
    private unowned let controller: MenuController

    init(controller: MenuController) {
        self.controller = controller
        super.init(frame: .zero)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        controller.highlightItem(at: itemIndex(under: touches))
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        controller.highlightItem(at: itemIndex(under: touches))
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if let index = itemIndex(under: touches) {
            controller.activateItem(at: index)
        } else {
            controller.highlightItem(at: nil)
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        controller.highlightItem(at: nil)
    }

    /// The bubble, from the controller's layout (window coordinates: this
    /// view's, moved by its frame's origin).
    override func draw(_ rect: Rect, in context: DrawingContext) {
        guard let layout = controller.layout else { return }
        context.concatenate(AffineTransform(translationX: bounds.minX - layout.frame.minX,
                                            y: bounds.minY - layout.frame.minY))
        MenuPainter.draw(layout, highlightedIndex: controller.highlightedIndex, in: context)
    }

    private func itemIndex(under touches: Set<Touch>) -> Int? {
        guard let layout = controller.layout, let touch = touches.first else { return nil }
        return layout.itemIndex(at: touch.location(in: nil))
    }
}
