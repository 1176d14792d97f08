@testable import BenchmarkWorkloads
import Canvas
import Render
import Testing
import TouchCore

@Suite struct RenderWorkloadTests {
    @Test func motionFramesDrawTheMovingLine() {
        let workload = MotionFrameWorkload(finishedLines: 500, width: 400, height: 300)
        for _ in 0..<10 { workload.step() }
        // The finger started at (100, 75) and moved 3 pt right, 2 pt down per step.
        #expect(workload.image.buffer.pixel(x: 115, y: 85) == 0xFFFF_0000, "red, the line being drawn")
    }

    @Test func fullRedrawPaintsTheLines() {
        let workload = FullRedrawWorkload(lineCount: 200, width: 300, height: 200)
        workload.step()
        workload.copyFrame()
        let line = workload.drawing.lines[0]
        let middle = Point(x: (line.begin.x + line.end.x) / 2, y: (line.begin.y + line.end.y) / 2)
        #expect(workload.image.buffer.pixel(x: Int(middle.x), y: Int(middle.y)) == 0xFF00_0000, "black, a finished line")
    }

    @Test func freehandMotionFramesDrawTheGrowingLineOverFreehandLines() {
        let workload = MotionFrameWorkload(finishedLines: 300, freehand: true, width: 400, height: 300)
        #expect(workload.drawing.store.freehandPointCount == 300 * 200)
        for _ in 0..<10 { workload.step() }
        let line = workload.drawing.linesInProgress.values.first
        #expect(line?.freehandPointCount == 11)
        let point = line!.freehandPoints!.last!
        #expect(workload.image.buffer.pixel(x: Int(point.x), y: Int(point.y)) == 0xFFFF_0000, "red, the line being drawn")
    }

    @Test func theFreehandExtensionWorkloadKeepsItsLengthAcrossResets() {
        let workload = FreehandExtensionWorkload(points: 50, width: 400, height: 300)
        #expect(workload.pointCount == 50)
        for _ in 0..<30 { workload.step() }
        #expect(workload.pointCount == 80)
        workload.reset()
        #expect(workload.pointCount == 50)
        let line = workload.drawing.linesInProgress.values.first!
        let point = line.freehandPoints!.last!
        #expect(workload.image.buffer.pixel(x: Int(point.x), y: Int(point.y)) == 0xFFFF_0000, "drawn where it is")
    }
}
