import JSONLine

/// `touchtracker check`: what the compositor did in a recording, as rows of
/// pass, warn or fail with one line of evidence each. docs/compositors.md
/// ("What `check` reports") gives each row's protocol rule and where it was seen.
///
/// A row fails when the compositor broke the protocol in a way that loses
/// or corrupts input for clients; it warns when the compositor did
/// something the protocol allows that clients often get wrong, or left out
/// something optional that clients can use; "not seen" when the recording
/// holds nothing the row is about.
package struct CompositorReport {
    package enum Result: String, Equatable {
        case pass, warn, fail
        case notSeen = "not seen"
    }

    package enum RowID: String, CaseIterable {
        case frameAfterUp = "frame-after-up"
        case downUpOneFrame = "down-up-one-frame"
        case cancel = "cancel"
        case idReuse = "id-reuse"
        case outsideSurface = "outside-surface"
        case timestamps = "timestamps"
        case shapeOrientation = "shape-orientation"
        case pointer = "pointer"
        case capabilities = "capabilities"
        case tablet = "tablet"
        case presentation = "presentation"

        package var title: String {
            switch self {
            case .frameAfterUp: "a frame after every up"
            case .downUpOneFrame: "down and up in one frame"
            case .cancel: "cancel on a grab"
            case .idReuse: "touch ids reused"
            case .outsideSurface: "outside the surface in a drag"
            case .timestamps: "timestamps"
            case .shapeOrientation: "shape and orientation"
            case .pointer: "pointer frame, axis source, value120"
            case .capabilities: "seat capabilities at run time"
            case .tablet: "tablet proximity and frames"
            case .presentation: "presentation: input → on screen"
            }
        }
    }

    package struct Row: Equatable {
        package var id: RowID
        package var result: Result
        package var evidence: String
    }

    package var rows: [Row]
    /// What the recording is, for the table's first line.
    package var subject: String

    package var failed: Bool { rows.contains { $0.result == .fail } }

    package func row(_ id: RowID) -> Row { rows.first { $0.id == id }! }

    package init(_ recording: Recording, name: String) {
        let seats = recording.seats.map { "\(Excerpt.of($0.name)) v\($0.version)" }.joined(separator: ", ")
        subject = "\(name): recorded by touchtracker \(Excerpt.of(recording.appVersion))"
            + (seats.isEmpty ? "" : ", seats \(seats)")
            + Self.protocolsText(recording.protocolsOffered)
            + (recording.isComplete ? "" : " (no end line: the session did not end cleanly)")
        var analysis = Analysis(recording)
        analysis.run()
        rows = RowID.allCases.map { analysis.row($0) }
    }

    // MARK: Output

    /// The table for a terminal: the recording's strings in the subject and
    /// the evidence have their control characters escaped, as `json` does,
    /// so a hostile recording's escape sequences never reach the terminal.
    package var text: String {
        let width = RowID.allCases.map(\.title.count).max()!
        var lines = [Excerpt.escapingControls(subject), ""]
        lines.append("ROW".padded(to: width) + "  RESULT    EVIDENCE")
        for row in rows {
            lines.append(row.id.title.padded(to: width) + "  " + row.result.rawValue.padded(to: 8) + "  "
                         + Excerpt.escapingControls(row.evidence))
        }
        let failures = rows.filter { $0.result == .fail }.count
        lines.append("")
        lines.append(failures == 0 ? "no row failed" : "\(failures) row\(failures == 1 ? "" : "s") failed")
        return lines.joined(separator: "\n")
    }

    package var json: String {
        var object = JSONObject()
        object.add("recording", .string(subject))
        object.add("rows", .array(rows.map { row in
            var entry = JSONObject()
            entry.add("row", .string(row.id.rawValue))
            entry.add("title", .string(row.id.title))
            entry.add("result", .string(row.result.rawValue))
            entry.add("evidence", .string(row.evidence))
            return .object(entry)
        }))
        object.add("failed", .bool(failed))
        return object.line
    }
}

private extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
