/// The window subview that stands for the visible menu: it sits on top of
/// every other subview, so touches on the menu reach it first. An item or a
/// page's arrow highlights under the finger and is activated when the
/// finger lifts on it.
/// It draws the menu from `MenuController.layout` (`MenuPainter`).
final class MenuView: View {
    private unowned let controller: MenuController

    init(controller: MenuController) {
        self.controller = controller
        super.init(frame: .zero)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        controller.highlight(part(under: touches))
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        controller.highlight(part(under: touches))
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if let part = part(under: touches) {
            controller.activate(part)
        } else {
            controller.highlight(nil)
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        controller.highlight(nil)
    }

    /// The bubble, from the controller's layout (window coordinates: this
    /// view's, moved by its frame's origin).
    override func draw(_ rect: Rect, in context: DrawingContext) {
        guard let layout = controller.layout else { return }
        context.concatenate(AffineTransform(translationX: bounds.minX - layout.frame.minX,
                                            y: bounds.minY - layout.frame.minY))
        MenuPainter.draw(layout, page: controller.page, highlighted: controller.highlightedPart, in: context)
    }

    private func part(under touches: Set<Touch>) -> MenuLayout.Part? {
        guard let layout = controller.layout, let touch = touches.first else { return nil }
        return layout.part(at: touch.location(in: nil), onPage: controller.page)
    }
}
