import Testing
import TouchCore

/// SPEC §2.
@Suite struct ViewHitTestingTests {
    let root = View(frame: rect(0, 0, 300, 300))
    let back = View(frame: rect(0, 0, 200, 200))
    let front = View(frame: rect(100, 100, 200, 200))
    let nested = View(frame: rect(10, 10, 50, 50))

    init() {
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(nested)
    }

    @Test func frontMostSubviewWinsWhereSiblingsOverlap() {
        #expect(root.hitTest(Point(x: 180, y: 180), with: nil) === front)
        #expect(root.hitTest(Point(x: 50, y: 50), with: nil) === back)
    }

    @Test func deepestViewWins() {
        #expect(root.hitTest(Point(x: 120, y: 120), with: nil) === nested)
    }

    @Test func theViewItselfWhenNoSubviewIsHit() {
        let lonely = View(frame: rect(0, 0, 300, 300))
        lonely.addSubview(View(frame: rect(0, 0, 10, 10)))
        #expect(lonely.hitTest(Point(x: 250, y: 20), with: nil) === lonely)
        #expect(root.hitTest(Point(x: 250, y: 20), with: nil) === root)
    }

    @Test func outsideTheBoundsNothingIsHit() {
        #expect(root.hitTest(Point(x: 301, y: 20), with: nil) == nil)
        #expect(root.hitTest(Point(x: -1, y: 20), with: nil) == nil)
    }

    @Test func hiddenViewsAreSkipped() {
        front.isHidden = true
        #expect(root.hitTest(Point(x: 150, y: 150), with: nil) === back)
        #expect(root.hitTest(Point(x: 120, y: 120), with: nil) === back)
    }

    @Test func viewsWithInteractionDisabledAreSkippedWithTheirSubviews() {
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 120, y: 120), with: nil) === back)
        #expect(root.hitTest(Point(x: 250, y: 250), with: nil) === root)
    }

    @Test func nearlyTransparentViewsAreSkipped() {
        front.alpha = 0.009
        #expect(root.hitTest(Point(x: 180, y: 180), with: nil) === back)
        front.alpha = 0.01
        #expect(root.hitTest(Point(x: 180, y: 180), with: nil) === front)
    }

    @Test func pointInsideCanBeOverridden() {
        final class Round: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                point.distance(to: bounds.center) <= bounds.width / 2
            }
        }
        let round = Round(frame: rect(0, 0, 100, 100))
        let parent = View(frame: rect(0, 0, 100, 100))
        parent.addSubview(round)
        #expect(parent.hitTest(Point(x: 50, y: 50), with: nil) === round)
        #expect(parent.hitTest(Point(x: 5, y: 5), with: nil) === parent)
    }

    @Test func aBiggerTouchAreaReachesBeyondTheBounds() {
        final class Padded: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        let button = Padded(frame: rect(100, 100, 10, 10))
        let parent = View(frame: rect(0, 0, 300, 300))
        parent.addSubview(button)
        #expect(parent.hitTest(Point(x: 85, y: 85), with: nil) === button)
    }

    @Test func hitTestingFollowsBoundsOriginAndTransform() {
        let container = View(frame: rect(0, 0, 100, 100))
        let scroller = View(frame: rect(0, 0, 100, 100))
        let content = View(frame: rect(0, 150, 100, 50))
        container.addSubview(scroller)
        scroller.addSubview(content)
        #expect(container.hitTest(Point(x: 50, y: 10), with: nil) === scroller)
        scroller.bounds.origin = Point(x: 0, y: 150)
        #expect(container.hitTest(Point(x: 50, y: 10), with: nil) === content)

        let scaled = View(frame: rect(0, 0, 300, 300))
        let small = View(frame: rect(140, 140, 20, 20))
        small.transform = AffineTransform(scaleX: 4, y: 4)
        scaled.addSubview(small)
        #expect(scaled.hitTest(Point(x: 115, y: 115), with: nil) === small)
        #expect(scaled.hitTest(Point(x: 105, y: 105), with: nil) === scaled)
    }
}
