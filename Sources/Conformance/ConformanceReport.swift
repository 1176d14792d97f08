import JSONLine
import TouchTrackerApp

/// The results of a conformance run in the three forms the command
/// prints: TAP (streamed as the cases end), one JSON object, JUnit XML.
struct ConformanceReport {
    /// What drove the input ("wlroots virtual pointer and keyboard"), or
    /// why nothing could.
    var backend: String
    /// The compositor the run talked to ("weston (weston 10.0.1-1)"), or
    /// "unknown" where the system does not say (see `CompositorIdentity`).
    var compositor: String
    var results: [CaseResult]

    var passed: Int { results.count { $0.outcome == .passed } }
    var failed: Int { results.count { if case .failed = $0.outcome { true } else { false } } }
    var skipped: Int { results.count { if case .skipped = $0.outcome { true } else { false } } }

    // MARK: TAP

    /// The lines before the first result: the version, the plan, the
    /// compositor, what drives the input.
    static func tapHeader(caseCount: Int, compositor: String, backend: String) -> [String] {
        ["TAP version 13", "1..\(caseCount)",
         "# touchtracker \(Version.string) conformance; compositor: \(compositor); input: \(backend)"]
    }

    /// The lines of the `number`th result: `ok`/`not ok`, the id and the
    /// rule, `# SKIP` with its reason, each failure as a diagnostic line.
    static func tapLines(_ result: CaseResult, number: Int) -> [String] {
        let title = "\(result.id): \(result.rule)"
        switch result.outcome {
        case .passed:
            return ["ok \(number) - \(title)"]
        case .skipped(let reason):
            return ["ok \(number) - \(title) # SKIP \(reason)"]
        case .failed(let failures):
            return ["not ok \(number) - \(title)"] + failures.map { "#   \($0)" }
        }
    }

    /// The last line, for readers that do not parse TAP.
    var summary: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? " (\(skipped) skipped)" : "")
    }

    var tap: String {
        (Self.tapHeader(caseCount: results.count, compositor: compositor, backend: backend)
         + results.enumerated().flatMap { Self.tapLines($0.element, number: $0.offset + 1) }
         + [summary]).joined(separator: "\n")
    }

    // MARK: JSON

    var json: String {
        var object = JSONObject()
        object.add("suite", .string("touchtracker conformance"))
        object.add("version", .string(Version.string))
        object.add("compositor", .string(compositor))
        object.add("input", .string(backend))
        object.add("cases", .array(results.map { result in
            var entry = JSONObject()
            entry.add("id", .string(result.id))
            entry.add("rule", .string(result.rule))
            switch result.outcome {
            case .passed:
                entry.add("result", .string("pass"))
            case .failed(let failures):
                entry.add("result", .string("fail"))
                entry.add("failures", .array(failures.map { .string($0) }))
            case .skipped(let reason):
                entry.add("result", .string("skip"))
                entry.add("reason", .string(reason))
            }
            entry.add("rows", .array(result.rows.map { row in
                var rowObject = JSONObject()
                rowObject.add("row", .string(row.id.rawValue))
                rowObject.add("result", .string(row.result.rawValue))
                rowObject.add("evidence", .string(row.evidence))
                return .object(rowObject)
            }))
            entry.add("seconds", .number((result.seconds * 1000).rounded() / 1000))
            return .object(entry)
        }))
        object.add("passed", .number(Double(passed)))
        object.add("failed", .number(Double(failed)))
        object.add("skipped", .number(Double(skipped)))
        return object.line
    }

    // MARK: JUnit

    /// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it
    /// (Tests/Conformance/junit.xsd is the schema it is checked against):
    /// one test suite, a test case per case, `failure` and `skipped`
    /// elements, the rule and the `check` rows as the case's output.
    var junit: String {
        let time = Self.seconds(results.reduce(0) { $0 + $1.seconds })
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="touchtracker conformance" tests="\#(results.count)" failures="\#(failed)" "#
                + #"errors="0" skipped="\#(skipped)" time="\#(time)">"#,
            #"  <testsuite name="touchtracker conformance" tests="\#(results.count)" failures="\#(failed)" "#
                + #"errors="0" skipped="\#(skipped)" time="\#(time)">"#,
            "    <properties>",
            #"      <property name="version" value="\#(Self.escaped(Version.string))"/>"#,
            #"      <property name="compositor" value="\#(Self.escaped(compositor))"/>"#,
            #"      <property name="input" value="\#(Self.escaped(backend))"/>"#,
            "    </properties>",
        ]
        for result in results {
            lines.append(#"    <testcase classname="conformance" name="\#(Self.escaped(result.id))" "#
                         + #"time="\#(Self.seconds(result.seconds))">"#)
            switch result.outcome {
            case .passed:
                break
            case .failed(let failures):
                lines.append(#"      <failure message="\#(Self.escaped(failures.first ?? "failed"))" type="conformance">"#
                             + Self.escaped(failures.joined(separator: "\n")) + "</failure>")
            case .skipped(let reason):
                lines.append(#"      <skipped message="\#(Self.escaped(reason))"/>"#)
            }
            let rows = result.rows.map { "\($0.id.rawValue): \($0.result.rawValue), \($0.evidence)" }
            lines.append("      <system-out>" + Self.escaped(([result.rule] + rows).joined(separator: "\n"))
                         + "</system-out>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        JSONValue.number((value * 1000).rounded() / 1000).text
    }

    /// `text` with XML's special characters as references, and the control
    /// characters XML 1.0 cannot carry at all dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
