/// Manages one view (UIViewController). It sits in the responder chain
/// between its view and that view's superview (or its `nextResponder`).
open class ViewController: Responder {
    private var loadedView: View?

    public override init() {
        super.init()
    }

    /// The managed view, created by `loadView()` on first access.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            guard let loadedView else {
                preconditionFailure("loadView() must set view")
            }
            viewDidLoad()
            return loadedView
        }
        set {
            if newValue === loadedView { return }
            precondition(newValue.viewController == nil, "a view belongs to one view controller")
            loadedView?.viewController = nil
            loadedView = newValue
            newValue.viewController = self
        }
    }

    var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view; the default makes a plain `View`. Overrides set
    /// `view` and do not call super.
    func loadView() {
        view = View(frame: .zero)
    }

    /// Called once after `loadView()`.
    func viewDidLoad() {}

    /// The responder after this one, when the app puts one there (as
    /// AppKit's settable `nextResponder` does: a controller of the scene
    /// as a whole, between this controller and the window).
    public weak var nextResponder: Responder?

    /// `nextResponder` when set, else the view's superview (SPEC §3).
    open override var next: Responder? {
        nextResponder ?? loadedView?.superview
    }

    override var windowForFirstResponder: Window? { loadedView?.window }
}
