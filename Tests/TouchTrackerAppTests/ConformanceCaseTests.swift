import Canvas
@testable import Instruments
@testable import Scene
import Testing
import TouchCore
import WaylandClient
@testable import Conformance
@testable import TouchTrackerApp
import WaylandInput

/// The judgement of `touchtracker conformance`'s cases, on what a case
/// would have seen: slices of the corpus's recordings (Tests/Recordings),
/// replayed for the drawing before and after, and made-up batches for the
/// rules no recording holds a breach of.
@Suite struct ConformanceCaseTests {
    /// The evidence of lines `range` of corpus recording `name`: those
    /// batches (after the window's layout), and the drawing the replay of
    /// the recording up to either end holds.
    static func evidence(_ name: String, lines range: ClosedRange<Int>) throws -> CaseEvidence {
        let recording = try Recording.read(path: "\(RecordingCorpusTests.directory)/\(name).ttrec")
        func upTo(_ last: Int) -> Recording {
            var prefix = recording
            prefix.entries = recording.entries.filter { $0.lineNumber <= last }
            return prefix
        }
        let before = Replay(upTo(range.lowerBound - 1), report: { _ in }).run()
        let after = Replay(upTo(range.upperBound), report: { _ in }).run()
        let layout = recording.entries.last { entry in
            if case .window = entry.item { entry.lineNumber < range.lowerBound } else { false }
        }
        var slice = recording
        slice.entries = (layout.map { [$0] } ?? []) + recording.entries.filter { range.contains($0.lineNumber) }
        return CaseEvidence(recording: slice, linesBefore: before.lines, linesAfter: after.lines,
                            selectedLine: after.selectedLine, menuShown: nil, frame: nil)
    }

    /// Made-up batches on one seat of `version`, as a case would have received them.
    static func evidence(_ events: [InputEvent], seatVersion: UInt32 = 8, before: [Line] = [],
                         after: [Line] = []) -> CaseEvidence {
        let entries = events.enumerated().map { index, event in
            Recording.Entry(time: Double(index) / 100, item: .batch(event, origin: .compositor, seatVersion: nil),
                            lineNumber: index + 1)
        }
        let recording = Recording(appVersion: Version.string, seats: [.init(name: "seat0", version: seatVersion)],
                                  palmRejection: true, tool: .lines, entries: entries)
        return CaseEvidence(recording: recording, linesBefore: before, linesAfter: after, frame: nil)
    }

    // MARK: Cases judged on recordings

