import Canvas
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes a drawing as a one-page PDF straight to an export file, line by
/// line, in bounded memory. Cairo's PDF surface records the whole page and
/// writes it out only when the page ends (1.08 GB for 1,000,000 lines, ten
/// times the memory of 100,000), and offers no way to stream a page's
/// content; a page of strokes and fills needs few of PDF's operators, so the
/// content stream is written here as the lines come.
///
/// The file is PDF 1.4, uncompressed: a catalog, one page whose size is the
/// page in points, its content stream, and the stream's length as an object
/// of its own written after it (the length is known only then), then the
/// cross-reference table of the objects' byte offsets. The content draws as
/// the screen does: white paper, each straight line stroked in its colour
/// and width with round caps and joins (the colour and width set only when
/// they change from the line before), each freehand line as `SVGWriter` writes it
/// (its polyline stroked when it is of one width, else its capsules filled
/// as one path, non-zero winding; arcs as Bézier curves).
struct PDFWriter {
    /// Bytes gathered before each write to the file.
    static let chunkSize = 64 << 10

    private let file: ExportFile
    private var buffer: [UInt8] = []
    /// Bytes written to the file so far (the buffer not included).
    private var written = 0
    /// Where each object begins, by number (from 1).
    private var offsets: [Int] = []
    /// The colour and width the content stream strokes and fills with now.
    private var style = StrokeStyle.standard

