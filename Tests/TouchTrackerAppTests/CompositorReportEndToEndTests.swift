@testable import Instruments
import Testing
import TestCompositor
import TouchCore
@testable import TouchTrackerApp

/// Each row of `touchtracker check`, on two sessions recorded through the
/// scripted compositor: one that shows the quirk, one that does not; the
/// report must tell them apart.
@Suite struct CompositorReportEndToEndTests {
    /// Records a session on the scripted compositor, ends it and reports on it.
    func report(seatVersion: Int32 = 8, tablets: Bool = false,
                _ script: (AppHarness) throws -> Void) throws -> CompositorReport {
        let app = try AppHarness(tablets: tablets, record: true, seatVersion: seatVersion)
        try script(app)
        app.session.quit()
        return CompositorReport(try Recording.read(path: app.recordingPath), name: "test")
    }

    @Test func anUpWithoutAFrameFails() throws {
        let quirk = try report { app in
            try app.down(1, 100, 100)
            try app.send { app.seat.touchUp(id: 1, time: app.time) }
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.up(1)
        }
        #expect(quirk.row(.frameAfterUp).result == .fail)
        #expect(quirk.row(.frameAfterUp).evidence.contains("1 after the last up"))
        #expect(clean.row(.frameAfterUp).result == .pass)
        #expect(quirk.failed && !clean.failed)
    }

    @Test func downAndUpInOneFrameWarns() throws {
        let quirk = try report { app in
            try app.send {
                app.seat.touchDown(on: app.surface.resource, id: 1, x: 100, y: 100, time: app.time)
                app.seat.touchUp(id: 1, time: app.time)
                app.seat.touchFrame()
            }
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.up(1)
        }
        #expect(quirk.row(.downUpOneFrame).result == .warn)
        #expect(clean.row(.downUpOneFrame).result == .pass)
    }

    @Test func aTouchTakenWithoutCancelFailsAndACancelPasses() throws {
        let quirk = try report { app in
            try app.down(1, 100, 100)
            try app.down(1, 150, 150)
            try app.up(1)
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.send { app.seat.touchCancel() }
        }
        #expect(quirk.row(.cancel).result == .fail)
        #expect(clean.row(.cancel).result == .pass)
        #expect(clean.row(.cancel).evidence.contains("1 wl_touch.cancel"))
    }

    @Test func anIDReusedInTheFrameOfItsUpWarns() throws {
        let quirk = try report { app in
            try app.down(1, 100, 100)
            try app.send {
                app.seat.touchUp(id: 1, time: app.time)
                app.seat.touchDown(on: app.surface.resource, id: 1, x: 150, y: 150, time: app.time)
                app.seat.touchFrame()
            }
            try app.up(1)
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.up(1)
            try app.down(1, 150, 150)
            try app.up(1)
        }
        #expect(quirk.row(.idReuse).result == .warn)
        #expect(clean.row(.idReuse).result == .pass)
        #expect(clean.row(.idReuse).evidence.contains("1 id reused, soonest id 1 10 ms after its up"))
    }

    @Test func aDragOffTheSurfaceWarns() throws {
        let quirk = try report { app in
            try app.down(1, 100, 100)
            try app.move(1, -20, 100)
            try app.up(1)
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.move(1, 20, 100)
            try app.up(1)
        }
        #expect(quirk.row(.outsideSurface).result == .warn)
        #expect(quirk.row(.outsideSurface).evidence.contains("touch 1 at (-20, 140)"))
        #expect(clean.row(.outsideSurface).result == .pass)
    }

    @Test func timeGoingBackwardsFails() throws {
        let quirk = try report { app in
            try app.send {
                app.seat.touchDown(on: app.surface.resource, id: 1, x: 100, y: 100, time: 5000)
                app.seat.touchFrame()
            }
            try app.send {
                app.seat.touchMotion(id: 1, x: 120, y: 100, time: 4990)
                app.seat.touchFrame()
            }
            try app.up(1)
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.move(1, 120, 100)
            try app.up(1)
        }
        #expect(quirk.row(.timestamps).result == .fail)
        #expect(quirk.row(.timestamps).evidence.contains("5000 → 4990 ms"))
        #expect(clean.row(.timestamps).result == .pass)
        #expect(clean.row(.timestamps).evidence.contains("smallest step 10 ms"))
    }

