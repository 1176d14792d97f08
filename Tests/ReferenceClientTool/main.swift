// touchtracker-reference-client: the fastest a client can show input on a
// compositor, measured beside the app in the same session (issue 40). A
// white window that commits a frame for every input event, with no pacing,
// and writes, per event, its time → when that frame was presented; at the
// end (SIGTERM, SIGINT or the compositor closing the window) the median and
// p99 input → on screen, read as `touchtracker check` reads the app's
// recordings. Tests/RealCompositors/smoke.sh runs it with the app's 100 Hz drag.
import CPlatform
import CWaylandClient
import ReferenceClient
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: touchtracker-reference-client [--output FILE]
      Opens a white window on the compositor of WAYLAND_DISPLAY that commits a frame
      for every touch, pointer-drag and pen event at once, with wp_presentation
      feedback asked for each. Writes a line per event once its frame is presented
      ("event KIND input MS ms presented S s clock C on screen after L ms") to FILE
      (default: standard output), and on SIGTERM or SIGINT the summary
      ("reference: input → on screen median X ms, p99 Y ms over N frames (...)")
      there and to standard output.
    """

/// Writes `text` whole to the descriptor `fd` (stdio's streams are C
/// globals Swift 6 will not share).
func writeWhole(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

func fail(_ message: String, status: Int32) -> Never {
    writeWhole("touchtracker-reference-client: \(message)\n", to: STDERR_FILENO)
    exit(status)
}

/// Parses the arguments, runs the client until a signal or the window's
/// close, and writes the summary.
func run() -> Never {
    var outputPath: String?
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--output":
            guard let path = arguments.popFirst() else { fail("--output needs a file\n\(usage)", status: 2) }
            outputPath = path
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            fail("unknown argument '\(argument)'\n\(usage)", status: 2)
        }
    }

    var output = STDOUT_FILENO
    if let outputPath {
        output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { fail("cannot write \(outputPath): \(String(cString: strerror(errno)))", status: 1) }
    }
    let writeLine = { [output] (line: String) in writeWhole(line + "\n", to: output) }

    // Before the connection: the signals wait in the descriptor the loop polls,
    // so the summary is written however the run is ended.
    let signals = tt_termination_signalfd()
    guard signals >= 0 else { fail("signalfd failed: \(String(cString: strerror(errno)))", status: 1) }
    guard let display = wl_display_connect(nil) else { fail("\(ReferenceClientError.noCompositor)", status: 1) }
    let client = ReferenceClient(display: display, write: writeLine)
    do {
        var signalled = false
        while !signalled && !client.closeRequested {
            signalled = try client.pump(timeout: -1, other: signals)
        }
    } catch {
        fail("\(error)", status: 1)
    }
    let summary = client.latencies.summary(presentation: client.offersPresentation)
    writeLine(summary)
    if outputPath != nil { print(summary) }
    // A window that never showed has measured nothing: the caller must know.
    exit(client.isMapped ? 0 : 1)
}

run()
