import CCairo
import Decorations
@testable import Render
import Testing
import TouchCore

@Suite struct TitleBarPainterTests {
    /// A 400 × 32 bar with 32-point buttons at its right end, as the app lays it out.
    private func bar(title: String = "TouchTracker", active: Bool = true, maximized: Bool = false,
                     pressed: TitleBarAppearance.Button? = nil) -> TitleBarAppearance {
        TitleBarAppearance(
            frame: Rect(x: 0, y: 0, width: 400, height: 32), title: title, isActive: active,
            isMaximized: maximized,
            buttons: [.init(.minimize, frame: Rect(x: 304, y: 0, width: 32, height: 32)),
                      .init(.maximize, frame: Rect(x: 336, y: 0, width: 32, height: 32)),
                      .init(.close, frame: Rect(x: 368, y: 0, width: 32, height: 32))],
            pressedButton: pressed)
    }

    /// Paints `bar` over a 400 × 100 point buffer filled with the sentinel.
    private func painted(_ bar: TitleBarAppearance, scale: Double = 1, damage: [Rect]? = nil) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Int(400 * scale), height: Int(100 * scale), scale: scale)
        image.fill(Pixel.sentinel.value)
        let rects = (damage ?? [Rect(x: 0, y: 0, width: 400, height: 100)]).compactMap {
            image.buffer.pixelRect(covering: $0.intersection(bar.frame))
        }
        image.buffer.drawClipped(to: rects) { cairo in
            cairo_scale(cairo, scale, scale)
            TitleBarPainter.draw(bar, in: CairoDrawingContext(cairo: cairo))
        }
        return image
    }

    private func isClose(_ pixel: Pixel, to colour: Color) -> Bool {
        func channel(_ value: Double) -> Int { Int((value * 255).rounded()) }
        return abs(pixel.red - channel(colour.red)) <= 1 && abs(pixel.green - channel(colour.green)) <= 1
            && abs(pixel.blue - channel(colour.blue)) <= 1 && pixel.alpha == 255
    }

    /// Pixels of `image` in the rectangle (buffer pixels) brighter than `level` in every channel.
    private func brightPixels(_ image: OwnedPixelBuffer, x: Range<Int>, y: Range<Int>, level: Int = 0xB0) -> Int {
        var count = 0
        for row in y {
            for column in x {
                let pixel = image.buffer.at(column, row)
                if pixel.red > level && pixel.green > level && pixel.blue > level { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func theBarFillsItsFrameAndNothingElse(scale: Double) {
        let image = painted(bar(), scale: scale)
        let height = Int(32 * scale)
        #expect(isClose(image.buffer.at(2, 2), to: TitleBarPainter.activeBackground))
        #expect(isClose(image.buffer.at(Int(399 * scale), height - 1), to: TitleBarPainter.activeBackground))
        #expect(image.buffer.at(2, height) == .sentinel)
        #expect(image.buffer.at(Int(200 * scale), Int(60 * scale)) == .sentinel)
    }

    @Test func theActiveAndTheInactiveBarDiffer() {
        #expect(TitleBarPainter.activeBackground != TitleBarPainter.inactiveBackground)
        let inactive = painted(bar(active: false))
        #expect(isClose(inactive.buffer.at(2, 2), to: TitleBarPainter.inactiveBackground))
        // The inactive title is dimmer: no pixel of it is near white.
        #expect(brightPixels(inactive, x: 100..<300, y: 0..<32, level: 0xE0) == 0)
        #expect(brightPixels(painted(bar()), x: 100..<300, y: 0..<32, level: 0xE0) > 20)
    }

    @Test func theTitleIsCentred() {
        let image = painted(bar())
        let left = brightPixels(image, x: 100..<200, y: 0..<32)
        let right = brightPixels(image, x: 200..<300, y: 0..<32)
        #expect(left > 20 && right > 20)
        #expect(abs(left - right) < max(left, right) / 3)
        #expect(brightPixels(image, x: 0..<100, y: 0..<32) == 0)
        #expect(brightPixels(painted(bar(title: "")), x: 0..<300, y: 0..<32) == 0)
    }

    @Test func aLongTitleStopsBeforeTheButtons() {
        let image = painted(bar(title: String(repeating: "A very long window title ", count: 8)))
        #expect(brightPixels(image, x: 12..<280, y: 0..<32) > 100)
        #expect(brightPixels(image, x: 292..<304, y: 0..<32) == 0)
    }

    @Test func buttonsShowTheirGlyphs() {
        let image = painted(bar())
        let background = TitleBarPainter.activeBackground
        // Close: the two strokes cross at the centre.
        #expect(brightPixels(image, x: 383..<385, y: 15..<17) > 0)
        // Maximize: a hollow square.
        #expect(isClose(image.buffer.at(352, 16), to: background))
        #expect(brightPixels(image, x: 346..<348, y: 14..<18) > 0)
        // Minimize: a bar along the bottom of the glyph, nothing at the centre.
        #expect(isClose(image.buffer.at(320, 16), to: background))
        #expect(brightPixels(image, x: 318..<322, y: 19..<21) > 0)
    }

    @Test func aMaximizedWindowShowsRestore() {
        let normal = painted(bar())
        let maximized = painted(bar(maximized: true))
        #expect(!maximized.buffer.samePixels(as: normal.buffer))
        // The front window's top edge sits lower than the square's.
        #expect(brightPixels(maximized, x: 345..<349, y: 13..<15) > 0)
        #expect(brightPixels(maximized, x: 345..<349, y: 10..<12) == 0)
    }

    @Test func aPressedButtonIsHighlighted() {
        let closePressed = painted(bar(pressed: .close))
        // Inside the circle, away from the cross.
        let pixel = closePressed.buffer.at(384, 8)
        #expect(isClose(pixel, to: TitleBarPainter.pressedCloseFill))
        let maximizePressed = painted(bar(pressed: .maximize))
        let lighter = maximizePressed.buffer.at(352, 16)
        #expect(lighter.red > Int(TitleBarPainter.activeBackground.red * 255) + 20)
        #expect(isClose(maximizePressed.buffer.at(384, 8), to: TitleBarPainter.activeBackground))
    }

    @Test func onlyTheDamageIsPainted() {
        let image = painted(bar(), damage: [Rect(x: 0, y: 0, width: 50, height: 10)])
        #expect(isClose(image.buffer.at(10, 5), to: TitleBarPainter.activeBackground))
        #expect(image.buffer.at(60, 5) == .sentinel)
        #expect(image.buffer.at(10, 20) == .sentinel)
        let untouched = painted(bar(), damage: [Rect(x: 0, y: 40, width: 400, height: 60)])
        #expect(untouched.buffer.at(10, 5) == .sentinel)
    }
}
