@testable import Instruments
import Testing
import WaylandInput

/// The `--log-input` lines of touchpad gestures and of modifiers on pointer frames.
@Suite struct InputLogGestureTests {
    @Test func aPinchLogsItsBeginUpdateAndEnd() {
        let begin = PointerGestureEvent(seat: "seat0", kind: .pinch, change: .begin(fingers: 2, x: 100, y: 80.5), time: 10)
        let update = PointerGestureEvent(seat: "seat0", kind: .pinch,
                                         change: .update(dx: 1, dy: -0.5, scale: 1.25, rotation: 10), time: 20)
        let end = PointerGestureEvent(seat: "seat0", kind: .pinch, change: .end(cancelled: true), time: 30)
        #expect(InputLog.line(for: .pointerGesture(begin)) ==
            #"{"seat":"seat0","device":"gesture","gesture":"pinch","event":"begin","fingers":2,"x":100,"y":80.5,"time":10}"#)
        #expect(InputLog.line(for: .pointerGesture(update)) ==
            #"{"seat":"seat0","device":"gesture","gesture":"pinch","event":"update","dx":1,"dy":-0.5,"scale":1.25,"rotation":10,"time":20}"#)
        #expect(InputLog.line(for: .pointerGesture(end)) ==
            #"{"seat":"seat0","device":"gesture","gesture":"pinch","event":"end","cancelled":true,"time":30}"#)
    }

    @Test func aSwipeUpdateHasNoScaleNorRotation() {
        let update = PointerGestureEvent(seat: "seat0", kind: .swipe,
                                         change: .update(dx: 20, dy: 0, scale: nil, rotation: nil), time: 20)
        #expect(InputLog.line(for: .pointerGesture(update)) ==
            #"{"seat":"seat0","device":"gesture","gesture":"swipe","event":"update","dx":20,"dy":0,"time":20}"#)
    }

    @Test func aPointerFrameNamesTheModifiersHeld() {
        let axis = PointerAxis(orientation: .vertical, value: 15, discrete: 1, value120: 120, source: .wheel)
        let frame = PointerFrame(seat: "seat0", events: [.axis(axis)], time: 5, modifiers: [.shift, .control])
        #expect(InputLog.line(for: .pointer(frame)) ==
            #"{"seat":"seat0","device":"pointer","frame":[{"event":"axis","axis":"vertical","value":15,"discrete":1,"value120":120,"source":"wheel"}],"time":5,"modifiers":["shift","ctrl"]}"#)
    }
}
