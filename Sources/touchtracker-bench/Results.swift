#if canImport(Glibc)
import Glibc
#endif

/// Prints figures as they are measured and decides the exit status.
struct Results {
    let quick: Bool
    private var figures: [Figure] = []

    init(quick: Bool) {
        self.quick = quick
        print("touchtracker-bench\(quick ? " --quick" : "")")
    }

    mutating func add(_ figure: Figure) {
        add([figure])
    }

    mutating func add(_ new: [Figure]) {
        for figure in new {
            print(figure.line)
            for detail in figure.details { print("    # \(detail)") }
            figures.append(figure)
        }
        fflush(nil)  // every stream: keep the order when piped
    }

    /// Prints the summary; returns the exit status: 1 when a budget is
    /// missed or a figure could not be measured.
    func finish() -> Int32 {
        let missed = figures.filter { !$0.passes }
        guard missed.isEmpty else {
            print("MISSED: \(missed.map(\.name).joined(separator: "; "))")
            return 1
        }
        print(quick ? "quick run: every benchmark executed" : "every budget met")
        return 0
    }
}
