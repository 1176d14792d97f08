import Testing
@testable import TouchCore

@Suite struct ViewTests {
    @Test func frameIsDerivedFromCenterAndBounds() {
        let view = View(frame: rect(10, 20, 100, 50))
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.bounds == rect(0, 0, 100, 50))
        view.center = Point(x: 100, y: 100)
        #expect(view.frame == rect(50, 75, 100, 50))
    }

    @Test func frameOfATransformedViewIsItsBoundingBox() {
        let view = View(frame: rect(0, 0, 100, 50))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == rect(-50, -25, 200, 100))
    }

    @Test func addingPutsSubviewsOnTopAndMovesThemBetweenParents() {
        let a = View(), b = View(), c = View(), child = View()
        a.addSubview(child)
        b.addSubview(View())
        b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.last === child)
        #expect(child.superview === b)
        b.insertSubview(c, at: 0)
        #expect(b.subviews.first === c)
        child.removeFromSuperview()
        #expect(child.superview == nil)
        #expect(!b.subviews.contains { $0 === child })
    }

    @Test func reorderingSubviews() {
        let parent = View(), a = View(), b = View(), c = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.addSubview(c)
        parent.bringSubviewToFront(a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        parent.sendSubviewToBack(a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        parent.insertSubview(a, aboveSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        parent.insertSubview(c, belowSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        parent.addSubview(c)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
    }

    @Test func windowIsFoundThroughTheTree() {
        let window = makeWindow()
        let parent = View(), child = View()
        parent.addSubview(child)
        #expect(child.window == nil)
        window.addSubview(parent)
        #expect(child.window === window)
        #expect(window.window === window)
        parent.removeFromSuperview()
        #expect(child.window == nil)
    }

    @Test func didMoveToWindowReachesTheWholeSubtree() {
        final class Watcher: View {
            var windows: [Window?] = []
            override func didMoveToWindow() { windows.append(window) }
        }
        let window = makeWindow()
        let parent = View(), child = Watcher()
        parent.addSubview(child)
        window.addSubview(parent)
        parent.removeFromSuperview()
        #expect(child.windows.count == 2)
        #expect(child.windows.first! === window)
        #expect(child.windows.last! == nil)
    }

    @Test func changingTheBoundsSizeLaysOutSubviews() {
        final class Layout: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Layout(frame: rect(0, 0, 10, 10))
        view.center = Point(x: 50, y: 50)
        #expect(view.layouts == 0)
        view.frame = rect(0, 0, 20, 10)
        #expect(view.layouts == 1)
    }

    @Test func aRootViewControllerFillsTheWindowAndFollowsItsSize() {
        let window = makeWindow(width: 400, height: 300)
        let controller = ViewController()
        window.rootViewController = controller
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == rect(0, 0, 400, 300))
        window.frame = rect(0, 0, 640, 480)
        #expect(controller.view.frame == rect(0, 0, 640, 480))
    }

    @Test func gestureRecognizersBelongToOneView() {
        let a = View(), b = View()
        let recognizer = GestureRecognizer()
        a.addGestureRecognizer(recognizer)
        a.addGestureRecognizer(recognizer)
        #expect(a.gestureRecognizers.count == 1)
        #expect(recognizer.view === a)
        b.addGestureRecognizer(recognizer)
        #expect(a.gestureRecognizers.isEmpty)
        #expect(recognizer.view === b)
        b.removeGestureRecognizer(recognizer)
        #expect(b.gestureRecognizers.isEmpty)
        #expect(recognizer.view == nil)
    }
}
