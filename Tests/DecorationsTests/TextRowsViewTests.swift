@testable import Decorations
import Testing
import TouchCore

/// The dialogs' rows lay every text out whole: wrapped to its box, a key
/// in a box of its own however narrow the column, rows grown to hold them.
@Suite struct TextRowsViewTests {
    let measurer = FixedWidthTextMeasurer(characterWidth: 8, lineHeight: 17)

    private func rows(width: Double) -> TextRowsView {
        TextRowsView(sections: [.init(heading: "Moving Around", rows: [
            .init("Ctrl+plus, Ctrl+minus", detail: "Zoom in, zoom out"),
            .init("Wheel, Shift+wheel", detail: "Move up and down, sideways"),
            .init("A sentence long enough to need more than one line in a narrow column", style: .centred),
        ])], columnWidth: 350, maximumSize: Size(width: width, height: 600), measurer: measurer)
    }

    @Test(arguments: [350.0, 200, 120])
    func everyTextFitsItsBoxAndNoneOverlap(width: Double) {
        let view = rows(width: width)
        #expect(view.bounds.width <= width)
        #expect(view.placedTexts.count == 6, "the heading, two keys, what they do, the sentence")
        for placed in view.placedTexts {
            let size = measurer.size(of: placed.text, font: placed.font, wrappedTo: placed.box.width)
            #expect(size.width <= placed.box.width && size.height <= placed.box.height, "“\(placed.text)” in \(placed.box)")
            #expect(placed.box.minX >= 0 && placed.box.maxX <= view.bounds.width)
            for other in view.placedTexts where other != placed {
                #expect(!other.box.intersects(placed.box), "“\(placed.text)” overlaps “\(other.text)”")
            }
        }
    }

    @Test func aNarrowColumnWrapsTheKeyInItsOwnBoxAndTheRowGrows() {
        let view = rows(width: 200)
        let key = view.placedTexts.first { $0.text == "Ctrl+plus, Ctrl+minus" }!
        #expect(key.box.width <= 200 * TextRowsView.keyShare)
        #expect(key.box.height >= 2 * 17, "the key wraps onto two lines")
        #expect(key.box.maxX == view.bounds.width, "on the right, as GNOME's shortcuts window has it")
        #expect(view.bounds.height > TextRowsView.headingHeight + 3 * TextRowsView.rowHeight, "the rows grew")
    }

    @Test func theFixedWidthMeasurerWrapsBetweenWordsAndBreaksAWordWiderThanTheLine() {
        #expect(measurer.size(of: "one two three", font: .system, wrappedTo: 64) == Size(width: 56, height: 34))
        #expect(measurer.size(of: "abcdefghij", font: .system, wrappedTo: 32) == Size(width: 32, height: 51))
        #expect(measurer.size(of: "one two", font: .system, wrappedTo: .infinity) == Size(width: 56, height: 17))
    }
}