    private init(file: ExportFile) {
        self.file = file
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Writes the page (`page` points, white) with the lines `forEachLine`
    /// hands over (false from its argument stops it, and it then returns
    /// false), placed by (point − `origin`) × `fit`; false when a write
    /// failed (the file has the errno) or the lines stopped.
    static func write(_ forEachLine: ((Line) -> Bool) -> Bool, page: Size, origin: Point, fit: Double,
                      to file: ExportFile) -> Bool {
        var writer = PDFWriter(file: file)
        let width = number(page.width), height = number(page.height)
        // The second line's bytes above 127 tell transfer programs the file is binary.
        writer.append("%PDF-1.4\n%")
        writer.buffer += [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        writer.beginObject(1)
        writer.append("<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        writer.beginObject(2)
        writer.append("<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
        writer.beginObject(3)
        writer.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R "
                      + "/Resources << >> >>\nendobj\n")
        writer.beginObject(4)
        writer.append("<< /Length 5 0 R >>\nstream\n")
        let streamStart = writer.position
        // White paper; then y grows downwards from the top, as on the canvas,
        // and the lines keep their canvas coordinates.
        writer.append("1 1 1 rg 0 0 \(width) \(height) re f\n")
        writer.append("1 0 0 -1 0 \(height) cm\n")
        writer.append("\(number(fit)) 0 0 \(number(fit)) \(number(-origin.x * fit)) \(number(-origin.y * fit)) cm\n")
        writer.append("0 0 0 RG 0 0 0 rg 1 J 1 j 10 M \(number(StrokeStyle.standard.width.points)) w\n")
        let complete = forEachLine { line in
            writer.setStyle(line.style)
            if line.isFreehand {
                writer.appendFreehand(line)
            } else {
                writer.append("\(number(line.begin.x)) \(number(line.begin.y)) m "
                              + "\(number(line.end.x)) \(number(line.end.y)) l S\n")
            }
            return writer.buffer.count < chunkSize || writer.flush()
        }
        guard complete else { return false }
        let streamLength = writer.position - streamStart
        writer.append("endstream\nendobj\n")
        writer.beginObject(5)
        writer.append("\(streamLength)\nendobj\n")
        let table = writer.position
        writer.append("xref\n0 \(writer.offsets.count + 1)\n0000000000 65535 f \n")
        for offset in writer.offsets {
            let digits = String(offset)
            writer.append(String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n")
        }
        writer.append("trailer\n<< /Size \(writer.offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n")
        return writer.flush()
    }

    /// Sets the stroke and fill colour and the line width to `new`'s, when
    /// they are not so already.
    private mutating func setStyle(_ new: StrokeStyle) {
        guard new != style else { return }
        if new.color != style.color {
            let color = new.color.color
            let rgb = [color.red, color.green, color.blue].map { Self.number(($0 * 1000).rounded() / 1000) }
                .joined(separator: " ")
            append("\(rgb) RG \(rgb) rg\n")
        }
        if new.width != style.width { append("\(Self.number(new.width.points)) w\n") }
        style = new
    }

    /// One freehand line: its polyline stroked, at its width, when it is of
    /// one width; else its capsules, filled as one path.
    private mutating func appendFreehand(_ line: Line) {
        if line.hasUniformWidth, line.freehandPointCount > 1, let points = line.freehandPoints {
            let width = CanvasMetrics.freehandWidth(pressure: points[0].pressure, fullWidth: line.width)
            append("q \(Self.number(width)) w\n")
            for (index, point) in points.enumerated() {
                append("\(Self.number(point.x)) \(Self.number(point.y)) \(index == 0 ? "m" : "l")\n")
                if buffer.count >= Self.chunkSize, !flush() { return }
            }
            append("S Q\n")
        } else {
            for index in 0..<line.segmentCount {
                appendOutline(CapsuleOutline(line.capsule(index)))
                if buffer.count >= Self.chunkSize, !flush() { return }
            }
            append("f\n")
        }
    }

    /// One capsule as a closed sub-path, its arcs swept in the direction of
    /// growing angles, as `CapsuleOutline.add(to:)` gives them to Cairo.
    private mutating func appendOutline(_ outline: CapsuleOutline) {
        switch outline.shape {
        case .disc(let center, let radius):
            appendArc(center, radius, from: 0, to: 2 * Double.pi, startsPath: true)
        case .hull(let begin, let r0, let end, let r1, let angle, let spread):
            appendArc(end, r1, from: angle - spread, to: angle + spread, startsPath: true)
            appendArc(begin, r0, from: angle + spread, to: angle - spread + 2 * Double.pi, startsPath: false)
        }
        append("h\n")
    }

    /// An arc as Bézier curves of at most a quarter turn each (the usual
    /// approximation, off by less than 0.03 % of the radius), from `start`
    /// to `end` (radians, `end` ≥ `start`).
    private mutating func appendArc(_ center: Point, _ radius: Double, from start: Double, to end: Double,
                                    startsPath: Bool) {
        func point(_ angle: Double) -> (Double, Double) {
            (center.x + radius * cos(angle), center.y + radius * sin(angle))
        }
        func coordinates(_ x: Double, _ y: Double) -> String {
            "\(Self.number((x * 1000).rounded() / 1000)) \(Self.number((y * 1000).rounded() / 1000))"
        }
        let (x0, y0) = point(start)
        append("\(coordinates(x0, y0)) \(startsPath ? "m" : "l")\n")
        let pieces = max(1, Int((abs(end - start) / (Double.pi / 2)).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        for piece in 0..<pieces {
            let a0 = start + Double(piece) * step, a1 = a0 + step
            let (px, py) = point(a0), (qx, qy) = point(a1)
            let c1 = (px - handle * sin(a0), py + handle * cos(a0))
            let c2 = (qx + handle * sin(a1), qy - handle * cos(a1))
            append("\(coordinates(c1.0, c1.1)) \(coordinates(c2.0, c2.1)) \(coordinates(qx, qy)) c\n")
        }
    }

    /// Bytes of the file so far, the buffer included.
    private var position: Int { written + buffer.count }

    private mutating func beginObject(_ number: Int) {
        precondition(number == offsets.count + 1, "objects are written in order")
        offsets.append(position)
        append("\(number) 0 obj\n")
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func flush() -> Bool {
        defer {
            written += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        return buffer.withUnsafeBytes { file.write($0.baseAddress!, count: $0.count) }
    }

    /// A number as PDF reads it (never an exponent): as in SVG.
    static func number(_ value: Double) -> String {
        SVGWriter.number(value)
    }
}
