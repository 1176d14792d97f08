import Testing
@testable import TouchCore

/// A responder that implements some actions and records what it performed.
final class ActionView: View {
    let name: String
    let log: Log
    var implemented: Set<Action>
    var disabled: Set<Action> = []
    var accepts = true
    /// When true, every key press is taken (and logged as typed).
    var consumesKeys = false

    init(_ name: String, log: Log, implements actions: Set<Action>) {
        self.name = name
        self.log = log
        self.implemented = actions
        super.init(frame: rect(0, 0, 50, 50))
    }

    override var canBecomeFirstResponder: Bool { accepts }

    override func handler(for action: Action) -> ((Any?) -> Void)? {
        guard implemented.contains(action) else { return super.handler(for: action) }
        return { [unowned self] sender in
            log.entries.append("\(name) \(action)\(sender == nil ? "" : " from sender")")
        }
    }

    override func keyPressed(_ press: KeyPress) -> Bool {
        guard consumesKeys else { return super.keyPressed(press) }
        log.entries.append("\(name) typed")
        return true
    }

    override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        !disabled.contains(action) && super.canPerformAction(action, withSender: sender)
    }
}

/// SPEC §3: action messages.
@Suite struct ApplicationTests {
    let log = Log()
    let application = Application()
    let window = makeWindow()
    let outer: ActionView
    let inner: ActionView

    init() {
        application.addWindow(window)
        outer = ActionView("outer", log: log, implements: [.paste, .delete])
        inner = ActionView("inner", log: log, implements: [.copy, .delete])
        window.addSubview(outer)
        outer.addSubview(inner)
        inner.becomeFirstResponder()
    }

    @Test func aNilTargetActionGoesToTheFirstResponder() {
        #expect(application.sendAction(.copy, to: nil, from: nil))
        #expect(log.entries == ["inner copy"])
    }

    @Test func aNilTargetActionWalksTheChainToAResponderThatCanPerformIt() {
        #expect(application.sendAction(.paste, to: nil, from: self.log))
        #expect(log.entries == ["outer paste from sender"])
    }

    @Test func aResponderThatCannotPerformNowIsPassedOver() {
        inner.disabled = [.delete]
        #expect(application.sendAction(.delete, to: nil, from: nil))
        #expect(log.entries == ["outer delete"])
    }

    @Test func anActionNobodyImplementsIsNotPerformed() {
        #expect(!application.sendAction(Action("rename"), to: nil, from: nil))
        #expect(!application.sendAction(.selectAll, to: nil, from: nil))
        #expect(log.entries.isEmpty)
    }

    @Test func anExplicitTargetPerformsTheActionItself() {
        #expect(application.sendAction(.delete, to: outer, from: nil))
        #expect(log.entries == ["outer delete"])
        #expect(!application.sendAction(.copy, to: outer, from: nil))
    }

    @Test func withoutAFirstResponderActionsStartAtTheKeyWindow() {
        inner.resignFirstResponder()
        #expect(!application.sendAction(.copy, to: nil, from: nil))
        final class Handler: Application {
            var performed = false
            override func handler(for action: Action) -> ((Any?) -> Void)? {
                action == Action("quit") ? { [unowned self] _ in performed = true } : nil
            }
        }
        let handler = Handler()
        let other = makeWindow()
        handler.addWindow(other)
        #expect(handler.sendAction(Action("quit"), to: nil, from: nil))
        #expect(handler.performed)
    }

    @Test func canPerformActionDefaultsToWhetherTheResponderImplementsIt() {
        #expect(inner.canPerformAction(.copy, withSender: nil))
        #expect(!inner.canPerformAction(.paste, withSender: nil))
        #expect(!View().canPerformAction(.copy, withSender: nil))
    }

    @Test func targetForActionFindsTheResponderAlongTheChain() {
        #expect(inner.target(forAction: .copy, withSender: nil) === inner)
        #expect(inner.target(forAction: .paste, withSender: nil) === outer)
        #expect(inner.target(forAction: .cut, withSender: nil) == nil)
    }

    @Test func theFirstWindowIsKeyAndAnotherCanBeMadeKey() {
        #expect(application.keyWindow === window)
        #expect(window.isKeyWindow)
        let other = makeWindow()
        application.addWindow(other)
        #expect(application.keyWindow === window)
        other.makeKey()
        #expect(other.isKeyWindow && !window.isKeyWindow)
        application.removeWindow(other)
        #expect(application.keyWindow === window)
        #expect(other.next == nil)
    }
}
