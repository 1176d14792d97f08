@testable import Export
import Testing

/// `SVGWriter.number` prints every Double as SVG reads it, without an
/// exponent and without trapping: a replayed coordinate of 1e20 stopped
/// the export with "Double value cannot be converted to Int".
@Suite struct SVGNumberTests {
    @Test func ordinaryNumbersPrintAsBefore() {
        #expect(SVGWriter.number(40) == "40")
        #expect(SVGWriter.number(-12.5) == "-12.5")
        #expect(SVGWriter.number(1e-7) == "0.0000001")
        #expect(SVGWriter.number(-1e-12) == "0")
    }

    @Test func largeNumbersPrintTheirDigits() {
        #expect(SVGWriter.number(1e20) == "100000000000000000000")
        #expect(SVGWriter.number(-1.25e17) == "-125000000000000000")
        #expect(SVGWriter.number(1e15 + 0.5) == "1000000000000000.5")
        #expect(SVGWriter.number(1e308) == "1" + String(repeating: "0", count: 308))
        #expect(SVGWriter.number(-Double.greatestFiniteMagnitude).count == 310)
    }

    @Test func whatIsNoNumberPrintsAsZero() {
        #expect(SVGWriter.number(.infinity) == "0")
        #expect(SVGWriter.number(.nan) == "0")
    }
}
