/// One measured figure and the budget it must meet, printed as
/// `NAME: VALUE UNIT (budget OP LIMIT) ok` (or `MISSED`).
struct Figure {
    /// A limit the value must stay within.
    struct Budget {
        enum Comparison {
            case atMost
            case atLeast

            var symbol: String {
                switch self {
                case .atMost: return "≤"
                case .atLeast: return "≥"
                }
            }
        }

        let comparison: Comparison
        let limit: Double

        static func atMost(_ limit: Double) -> Budget { Budget(comparison: .atMost, limit: limit) }
        static func atLeast(_ limit: Double) -> Budget { Budget(comparison: .atLeast, limit: limit) }

        func isMet(by value: Double) -> Bool {
            switch comparison {
            case .atMost: return value <= limit
            case .atLeast: return value >= limit
            }
        }
    }

    /// How a figure's verdict counts.
    enum Verdict: Equatable {
        /// The budget is checked and decides the exit status.
        case enforced
        /// A quick run: the budget is shown but a timing from a few
        /// iterations (often of a debug build) proves nothing.
        case quickRun
        /// The figure has no budget; it is only reported.
        case reportOnly
        /// The figure could not be measured: the reason, and whether that
        /// counts as a miss (it does not when a quick run lacks weston).
        case unavailable(String, missed: Bool)
    }

    /// A figure whose measurement failed (an error from the app or the
    /// platform): it counts as missed.
    static func failed(_ name: String, _ error: Error) -> Figure {
        Figure(name: name, value: .nan, unit: "", budget: nil, verdict: .unavailable("\(error)", missed: true))
    }

    let name: String
    let value: Double
    let unit: String
    let budget: Budget?
    var verdict: Verdict
    /// Supporting numbers (percentiles, sample counts, what was measured),
    /// printed on indented lines after the figure.
    var details: [String] = []

    /// False when the figure counts and misses its budget, or could not be
    /// measured in a full run.
    var passes: Bool {
        switch verdict {
        case .enforced: return budget.map { $0.isMet(by: value) } ?? true
        case .quickRun, .reportOnly: return true
        case .unavailable(_, let missed): return !missed
        }
    }

    var line: String {
        let measured = "\(name): \(Format.number(value)) \(unit)"
        let limit = budget.map { "(budget \($0.comparison.symbol) \(Format.number($0.limit)) \(unit))" }
        switch verdict {
        case .enforced:
            return "\(measured) \(limit ?? "(report only)") \(passes ? "ok" : "MISSED")"
        case .quickRun:
            return "\(measured) \(limit ?? "(report only)") quick run"
        case .reportOnly:
            return "\(measured) (report only)"
        case .unavailable(let reason, let missed):
            return "\(name): not measured (\(reason))\(missed ? " MISSED" : "")"
        }
    }
}
