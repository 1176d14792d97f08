import Testing
import Timing
@testable import TouchCore

/// `Application.validateCommand`: the responder a nil-target action would
/// reach fills the command in; with none, it is disabled.
@Suite struct CommandValidationTests {
    static let toggle = Action("toggleThing")

    final class Thing: View {
        var isOn = false
        override var canBecomeFirstResponder: Bool { true }
        override func handler(for action: Action) -> ((Any?) -> Void)? {
            action == CommandValidationTests.toggle ? { [unowned self] _ in isOn.toggle() } : super.handler(for: action)
        }
        override func validate(_ command: Command) {
            if command.action == CommandValidationTests.toggle { command.state = isOn ? .on : .off }
        }
    }

    @Test func theResponderThatWouldPerformItFillsItInAndNoneDisablesIt() {
        let application = Application()
        let window = Window(size: Size(width: 100, height: 100), timers: TimerQueue(clock: ManualClock()))
        application.addWindow(window)
        let thing = Thing(frame: window.bounds)
        window.addSubview(thing)
        let command = Command(title: "Thing", action: Self.toggle)
        application.validateCommand(command, sender: nil)
        #expect(!command.isEnabled, "no first responder: the window and the app cannot toggle")
        thing.becomeFirstResponder()
        application.validateCommand(command, sender: nil)
        #expect(command.isEnabled && command.state == .off)
        application.sendAction(Self.toggle, to: nil, from: nil)
        application.validateCommand(command, sender: nil)
        #expect(command.state == .on)
    }
}
