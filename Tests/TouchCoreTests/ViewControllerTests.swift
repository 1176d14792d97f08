import Testing
@testable import TouchCore

@Suite struct ViewControllerTests {
    final class Counting: ViewController {
        var loads = 0
        var didLoads = 0
        let custom = View(frame: rect(0, 0, 10, 10))

        override func loadView() {
            loads += 1
            view = custom
        }

        override func viewDidLoad() { didLoads += 1 }
    }

    @Test func theViewIsLoadedOnceOnFirstUse() {
        let controller = Counting()
        #expect(!controller.isViewLoaded)
        #expect(controller.view === controller.custom)
        _ = controller.view
        #expect(controller.loads == 1)
        #expect(controller.didLoads == 1)
        #expect(controller.isViewLoaded)
    }

    @Test func theDefaultViewIsAPlainView() {
        let controller = ViewController()
        #expect(controller.view.subviews.isEmpty)
        #expect(controller.view.next === controller)
    }

    @Test func replacingTheViewHandsTheChainToTheNewView() {
        let controller = ViewController()
        let first = View(), second = View()
        controller.view = first
        controller.view = second
        #expect(first.next == nil)
        #expect(second.next === controller)
    }

    @Test func replacingTheRootViewControllerSwapsTheViews() {
        let window = makeWindow()
        let a = ViewController(), b = ViewController()
        window.rootViewController = a
        window.rootViewController = b
        #expect(a.view.superview == nil)
        #expect(b.view.superview === window)
        #expect(b.next === window)
    }

    @Test func aNextResponderComesBetweenTheControllerAndTheSuperview() {
        let window = makeWindow()
        let log = Log()
        let controller = ViewController()
        window.addSubview(controller.view)
        let scene = ActionView("scene", log: log, implements: [Action("export")])
        controller.nextResponder = scene
        #expect(controller.next === scene)
        #expect(controller.view.target(forAction: Action("export"), withSender: nil) === scene)
        controller.nextResponder = nil
        #expect(controller.next === window)
    }
}