    @Test func shapeAndOrientationSentPassAndMissingWarns() throws {
        let shaped = try report { app in
            try app.send {
                app.seat.touchDown(on: app.surface.resource, id: 1, x: 100, y: 100, time: app.time)
                app.seat.touchShape(id: 1, major: 12, minor: 8)
                app.seat.touchOrientation(id: 1, degrees: 30)
                app.seat.touchFrame()
            }
            try app.up(1)
        }
        let plain = try report(seatVersion: 5) { app in
            try app.down(1, 100, 100)
            try app.up(1)
        }
        #expect(shaped.row(.shapeOrientation).result == .pass)
        #expect(plain.row(.shapeOrientation).result == .warn)
        #expect(plain.row(.shapeOrientation).evidence.contains("seat0 is v5"))
    }

    @Test func aPointerWithoutFramesOrAxisSourceWarns() throws {
        let unframed = try report(seatVersion: 4) { app in
            try app.send {
                app.seat.pointerEnter(app.surface.resource, x: 50, y: 50)
                app.seat.pointerMotion(x: 60, y: 50, time: app.time)
            }
        }
        let sourceless = try report { app in
            try app.pointerEnter(50, 50)
            try app.send {
                app.seat.pointerAxis(.vertical, value: 10, time: app.time)
                app.seat.pointerFrame()
            }
        }
        let clean = try report { app in
            try app.pointerEnter(50, 50)
            try app.send {
                app.seat.pointerAxisSource(.wheel)
                app.seat.pointerAxisSteps(.vertical, steps: 1)
                app.seat.pointerAxis(.vertical, value: 10, time: app.time)
                app.seat.pointerFrame()
            }
        }
        #expect(unframed.row(.pointer).result == .warn)
        #expect(unframed.row(.pointer).evidence.contains("without wl_pointer.frame"))
        #expect(sourceless.row(.pointer).result == .warn)
        #expect(sourceless.row(.pointer).evidence.contains("without axis_source"))
        #expect(clean.row(.pointer).result == .pass)
        #expect(clean.row(.pointer).evidence.contains("value120 on v8"))
    }

    @Test func capabilitiesChangingAtRunTimeWarn() throws {
        let quirk = try report { app in
            try app.send { app.seat.setCapabilities([.pointer, .keyboard]) }
        }
        let clean = try report { app in
            try app.down(1, 100, 100)
            try app.up(1)
        }
        #expect(quirk.row(.capabilities).result == .warn)
        #expect(quirk.row(.capabilities).evidence.contains("seat0 went from pointer+keyboard+touch to pointer+keyboard"))
        #expect(clean.row(.capabilities).result == .pass)
    }

    @Test func aTabletToolWithoutFrameEventsWarns() throws {
        let quirk = try report(tablets: true) { app in
            let pen = try Pen(app)
            try pen.enter(100, 100)
            try app.send { pen.tool.proximityOut() }
        }
        let clean = try report(tablets: true) { app in
            let pen = try Pen(app)
            try pen.stroke(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100))
        }
        #expect(quirk.row(.tablet).result == .warn)
        #expect(clean.row(.tablet).result == .pass)
        #expect(clean.row(.tablet).evidence.contains("proximity before down"))
    }

    @Test func rowsNotExercisedAreNotSeen() throws {
        let idle = try report { _ in }
        #expect(idle.row(.frameAfterUp).result == .notSeen)
        #expect(idle.row(.tablet).result == .notSeen)
        #expect(!idle.failed)
    }

    @Test func theTableAndTheJSONNameEveryRow() throws {
        let checked = try report { app in
            try app.down(1, 100, 100)
            try app.send { app.seat.touchUp(id: 1, time: app.time) }
        }
        let text = checked.text
        for id in CompositorReport.RowID.allCases { #expect(text.contains(id.title)) }
        #expect(text.hasSuffix("1 row failed"))
        #expect(checked.json.hasPrefix("{\"recording\":\"test: recorded by touchtracker"))
        #expect(checked.json.contains("{\"row\":\"frame-after-up\",\"title\":\"a frame after every up\",\"result\":\"fail\""))
        #expect(checked.json.hasSuffix("\"failed\":true}"))
    }
}
