/// Number formatting without Foundation: a few significant digits, enough
/// to compare figures by eye.
enum Format {
    /// `value` with three significant digits (no exponent), e.g. 0.0412,
    /// 3.57, 41.2, 1234, 1234567.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let magnitude = abs(value)
        let decimals: Int
        switch magnitude {
        case 100...: decimals = 0
        case 10...: decimals = 1
        case 1...: decimals = 2
        case 0.1...: decimals = 3
        case 0.01...: decimals = 4
        default: decimals = magnitude == 0 ? 0 : 5
        }
        return fixed(value, decimals: decimals)
    }

    /// `value` rounded to `decimals` places.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled)
        let integer = whole / Int(scale), fraction = whole % Int(scale)
        var text = (value < 0 && whole != 0 ? "-" : "") + String(integer)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// A count with thousands separated by commas: 1,000,000.
    static func count(_ value: Int) -> String {
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }

    /// Seconds as milliseconds or microseconds, whichever reads better.
    static func duration(_ seconds: Double) -> String {
        seconds >= 1e-3 ? "\(number(seconds * 1e3)) ms" : "\(number(seconds * 1e6)) µs"
    }
}
