import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Figure 5b: instructions per routed touch change in a warmed-up steady
/// state, counted by callgrind. Unlike a time, the count is the same on
/// every machine; unlike a count of a whole run, it leaves out the one-time
/// costs that grow with the binary (`RoutingBenchmark.routeWarmedUp`), so
/// builds of different commits compare.
///
/// This machine's kernel offers no hardware instruction counter to a
/// process (`perf_event_open` of `PERF_COUNT_HW_INSTRUCTIONS` fails with
/// ENOENT: no PMU in the virtual machine), so the benchmark runs itself
/// under callgrind (`--only routing-steady-state`), collecting only inside
/// `RoutingBenchmark.routeSteadyState`, and reads the total callgrind writes.
/// By hand, the same count is (docs/performance.md):
///
///     objcopy --strip-debug .build/release/touchtracker-bench /tmp/bench
///     SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
///         --toggle-collect='$s18touchtracker_bench16RoutingBenchmarkO16routeSteadyState*' \
///         /tmp/bench --only routing-steady-state
enum RoutingInstructionCount {
    /// The `--only` name of the workload run under callgrind.
    static let workloadName = "routing-steady-state"
    /// The function callgrind collects inside (its mangled name: the
    /// module, the enum, the function; what follows is its signature).
    static let countedFunction = "$s18touchtracker_bench16RoutingBenchmarkO16routeSteadyState*"
    /// What the workload prints before the number of changes it counted.
    static let changesLabel = "changes counted: "
    /// Cycles of the gesture script routed before counting (one is enough
    /// to meet every recognizer type, timer and buffer) and while counting.
    static let warmUpCycles = 2
    static let countedCycles = 10

    /// The workload: warm up, route the counted cycles, print their changes.
    static func runWorkload() {
        let changes = RoutingBenchmark.routeWarmedUp(warmUpCycles: warmUpCycles, countedCycles: countedCycles)
        print("\(changesLabel)\(changes)")
    }

    /// The budget in instructions per change: 7,411, what main measured
    /// after issue 21 restructured the core, which issue 35's new homes
    /// must not exceed (7,235 after it). Counts of a release build of this
    /// toolchain; a debug build counts about 19 times more.
    static let budget = 7_411.0

    static func run(verdict: Figure.Verdict) -> Figure {
        let name = "core routing: instructions per touch change, warmed up (callgrind)"
        func unavailable(_ reason: String) -> Figure {
            Figure(name: name, value: .nan, unit: "instructions", budget: .atMost(budget),
                   verdict: .unavailable(reason, missed: verdict == .enforced))
        }
        guard let valgrind = ChildProcess.find("valgrind"), let objcopy = ChildProcess.find("objcopy") else {
            return unavailable("valgrind or objcopy is not installed (scripts/setup-debian test installs them)")
        }
        do {
            let directory = try TemporaryDirectory(prefix: "touchtracker-bench-callgrind")
            let counts = directory.path + "/callgrind.out"
            let log = directory.path + "/log"
            // Valgrind 3.19 gives up on the DWARF 5 debug information Swift
            // 6.3 writes; a copy without it keeps the symbols callgrind needs.
            let stripped = directory.path + "/touchtracker-bench"
            let strip = try ChildProcess(objcopy, ["--strip-debug", ownPath, stripped], environment: [:], logPath: log)
            while strip.isRunning { usleep(20_000) }
            guard access(stripped, X_OK) == 0 else {
                return unavailable("objcopy could not copy the benchmark: \(strip.logTail)")
            }
            let child = try ChildProcess(valgrind, [
                "--tool=callgrind", "--toggle-collect=\(countedFunction)", "--callgrind-out-file=\(counts)",
                stripped, "--only", workloadName,
            ], environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], logPath: log)
            while child.isRunning { usleep(20_000) }
            guard let changes = number(after: changesLabel, in: log), changes > 0 else {
                return unavailable("the workload under callgrind printed no count: \(child.logTail)")
            }
            guard let instructions = number(after: "totals: ", in: counts), instructions > 0 else {
                return unavailable("callgrind counted nothing inside \(countedFunction)")
            }
            return Figure(name: name, value: Double(instructions) / Double(changes), unit: "instructions",
                          budget: .atMost(budget), verdict: verdict, details: [
                              "\(Format.count(instructions)) instructions for \(Format.count(changes)) changes "
                                  + "after \(warmUpCycles) cycles of warm-up (SWIFT_DETERMINISTIC_HASHING=1)",
                          ])
        } catch {
            return unavailable("\(error)")
        }
    }

    /// This executable, to run again under callgrind.
    private static var ownPath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(cString: buffer) : CommandLine.arguments[0]
    }

    /// The integer after the first line of file `path` starting with `label`.
    private static func number(after label: String, in path: String) -> Int? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(cString: buffer)
            guard line.hasPrefix(label) else { continue }
            return Int(line.dropFirst(label.count).prefix { $0.isNumber })
        }
        return nil
    }
}
