import Testing
import TestSupport
@testable import TouchCore

/// A view controller that records the touches and keys that reach it.
final class RecordingViewController: ViewController {
    let log: Log

    init(log: Log) {
        self.log = log
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("controller began")
        super.touchesBegan(touches, with: event)
    }

    override func keyPressed(_ press: KeyPress) -> Bool {
        log.entries.append("controller key")
        return super.keyPressed(press)
    }
}

final class RecordingApplication: Application {
    let log: Log

    init(log: Log) {
        self.log = log
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("application began")
        super.touchesBegan(touches, with: event)
    }

    override func keyPressed(_ press: KeyPress) -> Bool {
        log.entries.append("application key")
        return super.keyPressed(press)
    }
}

/// A view that can become first responder and records keys.
final class FocusView: View {
    let name: String
    let log: Log
    var accepts = true
    var letsGo = true
    var handlesKeys = false

    init(_ name: String, log: Log = Log(), frame: Rect = rect(0, 0, 50, 50)) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override var canBecomeFirstResponder: Bool { accepts }
    override var canResignFirstResponder: Bool { letsGo }

    override func keyPressed(_ press: KeyPress) -> Bool {
        log.entries.append("\(name) key")
        return handlesKeys || super.keyPressed(press)
    }
}

/// SPEC §3: the chain, touches along it, first responder and keys.
@Suite struct ResponderTests {
    let log = Log()
    let application: RecordingApplication
    let window = makeWindow()
    let controller: RecordingViewController
    let content: RecordingView
    let leaf: RecordingView

    init() {
        application = RecordingApplication(log: log)
        application.addWindow(window)
        controller = RecordingViewController(log: log)
        content = RecordingView("content", frame: rect(0, 0, 400, 300), log: log)
        content.forwards = true
        controller.view = content
        window.rootViewController = controller
        leaf = RecordingView("leaf", frame: rect(0, 0, 100, 100), log: log)
        leaf.forwards = true
        content.addSubview(leaf)
    }

    @Test func nextFollowsViewsControllersWindowAndApplication() {
        #expect(leaf.next === content)
        #expect(content.next === controller)
        #expect(controller.next === window)
        #expect(window.next === application)
        #expect(application.next == nil)
        let plain = View(), child = View()
        plain.addSubview(child)
        #expect(child.next === plain)
        #expect(plain.next == nil)
    }

    @Test func unhandledTouchesWalkTheWholeChain() {
        window.send(down(1, 10, 10))
        #expect(log.entries == ["leaf began", "content began", "controller began", "application began"])
    }

    @Test func aTouchThatReachesTheEndOfTheChainIsDropped() {
        // A window with no application: the chain ends at the window.
        let lonely = makeWindow()
        let view = View(frame: rect(0, 0, 100, 100))
        lonely.addSubview(view)
        lonely.send(down(1, 10, 10))
        lonely.send(up(1))
        #expect(lonely.activeTouches.isEmpty)
        #expect(lonely.handle(KeyPress(.enter)) == false)
    }

    @Test func aViewThatHandlesTouchesStopsTheWalk() {
        leaf.forwards = false
        window.send(down(1, 10, 10))
        #expect(log.entries == ["leaf began"])
    }

    @Test func becomingFirstResponderNeedsConsentAndAWindow() {
        let focus = FocusView("focus")
        #expect(!focus.becomeFirstResponder())
        content.addSubview(focus)
        focus.accepts = false
        #expect(!focus.becomeFirstResponder())
        #expect(window.firstResponder == nil)
        focus.accepts = true
        #expect(focus.becomeFirstResponder())
        #expect(focus.isFirstResponder)
        #expect(window.firstResponder === focus)
        #expect(!leaf.becomeFirstResponder())
    }

    @Test func theWindowHasOneFirstResponder() {
        let a = FocusView("a"), b = FocusView("b")
        content.addSubview(a)
        content.addSubview(b)
        a.becomeFirstResponder()
        #expect(b.becomeFirstResponder())
        #expect(!a.isFirstResponder)
        #expect(b.isFirstResponder)
        #expect(window.firstResponder === b)
    }

    @Test func aFirstResponderCanRefuseToResign() {
        let a = FocusView("a"), b = FocusView("b")
        content.addSubview(a)
        content.addSubview(b)
        a.becomeFirstResponder()
        a.letsGo = false
        #expect(!b.becomeFirstResponder())
        #expect(!a.resignFirstResponder())
        #expect(window.firstResponder === a)
        a.letsGo = true
        #expect(a.resignFirstResponder())
        #expect(window.firstResponder == nil)
        #expect(!a.isFirstResponder)
    }

    @Test func leavingTheWindowGivesUpFirstResponder() {
        let a = FocusView("a")
        let holder = View()
        holder.addSubview(a)
        content.addSubview(holder)
        a.becomeFirstResponder()
        holder.removeFromSuperview()
        #expect(window.firstResponder == nil)
        #expect(!a.isFirstResponder)
    }

    @Test func aViewControllerCanBeFirstResponder() {
        final class Focusable: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let focusable = Focusable()
        #expect(!focusable.becomeFirstResponder())
        content.addSubview(focusable.view)
        #expect(focusable.becomeFirstResponder())
        #expect(window.firstResponder === focusable)
    }

    @Test func keysGoToTheFirstResponderAndWalkTheChain() {
        let focus = FocusView("focus", log: log)
        leaf.addSubview(focus)
        focus.becomeFirstResponder()
        #expect(window.handle(KeyPress(.character("a"))) == false)
        #expect(log.entries == ["focus key", "controller key", "application key"])
        log.entries = []
        focus.handlesKeys = true
        #expect(window.handle(KeyPress(.character("a"), modifiers: [.shift])))
        #expect(log.entries == ["focus key"])
    }

    @Test func withoutAFirstResponderKeysStartAtTheWindow() {
        #expect(window.handle(KeyPress(.escape)) == false)
        #expect(log.entries == ["application key"])
    }
}
