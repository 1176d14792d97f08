import Playground
import TouchCore

/// Manages the gesture playground's view, as `CanvasController` manages
/// the canvas: the scene puts its controller (`SceneController`) after it
/// in the responder chain, so the main menu's scene actions (the
/// inspector, palm rejection, exports) reach it from the playground too,
/// and the scene controller greys what makes no sense there (the
/// playground itself).
final class PlaygroundController: ViewController {
    init(playground: PlaygroundView) {
        super.init()
        view = playground
    }
}
