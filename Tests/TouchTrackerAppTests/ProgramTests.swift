import Canvas
import Document
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `touchtracker` command as a user runs it: the built executable in a
/// subprocess with a controlled environment, its exit status, its output and
/// the files it writes.
@Suite struct ProgramTests {
    /// What one run of the command did.
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable SwiftPM built next to this test bundle.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(count > 0, "cannot read /proc/self/exe")
        let bundle = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return bundle[..<bundle.lastIndex(of: "/")!] + "/touchtracker"
    }

    /// Runs the command with exactly `environment`, its output captured
    /// through files (no pipe to fill up). `launcher` comes before the
    /// command (e.g. `setpriv` to run it as another user). A run that takes
    /// longer than `timeout` seconds is killed and fails the test: a hang
    /// must not hang the suite.
    static func run(_ arguments: [String], environment: [String: String], in directory: String,
                    launcher: [String] = [], timeout: Double = 30) throws -> Run {
        let command = executablePath
        try #require(access(command, X_OK) == 0, "the touchtracker executable is built at \(command)")
        let executable = launcher.first ?? command
        let outputPath = directory + "/stdout.txt", errorPath = directory + "/stderr.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = (launcher + [command] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var waited = 0.0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { break }
            if waited > timeout {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                Issue.record("touchtracker \(arguments) still ran after \(timeout) s and was killed")
                break
            }
            usleep(10_000)
            waited += 0.01
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let exited = status & 0x7f == 0
        try #require(exited, "touchtracker died of signal \(status & 0x7f)")
        return Run(status: (status >> 8) & 0xff,
                   standardOutput: text(AppHarness.read(outputPath)),
                   standardError: text(AppHarness.read(errorPath)))
    }

    private static func text(_ bytes: [UInt8]?) -> String {
        String(decoding: bytes ?? [], as: UTF8.self)
    }

    /// A temporary directory with a drawing of two lines in it.
    final class Workspace {
        private let temporary: TemporaryDirectory
        var directory: String { temporary.path }
        var drawing: String { directory + "/drawing.json" }
        static let lines = [line(50, 100, 300, 100), line(50, 200, 300, 250)]

        init() throws {
            temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
            try Document.save(Self.lines, to: drawing)
        }

        var environment: [String: String] {
            ["HOME": directory, "XDG_RUNTIME_DIR": directory, "PATH": "/usr/bin:/bin"]
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:],
                 launcher: [String] = [], timeout: Double = 30) throws -> Run {
            try ProgramTests.run(arguments, environment: environment.merging(extra) { $1 }, in: directory,
                                 launcher: launcher, timeout: timeout)
        }

        func read(_ name: String) -> [UInt8] {
            AppHarness.read(directory + "/" + name) ?? []
        }
    }

    // MARK: --export

    @Test func exportToPNGWritesAnImageFittedToTheLines() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.png"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "exported 2 lines to \(workspace.directory)/out.png\n")
        #expect(result.standardError.isEmpty)
        let png = workspace.read("out.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "PNG signature")
        #expect(Array(png.dropFirst(12).prefix(4)) == Array("IHDR".utf8))
        func bigEndian(at offset: Int) -> Int {
            png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        // Lines from (50, 94) to (306, 256) once painted 5 pt wide each side
        // (+1 antialiasing), plus the 20 pt margin: 302 × 202.
        #expect(bigEndian(at: 16) == 302)
        #expect(bigEndian(at: 20) == 202)
    }

    @Test func exportToSVGContainsTheLines() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.svg"])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = String(decoding: workspace.read("out.svg"), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg"))
        #expect(svg.contains(#"d="M 50 100 L 300 100 ""#))
        #expect(svg.contains(#"d="M 50 200 L 300 250 ""#))
        #expect(svg.contains("stroke-linecap:round"))
    }

    @Test func exportToPDFWritesAPDF() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.PDF"])
        #expect(result.status == 0, "\(result.standardError)")
        let pdf = workspace.read("out.PDF")
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: pdf.suffix(8), as: UTF8.self).contains("%%EOF"))
    }

    @Test func exportReadsTheDefaultDrawingInTheXDGDataDirectory() throws {
        let workspace = try Workspace()
        let data = workspace.directory + "/data"
        try Document.save([line(10, 10, 60, 10)], to: data + "/touchtracker/drawing.json")
        let result = try workspace.run(["--export", workspace.directory + "/out.svg"],
                                       environment: ["XDG_DATA_HOME": data])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("exported 1 line to "))
        #expect(String(decoding: workspace.read("out.svg"), as: UTF8.self).contains(#"d="M 10 10 L 60 10 ""#))
    }

    @Test func exportOfACorruptDrawingFailsWithAClearMessage() throws {
        let workspace = try Workspace()
        let corrupt = Array(#"{"format":"touchtracker","version":1,"lines":[[1,2,3"#.utf8)
        try AppHarness.write(corrupt, to: workspace.drawing)
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.png"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.standardError)")
        #expect(result.standardError.hasPrefix("touchtracker: \(workspace.drawing): not a readable drawing"))
        #expect(workspace.read("out.png").isEmpty, "no export written")
        #expect(workspace.read("drawing.json") == corrupt, "the drawing is left as it was")
    }

    // MARK: No compositor

    @Test func withoutACompositorTheCommandFailsWithOneLineNamingWaylandDisplay() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["--file", workspace.drawing],
                                       environment: ["WAYLAND_DISPLAY": "no-such-compositor"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line: \(result.standardError)")
        #expect(result.standardError.hasPrefix("touchtracker: "))
        #expect(result.standardError.contains("WAYLAND_DISPLAY=no-such-compositor"))
        #expect(try Document.load(from: workspace.drawing) == Workspace.lines, "the drawing is untouched")
    }

    @Test func withoutARuntimeDirectoryTheMessageSaysSo() throws {
        let workspace = try Workspace()
        var environment = workspace.environment
        environment["XDG_RUNTIME_DIR"] = nil
        let result = try ProgramTests.run(["--file", workspace.drawing], environment: environment,
                                          in: workspace.directory)
        #expect(result.status == 1)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("WAYLAND_DISPLAY is not set"))
        #expect(result.standardError.contains("XDG_RUNTIME_DIR is not set"))
    }

    // MARK: Options

    @Test func unknownOptionsFailWithStatusTwo() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.standardError == "touchtracker: unknown option '--frobnicate' (see --help)\n")
    }

    @Test func helpAndVersionNeedNoCompositor() throws {
        let workspace = try Workspace()
        let help = try workspace.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("Usage: touchtracker [options]"))
        #expect(help.standardOutput.contains("--export OUT"))
        let version = try workspace.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("touchtracker "))
    }
}
