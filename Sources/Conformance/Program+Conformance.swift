import Document
import Platform
import TouchTrackerApp
import WaylandClient

extension Program {
    /// `touchtracker conformance`: the app's window on a scratch drawing,
    /// the cases driven through the first input-emulation interface the
    /// compositor offers, their results as TAP (streamed), JSON or JUnit.
    /// Fails when a case fails; a case that cannot run here is skipped.
    public static func conformance(_ options: ConformanceOptions) -> ExitStatus {
        if options.drive { return drive() }
        let known = Set(ConformanceSuite.cases.map(\.id))
        if let unknown = options.only?.first(where: { !known.contains($0) }) {
            printError("touchtracker: conformance has no case '\(unknown)' (see conformance --list)")
            return .usage
        }
        let cases = ConformanceSuite.cases(only: options.only)
        if options.list {
            let width = cases.map(\.id.count).max() ?? 0
            for testCase in cases {
                print(testCase.id + String(repeating: " ", count: width - testCase.id.count) + "  " + testCase.rule)
            }
            return .success
        }
        let scratch: String
        do {
            scratch = try FileSystem.makeTemporaryDirectory(prefix: "touchtracker-conformance")
        } catch {
            printError("touchtracker: cannot create a scratch directory in /tmp: \(error)")
            return .failure
        }
        defer {
            for name in ["drawing.json", "drawing.json.journal", "drawing.json.lock"] {
                try? FileSystem.remove(scratch + "/" + name)
            }
            try? FileSystem.removeDirectory(scratch)
        }
        let session: Session
        let compositor: String
        var opening: DocumentOpening?
        do {
            let opened = try Document.beginOpening(at: scratch + "/drawing.json")
            opening = opened
            let display = try Display.connect()
            compositor = CompositorIdentity.of(socket: display.fileDescriptor)?.description ?? "unknown"
            session = try Session(display: display, configuration: Session.Configuration(
                drawing: .opening(opened), clock: SystemClock(), report: { printError("touchtracker: \($0)") }))
        } catch {
            opening?.abandon()
            return failed(error)
        }
        let (backend, notOffered) = EmulationBackends.open(environment: environment())
        let input = backend?.name ?? "none (" + notOffered.joined(separator: "; ") + ")"
        let streams = !options.json
        if streams {
            ConformanceReport.tapHeader(caseCount: cases.count, compositor: compositor, backend: input).forEach { print($0) }
            // Why each interface tried before the one used was not (libei
            // missing on Debian 12, say): what a reader compares runs by.
            if backend != nil { notOffered.forEach { print("# not offered: \($0)") } }
        }
        var results: [CaseResult] = []
        var runError: Error?
        if let backend {
            let runner = ConformanceRunner(session: session, backend: backend)
            do {
                try runner.awaitWindow()
                for testCase in cases {
                    let result = runner.run(testCase)
                    results.append(result)
                    if streams { ConformanceReport.tapLines(result, number: results.count).forEach { print($0) } }
                    // A signal ends the run; the case let go of what it held.
                    if runner.stopRequested { throw ConformanceRunner.Stopped() }
                }
            } catch {
                runError = error
            }
            runner.close()
            backend.close()
        }
        // Cases that did not run: no interface, or the run stopped.
        let reason = backend == nil ? "the compositor offers no input emulation this command drives: " + input
            : "the run stopped: \(runError.map { "\($0)" } ?? "")"
        for testCase in cases.dropFirst(results.count) {
            let result = CaseResult(id: testCase.id, rule: testCase.rule,
                                    outcome: backend == nil ? .skipped(reason: reason) : .failed([reason]),
                                    rows: [], seconds: 0)
            results.append(result)
            if streams { ConformanceReport.tapLines(result, number: results.count).forEach { print($0) } }
        }
        session.quit()
        let report = ConformanceReport(backend: input, compositor: compositor, results: results)
        print(options.json ? report.json : report.summary)
        if let junit = options.junit {
            do {
                try AtomicReplacement.replace(junit, with: Array(report.junit.utf8), permissions: 0o644)
            } catch {
                printError("touchtracker: cannot write the JUnit report to \(junit): \(error)")
                return .failure
            }
        }
        return report.failed > 0 ? .failure : .success
    }
}