    @Test func mutter43sStrokeFailsForTheFrameMissingAfterItsUp() throws {
        // mutter-touch.ttrec lines 10–31: a one-finger stroke whose up came
        // with no wl_touch.frame after it (mutter 43).
        let evidence = try Self.evidence("mutter-touch", lines: 10...31)
        let (rows, failures) = ConformanceRunner.judge(TouchCases.oneFingerStroke, evidence)
        #expect(rows.map(\.id) == [.frameAfterUp, .timestamps, .outsideSurface])
        #expect(rows[0].result == .fail)
        #expect(failures.first == "a frame after every up: 1 of 1 ups had no wl_touch.frame after them "
                                  + "(1 after the last up), first at line 31")
    }

    @Test func swaysPointerDragPasses() throws {
        // sway-pointer.ttrec lines 8–61: the smoke test's left-button drag
        // from (100, 450) to (500, 450), through wlroots' virtual pointer.
        let evidence = try Self.evidence("sway-pointer", lines: 8...61)
        let (rows, failures) = ConformanceRunner.judge(PointerCases.drag, evidence)
        #expect(rows.map(\.result) == [.pass, .pass, .pass])
        #expect(failures == [])
        #expect(evidence.newLines.count == 1)
    }

    @Test func aPointerCaseWithNoPointerInputFails() throws {
        // The same lines judged as a case that needed a finger: nothing of it came.
        let evidence = try Self.evidence("sway-pointer", lines: 8...61)
        let (rows, failures) = ConformanceRunner.judge(TouchCases.oneFingerStroke, evidence)
        #expect(rows[0].result == .notSeen)
        #expect(failures.contains("a frame after every up: no touch was lifted"))
        #expect(failures.contains { $0.hasPrefix("no line from (100.0, 150.0) to (400.0, 150.0)") })
    }

    // MARK: Cases judged on made-up batches

    static func wheel(_ value120: Int32?, discrete: Int32? = nil, source: PointerAxis.Source? = .wheel) -> InputEvent {
        let sign = Double((value120 ?? discrete ?? 1).signum())
        return .pointer(PointerFrame(seat: "seat0", events: [.axis(PointerAxis(
            orientation: .vertical, value: 15 * sign, discrete: discrete, value120: value120, source: source))], time: 5))
    }

    @Test func aDetentWithValue120PassesOnSeatVersion8() {
        let evidence = Self.evidence([Self.wheel(120), Self.wheel(-120)])
        #expect(PointerCases.wheel.expect(evidence) == [])
    }

    @Test func aDetentWithoutValue120FailsOnSeatVersion8() {
        let evidence = Self.evidence([Self.wheel(nil, discrete: 1), Self.wheel(-120)])
        #expect(PointerCases.wheel.expect(evidence) == ["the detent down came with axis_value120 none, not 120"])
    }

    @Test func beforeVersion8TheDetentIsJudgedByAxisDiscrete() {
        #expect(PointerCases.wheel.expect(Self.evidence([Self.wheel(nil, discrete: 1), Self.wheel(nil, discrete: -1)],
                                                        seatVersion: 7)) == [])
        #expect(PointerCases.wheel.expect(Self.evidence([Self.wheel(nil, discrete: 1), Self.wheel(nil, discrete: -2)],
                                                        seatVersion: 7))
                == ["the detent up came with axis_discrete -2, not -1 (seat v7)"])
    }

    @Test func aDetentFromAFingerIsNoWheel() {
        let evidence = Self.evidence([Self.wheel(120, source: .finger), Self.wheel(-120)])
        #expect(PointerCases.wheel.expect(evidence) == ["the detent down came with axis_source finger, not wheel"])
    }

    static func key(_ code: UInt32, _ action: KeyEvent.Action, _ modifiers: KeyboardModifiers = []) -> InputEvent {
        .key(KeyEvent(seat: "seat0", action: action, code: code, keysym: 0, name: "", text: "", modifiers: modifiers,
                      time: 7))
    }

    @Test func zWithoutItsModifiersFailsKeyModifiers() {
        let first = KeyboardCases.first
        let presses = [Self.key(EvdevCode.z, .press, .control), Self.key(EvdevCode.z, .press, .control),
                       Self.key(EvdevCode.z, .press, .control)]
        let evidence = Self.evidence(presses, after: [first])
        #expect(KeyboardCases.modifiers.expect(evidence) == ["Z came with modifiers ctrl, not shift+ctrl"])
        let right = [Self.key(EvdevCode.z, .press, .control), Self.key(EvdevCode.z, .press, [.control, .shift]),
                     Self.key(EvdevCode.z, .press, .control)]
        #expect(KeyboardCases.modifiers.expect(Self.evidence(right, after: [first])) == [])
    }

    @Test func keyRepeatMustStopAtTheRelease() {
        let held = [Self.key(EvdevCode.f, .press), Self.key(EvdevCode.f, .repeat), Self.key(EvdevCode.f, .release)]
        #expect(KeyboardCases.repeating.expect(Self.evidence(held)) == [])
        #expect(KeyboardCases.repeating.expect(Self.evidence(held + [Self.key(EvdevCode.f, .repeat)]))
                == ["F went on repeating after its release"])
        #expect(KeyboardCases.repeating.expect(Self.evidence([Self.key(EvdevCode.f, .press), Self.key(EvdevCode.f, .release)]))
                == ["F held for 1.2 s did not repeat (repeat_info rate 0, or a delay over 1.2 s)"])
    }

    @Test func aPointerThatNeverCameBackFailsCapabilities() {
        let capabilities = { (pointer: Bool) in InputEvent.seatCapabilities(seat: "seat0", pointer: pointer,
                                                                            keyboard: true, touch: false) }
        #expect(SeatCases.capabilities.expect(Self.evidence([capabilities(true), capabilities(false)]))
                == ["no wl_seat.capabilities with the pointer after it was added again"])
        #expect(SeatCases.capabilities.expect(Self.evidence([capabilities(true)]))
                == ["no wl_seat.capabilities without the pointer after it was removed"])
    }

    @Test func twoFingersGroupedByTheBackEndMustArriveInOneFrame() {
        func touch(_ changes: [(Int32, TouchChange.Kind, Double)]) -> InputEvent {
            .touch(TouchInputFrame(seat: "seat0", changes: changes.map {
                TouchChange(id: $0.0, kind: $0.1, x: 100, y: $0.2, time: 9)
            }))
        }
        let lines = [Line(begin: Point(x: 100, y: 250), end: Point(x: 400, y: 250)),
                     Line(begin: Point(x: 100, y: 330), end: Point(x: 400, y: 330))]
        let split = [touch([(1, .down, 250)]), touch([(2, .down, 330)]), touch([(1, .up, 250), (2, .up, 330)])]
        var evidence = Self.evidence(split, after: lines)
        #expect(TouchCases.twoFingersOneFrame.expect(evidence) == [])
        evidence.touchChangesGrouped = true
        #expect(TouchCases.twoFingersOneFrame.expect(evidence)
                == ["the two downs sent in one frame arrived in separate wl_touch.frame groups"])
    }
}
