import Canvas
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes a drawing as SVG straight to an export file, line by line, in
/// bounded memory: Cairo's SVG surface keeps the whole document in memory
/// until it is finished (1.5 GB for 1,000,000 lines), and SVG needs nothing
/// Cairo adds. The output has the shape of Cairo's (one `<path>` per line,
/// the same style and path data), so readers of either see the same.
///
/// A freehand line is one `<path>` too: of one width (a finger's, the
/// mouse's), the polyline through its points stroked with round caps and
/// joins, as a straight line is; of varying width, its capsules (see
/// `CapsuleOutline`) filled, as on screen. Its path data goes to the file a
/// chunk at a time, so even the longest line takes no more memory.
struct SVGWriter {
    /// Bytes gathered before each write to the file.
    static let chunkSize = 64 << 10

    private let file: ExportFile
    private var buffer: [UInt8] = []

    init(file: ExportFile) {
        self.file = file
        buffer.reserveCapacity(Self.chunkSize + 256)
    }

    /// Writes the page (`page` points, white) with the lines `forEachLine`
    /// hands over (false from its argument stops it, and it then returns
    /// false), placed by (point − `origin`) × `fit`; false when a write
    /// failed (the file has the errno) or the lines stopped.
    static func write(_ forEachLine: ((Line) -> Bool) -> Bool, page: Size, origin: Point, fit: Double,
                      to file: ExportFile) -> Bool {
        var writer = SVGWriter(file: file)
        let width = number(page.width), height = number(page.height)
        writer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)pt" height="\(height)pt" \
            viewBox="0 0 \(width) \(height)" version="1.1">
            <rect x="0" y="0" width="\(width)" height="\(height)" style="fill:rgb(100%,100%,100%);fill-opacity:1;stroke:none;"/>

            """)
        // The lines keep their canvas coordinates; one transform places them on the page.
        writer.append("<g transform=\"matrix(\(number(fit)),0,0,\(number(fit)),"
                      + "\(number(-origin.x * fit)),\(number(-origin.y * fit)))\">\n")
        let complete = forEachLine { line in
            if line.isFreehand { return writer.appendFreehand(line) }
            let x1 = number(line.begin.x), y1 = number(line.begin.y)
            let x2 = number(line.end.x), y2 = number(line.end.y)
            writer.append("<path \(strokeAttributes(line, width: line.width)) d=\"M \(x1) \(y1) L \(x2) \(y2) \"/>\n")
            return writer.buffer.count < chunkSize || writer.flush()
        }
        guard complete else { return false }
        writer.append("</g>\n</svg>\n")
        return writer.flush()
    }

    /// A stroked line's style, with its colour and width as the `stroke`
    /// and `stroke-width` attributes (what an editor shows and changes).
    private static func strokeAttributes(_ line: Line, width: Double) -> String {
        "style=\"fill:none;stroke-linecap:round;stroke-linejoin:round;stroke-opacity:1;stroke-miterlimit:10;\" "
            + "stroke=\"\(line.style.color.hex)\" stroke-width=\"\(number(width))\""
    }

    /// Writes one freehand line; false when a write failed.
    private mutating func appendFreehand(_ line: Line) -> Bool {
        let pieces = line.segmentCount
        if line.hasUniformWidth, line.freehandPointCount > 1, let points = line.freehandPoints {
            let width = CanvasMetrics.freehandWidth(pressure: points[0].pressure, fullWidth: line.width)
            append("<path \(Self.strokeAttributes(line, width: width)) d=\"")
            for (index, point) in points.enumerated() {
                append("\(index == 0 ? "M" : "L") \(Self.number(point.x)) \(Self.number(point.y)) ")
                if buffer.count >= Self.chunkSize, !flush() { return false }
            }
        } else {
            append("<path style=\"fill-opacity:1;fill-rule:nonzero;stroke:none;\" fill=\"\(line.style.color.hex)\" d=\"")
            for index in 0..<pieces {
                appendOutline(CapsuleOutline(line.capsule(index)))
                if buffer.count >= Self.chunkSize, !flush() { return false }
            }
        }
        append("\"/>\n")
        return buffer.count < Self.chunkSize || flush()
    }

    /// One capsule as a closed sub-path: the arcs of `CapsuleOutline`,
    /// swept in the direction of growing angles (SVG's sweep flag 1). The
    /// arcs' ends are rounded to thousandths of a point: far below what
    /// shows, and a third of the seventeen digits their sines would take.
    private mutating func appendOutline(_ outline: CapsuleOutline) {
        func point(_ center: Point, _ radius: Double, _ angle: Double) -> String {
            let x = ((center.x + radius * cos(angle)) * 1000).rounded() / 1000
            let y = ((center.y + radius * sin(angle)) * 1000).rounded() / 1000
            return "\(Self.number(x)) \(Self.number(y))"
        }
        // Radii likewise (SVG widens an arc whose radius is a hair short of its ends).
        func radius(_ value: Double) -> String { Self.number((value * 1000).rounded() / 1000) }
        switch outline.shape {
        case .disc(let center, let r0):
            let r = radius(r0)
            append("M \(point(center, r0, 0)) A \(r) \(r) 0 1 1 \(point(center, r0, Double.pi)) "
                   + "A \(r) \(r) 0 1 1 \(point(center, r0, 0)) Z ")
        case .hull(let begin, let r0, let end, let r1, let angle, let spread):
            let endArcIsLarge = 2 * spread > Double.pi ? 1 : 0
            let beginArcIsLarge = 2 * Double.pi - 2 * spread > Double.pi ? 1 : 0
            let a0 = radius(r0), a1 = radius(r1)
            append("M \(point(end, r1, angle - spread)) "
                   + "A \(a1) \(a1) 0 \(endArcIsLarge) 1 \(point(end, r1, angle + spread)) "
                   + "L \(point(begin, r0, angle + spread)) "
                   + "A \(a0) \(a0) 0 \(beginArcIsLarge) 1 \(point(begin, r0, angle - spread)) Z ")
        }
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func flush() -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer.withUnsafeBytes { file.write($0.baseAddress!, count: $0.count) }
    }

    /// A number as SVG reads it: whole numbers without a point, others in
    /// the shortest form that reads back exactly, never with an exponent
    /// (Cairo's SVG has none). Any Double prints: a coordinate far beyond
    /// the file's limits (a replayed touch) must not stop the export.
    static func number(_ value: Double) -> String {
        // Not a number SVG has; never written, as lines are finite.
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        let negative = value < 0
        guard exponent >= 0 else {
            // Tiny values (1e-07): nine decimals, trailing zeros dropped.
            let whole = Int((abs(value) * 1e9).rounded())
            var fraction = String(whole % 1_000_000_000)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            let sign = negative && whole != 0 ? "-" : ""
            return sign + String(whole / 1_000_000_000) + (fraction.isEmpty ? "" : "." + fraction)
        }
        // Large values (1.5e+20): the mantissa's digits with the point moved.
        let digits = Array(text[..<e].filter(\.isNumber))
        let pointAt = exponent + 1
        let integer = digits.count > pointAt ? String(digits[..<pointAt])
            : String(digits) + String(repeating: "0", count: pointAt - digits.count)
        let fraction = digits.count > pointAt ? "." + String(digits[pointAt...]) : ""
        return (negative ? "-" : "") + integer + fraction
    }
}
