import Testing
@testable import TouchCore

/// Drawing requests become window damage for the renderer.
@Suite struct WindowTests {
    let window = makeWindow(width: 400, height: 300)
    let view = View(frame: rect(100, 50, 100, 100))
    var requests = 0

    init() {
        window.addSubview(view)
        _ = window.takeDamage()
    }

    @Test func setNeedsDisplayDamagesTheRectInWindowCoordinates() {
        view.setNeedsDisplay(rect(10, 10, 5, 5))
        #expect(view.needsDisplay)
        #expect(window.hasDamage)
        #expect(window.takeDamage() == [rect(110, 60, 5, 5)])
        #expect(!window.hasDamage)
        #expect(!view.needsDisplay)
        #expect(window.takeDamage().isEmpty)
    }

    @Test func setNeedsDisplayWithoutARectDamagesTheWholeView() {
        view.setNeedsDisplay()
        #expect(window.takeDamage() == [rect(100, 50, 100, 100)])
    }

    @Test func damageIsClippedToTheWindow() {
        view.setNeedsDisplay(rect(-200, -200, 250, 250))
        #expect(window.takeDamage() == [rect(0, 0, 150, 100)])
        view.setNeedsDisplay(rect(1000, 0, 10, 10))
        #expect(!window.hasDamage)
    }

    @Test func theAppIsAskedForAFrameOncePerRoundOfDamage() {
        let host = CountingWindowHost()
        window.host = host
        view.setNeedsDisplay(rect(0, 0, 1, 1))
        view.setNeedsDisplay(rect(5, 5, 1, 1))
        #expect(host.displayRequests == 1)
        _ = window.takeDamage()
        view.setNeedsDisplay()
        #expect(host.displayRequests == 2)
    }

    @Test func aViewOutsideAWindowMarksItselfOnly() {
        let loose = View(frame: rect(0, 0, 10, 10))
        loose.setNeedsDisplay()
        #expect(loose.needsDisplay)
        #expect(!window.hasDamage)
    }

    @Test func movingAViewDamagesWhereItWasAndWhereItGoes() {
        view.frame = rect(300, 200, 50, 50)
        #expect(window.takeDamage() == [rect(100, 50, 100, 100), rect(300, 200, 50, 50)])
    }

    @Test func treeAndVisibilityChangesDamageTheViewsArea() {
        view.isHidden = true
        #expect(window.takeDamage() == [rect(100, 50, 100, 100)])
        view.alpha = 0.5
        #expect(window.takeDamage() == [rect(100, 50, 100, 100)])
        view.removeFromSuperview()
        #expect(window.takeDamage() == [rect(100, 50, 100, 100)])
        window.addSubview(view)
        #expect(window.takeDamage() == [rect(100, 50, 100, 100)])
    }

    @Test func damageInsideEarlierDamageAddsNothingAndLargerDamageAbsorbsIt() {
        view.setNeedsDisplay(rect(0, 0, 50, 50))
        view.setNeedsDisplay(rect(10, 10, 5, 5))
        view.setNeedsDisplay(rect(60, 60, 5, 5))
        view.setNeedsDisplay(rect(55, 55, 20, 20))
        #expect(window.takeDamage() == [rect(100, 50, 50, 50), rect(155, 105, 20, 20)])
    }

    @Test func manySmallRectsCollapseIntoTheirUnion() {
        for step in 0..<20 {
            view.setNeedsDisplay(rect(Double(step) * 4, 0, 2, 2))
        }
        let damage = window.takeDamage()
        #expect(damage.count <= 8)
        let union = damage.reduce(Rect.null) { $0.union($1) }
        #expect(union.contains(rect(100, 50, 78, 2)))
    }

    @Test func resizingTheWindowDamagesAllOfIt() {
        window.frame = rect(0, 0, 500, 400)
        #expect(window.takeDamage().reduce(Rect.null) { $0.union($1) } == rect(0, 0, 500, 400))
    }
}
