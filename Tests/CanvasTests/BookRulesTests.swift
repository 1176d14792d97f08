@testable import Canvas
import Testing
import TestSupport
import TouchCore

/// The Book setting (issue 41): the canvas with the TouchTracker chapter's
/// values (`CanvasRules.book`) beside the app's own (`standard`).
@Suite struct BookRulesTests {
    private func harness(_ rules: CanvasRules, lines: [Line] = [line(100, 100, 300, 100)]) -> CanvasHarness {
        let h = CanvasHarness(lines: lines)
        h.canvas.rules = rules
        return h
    }

    @Test func theRecognizersTakeTheChaptersValuesUnderBookAndTheAppsOtherwise() {
        let h = harness(.book)
        let canvas = h.canvas
        #expect(canvas.longPressRecognizer.minimumPressDuration == 0.6)
        #expect(canvas.longPressRecognizer.cancelsTouchesInView)
        #expect(canvas.tapRecognizer.delaysTouchesBegan && canvas.doubleTapRecognizer.delaysTouchesBegan)
        canvas.rules = .standard
        #expect(canvas.longPressRecognizer.minimumPressDuration == 0.5)
        #expect(!canvas.longPressRecognizer.cancelsTouchesInView)
        #expect(!canvas.tapRecognizer.delaysTouchesBegan && !canvas.doubleTapRecognizer.delaysTouchesBegan)
        #expect(CanvasView(frame: .zero).rules == .standard, "the app's values unless asked")
    }

    /// 0.55 s: past the app's 0.5 s, short of the chapter's 0.6 s.
    @Test func aHoldOfFiftyFiveHundredthsPicksALineUpOnlyWithoutBook() {
        let standard = harness(.standard)
        standard.send(standard.down(1, 200, 105))
        standard.advance(by: 0.54)  // with the send's 0.01: 0.55 s held
        #expect(standard.drawing.selectedLineID != nil)

        let book = harness(.book)
        book.send(book.down(1, 200, 105))
        book.advance(by: 0.54)
        #expect(book.drawing.selectedLineID == nil, "the chapter's long press waits 0.6 s")
        book.advance(by: 0.06)
        #expect(book.drawing.selectedLineID != nil)
    }

    /// The chapter's taps delay `touchesBegan`: no dot shows while they
    /// decide; once the finger moves too far for a tap, its line shows,
    /// from where the finger is then (the withheld `touchesBegan` reads
    /// the touch as it is when it goes, as UIKit's does).
    @Test func underBookAFingersLineShowsOnlyOnceTheTapsGiveUp() {
        let standard = harness(.standard, lines: [])
        standard.send(standard.down(1, 50, 250))
        #expect(standard.drawing.linesInProgress.count == 1, "ink first")

        let book = harness(.book, lines: [])
        book.send(book.down(1, 50, 250))
        #expect(book.drawing.linesInProgress.isEmpty, "held while the taps decide")
        for x in stride(from: 70.0, through: 250, by: 20) { book.send(book.move(1, x, 250)) }
        #expect(book.drawing.linesInProgress.values.first == line(70, 250, 250, 250),
                "the first move is beyond the taps' allowable movement")
        book.send(book.up(1))
        #expect(book.drawing.lines == [line(70, 250, 250, 250)])
    }

    /// The chapter's long press cancels its touches in the view: a finger
    /// held still on empty paper loses its line, where the app's keeps
    /// drawing (`aFingerHeldStillOnEmptyPaperKeepsDrawingWhenItMovesOn`).
    @Test func underBookAFingerHeldStillLosesItsLine() {
        let h = harness(.book)
        h.send(h.down(1, 50, 250))
        h.advance(by: 0.8)
        for x in stride(from: 60.0, through: 250, by: 10) { h.send(h.move(1, x, 250)) }
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(100, 100, 300, 100)], "nothing drawn")
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test func theSelectedLineIsGreenUnderBookAndRingedInTheAccentOtherwise() {
        for (rules, colors) in [(CanvasRules.book, [CanvasRules.bookSelectionColor]),
                                (CanvasRules.standard, [CanvasView.selectionColor, CanvasView.paperColor,
                                                        PaletteColor.black.color])] {
            let h = harness(rules)
            h.tap(200, 100)
            #expect(h.drawing.selectedLineID != nil)
            let context = RecordingDrawingContext()
            h.canvas.draw(h.canvas.bounds, in: context)
            let strokes = context.operations.compactMap { operation -> Color? in
                if case .stroke(_, let color) = operation { return color } else { return nil }
            }
            #expect(strokes == colors, "\(rules.selection)")
        }
    }
}
