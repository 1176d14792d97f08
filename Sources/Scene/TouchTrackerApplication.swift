import TouchCore

/// The app as the end of the responder chain (UIApplication), followed by
/// the window's chrome (`WindowChrome`), as UIKit's application is by its
/// delegate: commands of the app as a whole (the main menu, Keyboard
/// Shortcuts, About) reach it from any first responder, through the chain.
package final class TouchTrackerApplication: TouchCore.Application {
    weak var chrome: WindowChrome?

    package override var next: Responder? { chrome }
}
