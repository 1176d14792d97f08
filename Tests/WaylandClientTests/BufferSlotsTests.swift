import Testing
@testable import WaylandClient

/// Buffer bookkeeping without a compositor.
@Suite struct BufferSlotsTests {
    private func region(_ rects: PixelRect...) -> DamageRegion {
        var region = DamageRegion()
        rects.forEach { region.add($0) }
        return region
    }

    @Test func secondBufferOnlyWhileTheFirstIsHeld() {
        var slots = BufferSlots()
        let first = slots.acquire()
        #expect(first == .init(index: 0, isNew: true, repaint: .full))
        slots.release(0)
        #expect(slots.acquire()?.index == 0, "a released buffer is reused")
        #expect(slots.acquire() == .init(index: 1, isNew: true, repaint: .full))
        #expect(slots.slots.count == 2)
    }

    @Test func atMostThreeBuffersThenWaitForRelease() {
        var slots = BufferSlots()
        #expect(slots.acquire()?.index == 0)
        #expect(slots.acquire()?.index == 1)
        #expect(slots.acquire()?.index == 2)
        #expect(slots.acquire() == nil)
        slots.release(1)
        #expect(slots.acquire() == .init(index: 1, isNew: false, repaint: DamageRegion()))
    }

    @Test func eachSlotAccumulatesChangesSinceItWasLastDrawn() {
        var slots = BufferSlots()
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 50, y: 50, width: 5, height: 5)
        _ = slots.acquire()          // slot 0 drawn
        _ = slots.acquire()          // slot 1 drawn
        slots.release(0)
        slots.addDamage(region(a))   // frame 3 changes a
        #expect(slots.acquire()?.repaint == region(a))
        slots.release(1)
        slots.addDamage(region(b))   // frame 4 changes b: slot 1 missed a and b
        #expect(slots.acquire()?.repaint == region(a, b))
    }

    @Test func resetStartsOverWithNewFullyDamagedBuffers() {
        var slots = BufferSlots()
        _ = slots.acquire()
        slots.reset()
        #expect(slots.acquire() == .init(index: 0, isNew: true, repaint: .full))
    }

    @Test func damageMergesContainedAndTooManyRects() {
        var damage = DamageRegion()
        damage.add(PixelRect(x: 0, y: 0, width: 100, height: 100))
        damage.add(PixelRect(x: 10, y: 10, width: 5, height: 5))
        #expect(damage.rects.count == 1)
        damage.add(PixelRect(x: 0, y: 0, width: 0, height: 5))
        #expect(damage.rects.count == 1, "empty rects are dropped")
        for index in 0..<DamageRegion.maximumRects {
            damage.add(PixelRect(x: 200 + index * 10, y: 0, width: 2, height: 2))
        }
        #expect(damage.rects.count == 1)
        #expect(damage.rects.first == PixelRect(x: 0, y: 0, width: 200 + (DamageRegion.maximumRects - 1) * 10 + 2, height: 100))
        #expect(damage.rects(width: 150, height: 50) == [PixelRect(x: 0, y: 0, width: 150, height: 50)])
    }

    @Test func fullDamageCoversTheBuffer() {
        var damage = DamageRegion()
        damage.add(PixelRect(x: 1, y: 1, width: 1, height: 1))
        damage.addFull()
        damage.add(PixelRect(x: 5, y: 5, width: 1, height: 1))
        #expect(damage.rects(width: 30, height: 20) == [PixelRect(x: 0, y: 0, width: 30, height: 20)])
    }

    @Test func logicalRectsCoverEveryTouchedPixel() {
        #expect(PixelRect(covering: SurfaceRect(x: 10, y: 10, width: 20, height: 20), scale: 2)
                == PixelRect(x: 20, y: 20, width: 40, height: 40))
        #expect(PixelRect(covering: SurfaceRect(x: 1, y: 1, width: 1, height: 1), scale: 1.5)
                == PixelRect(x: 1, y: 1, width: 2, height: 2))
        #expect(PixelRect(x: 20, y: 20, width: 40, height: 40).logical(scale: 2)
                == SurfaceRect(x: 10, y: 10, width: 20, height: 20))
    }
}
