import CCairo
import Canvas
import TouchCore
import Platform

extension LineLayer {
    /// One tile: the visible pixels `rect` of the layer, plus the margin.
    final class Tile {
        /// How far the tile's pixels are from showing every line.
        enum Progress {
            case complete
            /// To be rendered from scratch; shows paper (or older pixels).
            case waiting
            /// Rendering: `lines` to stroke, in drawing order, from `next` on.
            case rendering(lines: [LineID], next: Int)
        }

        var progress = Progress.complete
        var isComplete: Bool {
            if case .complete = progress { true } else { false }
        }
        /// The value every visible pixel holds, when a look at them found
        /// them all alike in a colour that a line of the same colour leaves
        /// exactly as it is (see `LineLayer.unchangedPixelValue(of:)`); nil: not known.
        private var uniformPixel: UInt32?
        /// Lines stroked from scratch since the pixels were last looked at.
        private var strokesSinceLook = 0
        /// Lines left out because they could not change the pixels.
        private(set) var strokesLeftOut = 0
        let rect: PixelRect
        /// The area of the drawing whose lines can paint on the tile's
        /// visible pixels.
        let reach: Rect
        let surface: OpaquePointer
        let cairo: OpaquePointer
        let margin: Int

        init(rect: PixelRect, margin: Int, scale: Double, viewport: CanvasViewport) {
            self.rect = rect
            self.margin = margin
            reach = viewport.drawingRect(fromView: rect.logical(scale: scale))
                .insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width + 2 * margin),
                                                 Int32(rect.height + 2 * margin))
            precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "out of memory for the line cache")
            cairo = cairo_create(surface)
            cairo_translate(cairo, Double(margin - rect.x), Double(margin - rect.y))
            cairo_scale(cairo, scale, scale)
            CanvasRenderer.apply(viewport.transform, to: cairo)
            LineStyle.configure(cairo)
            paintBackground()
        }

        func paintBackground() {
            uniformPixel = nil
            strokesSinceLook = 0
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            LineStyle.background.set(on: cairo)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }

        /// Strokes the lines still to stroke, until `deadline` once
        /// `strokes` (counted across the frame's tiles) has reached
        /// `LineLayer.minimumStrokesPerFrame` (nil: all of them). Returns
        /// whether the tile is complete.
        func proceed(_ drawing: Drawing, excluding excluded: Set<LineID>, until deadline: Double?,
                     strokes: inout Int) -> Bool {
            if case .waiting = progress {
                paintBackground()
                progress = .rendering(lines: drawing.lines(intersecting: reach).filter { !excluded.contains($0) },
                                      next: 0)
            }
            guard case .rendering(let lines, var next) = progress else { return true }
            while next < lines.count {
                if let line = drawing[lines[next]] { strokeFromScratch(line) }
                next += 1
                strokes += 1
                // The clock is read every few lines: a stroke costs microseconds.
                if let deadline, strokes >= LineLayer.minimumStrokesPerFrame, strokes % 16 == 0,
                   Time.monotonicSeconds() >= deadline { break }
            }
            progress = next < lines.count ? .rendering(lines: lines, next: next) : .complete
            return next >= lines.count
        }

        /// Strokes `line` on the tile: a freehand line by the pieces that
        /// reach the tile's visible pixels, however it got here (a full
        /// render or an appended line), so the pixels never differ.
        func stroke(_ line: Line) {
            uniformPixel = nil
            LineStyle.stroke(line, LineStyle.color(of: line), on: cairo, within: [reach])
        }

        /// Strokes `line` while the tile is rendered from scratch, unless it
        /// cannot change a visible pixel: every one of them already holds
        /// its colour, opaque with each channel 0 or 255, which Cairo's
        /// compositing (`d × (255 − a) / 255 + c × a / 255`, exactly rounded)
        /// leaves as it is whatever the line's coverage. A million lines
        /// on one screen bury each tile under ink long before its last line
        /// (`LineLayerTests` checks the pixels are those of every stroke).
        func strokeFromScratch(_ line: Line) {
            if let uniformPixel, uniformPixel == LineLayer.unchangedPixelValue(of: LineStyle.color(of: line)) {
                strokesLeftOut += 1
                return
            }
            stroke(line)
            strokesSinceLook += 1
            if strokesSinceLook >= LineLayer.strokesBetweenLooks {
                strokesSinceLook = 0
                uniformPixel = uniformVisiblePixel()
            }
        }

        /// The value all the visible pixels hold, if they are alike and
        /// of a colour `LineLayer.unchangedPixelValue(of:)` allows; nil otherwise.
        private func uniformVisiblePixel() -> UInt32? {
            cairo_surface_flush(surface)
            let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let first = (data + margin * stride + 4 * margin).load(as: UInt32.self)
            let red = first >> 16 & 0xFF, green = first >> 8 & 0xFF, blue = first & 0xFF
            guard first >> 24 == 0xFF, [red, green, blue].allSatisfy({ $0 == 0 || $0 == 0xFF }) else { return nil }
            for row in margin..<(margin + rect.height) {
                let pixels = (data + row * stride + 4 * margin).assumingMemoryBound(to: UInt32.self)
                for column in 0..<rect.width where pixels[column] != first { return nil }
            }
            return first
        }

        deinit {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }


        /// Copies the visible pixels in `area` (layer pixels) to `buffer`.
        func copy(_ area: PixelRect, to buffer: PixelBuffer) -> Int {
            let left = max(area.x, rect.x), right = min(area.x + area.width, rect.x + rect.width)
            let top = max(area.y, rect.y), bottom = min(area.y + area.height, rect.y + rect.height)
            guard left < right && top < bottom else { return 0 }
            cairo_surface_flush(surface)
            let source = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
            let stride = Int(cairo_image_surface_get_stride(surface))
            for row in top..<bottom {
                (buffer.data + row * buffer.stride + 4 * left).copyMemory(
                    from: source + (row - rect.y + margin) * stride + 4 * (left - rect.x + margin),
                    byteCount: 4 * (right - left))
            }
            return (right - left) * (bottom - top)
        }
    }
}
