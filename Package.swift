// swift-tools-version:6.0
// TouchTracker for Wayland. Layers, with dependencies pointing one way:
//   touchtracker (executable) → TouchTrackerApp (wiring)
//   touchtracker → Conformance (`touchtracker conformance`) → TouchTrackerApp
//   TouchTrackerApp → Scene, Instruments, WaylandClient, WaylandInput, Export, Inspector, Render, Sound, Document, Canvas, Decorations, Playground
//   Scene (what a session and a replay both run) → WaylandClient, WaylandInput, Export, Inspector, Render, Document, Canvas, Decorations, Playground
//   Export (PNG, SVG, PDF files) → Render, Document
//   Inspector → Render, InspectorModel
//   Render → Canvas → TouchCore → Timing
//   Playground → InspectorModel → TouchCore, Presentation; Decorations → TouchCore
//   Document (the drawing's files) → Canvas, Platform
//   Instruments (--log-input, --record, check) → WaylandInput, InspectorModel, Document, Decorations
//   WaylandClient → WaylandInput, Presentation (frame presentations, the latch predictor), Timing and the C libraries
//   WaylandInput (the input values and their assemblers) → nothing
//   Sound → libcanberra
//   Document, Render, Export, WaylandClient, Instruments, Scene, TouchTrackerApp, Sound → Platform (POSIX calls) → Timing
// The core (TouchCore, Canvas, Decorations, Playground, InspectorModel, Presentation, Timing) depends on no C
// target and builds with the Swift toolchain alone; libm's functions reach it through one
// file, TouchCore/Geometry/ElementaryFunctions.swift, and libc's strtod (a drawing's
// numbers) through JSONLine/JSONReader.swift. The real clock is Platform's
// `SystemClock`, handed in by the wiring.
// Nothing of the test fixtures (the test compositor and its C glue, test
// protocols, TestSupport) nor BenchmarkWorkloads goes into the touchtracker
// executable. The fixtures the benchmarks share with the tests live under
// Sources/ all the same: no target under Sources/ depends on one under Tests/.
import PackageDescription

let package = Package(
    name: "TouchTracker",
    products: [
        .executable(name: "touchtracker", targets: ["touchtracker"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", pkgConfig: "wayland-cursor",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CCanberra", pkgConfig: "libcanberra",
                       providers: [.apt(["libcanberra-dev"])]),
        .systemLibrary(name: "CSystemdBus", pkgConfig: "libsystemd",
                       providers: [.apt(["libsystemd-dev"])]),
        // Glue of the protocols the app speaks, generated from protocols/*.xml
        // by protocols/generate.sh.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        // Glue of the input-emulation protocols (protocols/conformance/) that
        // only `touchtracker conformance` speaks: its code alone calls them.
        .target(name: "CConformanceProtocols", dependencies: ["CWaylandClient"]),
        // Linux calls Swift's Glibc module does not expose.
        .target(name: "CPlatform"),
        // The POSIX calls the app makes, in Swift (swift-system's manner):
        // retried on EINTR, failures thrown as `Errno`.
        .target(name: "Platform", dependencies: ["CPlatform", "Timing"]),

        // Pure Swift. Its timer queue is on the per-touch path (taps and
        // long presses schedule, cancel and fire timers): release builds
        // skip its run-time exclusivity checks too, as TouchCore's.
        .target(name: "Timing",
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // Pure Swift: what became of each committed frame (wp_presentation's
        // answers as plain values), the pacing label each frame carried, and
        // the latch predictor that learns the compositor's repaint cadence.
        .target(name: "Presentation"),
        // The one JSON reader (streaming, and the trees of short lines built on
        // it) and the writer of one object per line, fields in order: drawings,
        // recordings, --log-input and --trace.
        .target(name: "JSONLine"),
        // Release builds skip the run-time exclusivity checks in TouchCore's
        // per-touch path (see docs/performance.md); debug builds, and so every
        // test run, keep them.
        .target(name: "TouchCore", dependencies: ["Timing"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        .target(name: "Canvas", dependencies: ["TouchCore", "Timing"]),
        // The drawing's files: load, atomic save, journal, lock, emergency copy.
        .target(name: "Document", dependencies: ["Canvas", "TouchCore", "Platform", "JSONLine"]),
        // Client-side decorations: the title bar view, its appearance, its edges.
        .target(name: "Decorations", dependencies: ["TouchCore", "Timing"]),
        // The inspector's model: what it shows (latency, presentation, the
        // input charts, the recognizers' timeline), pure Swift like the core.
        .target(name: "InspectorModel", dependencies: ["TouchCore", "Presentation"]),
        // The gesture playground: the book's gesture demos as pages of views.
        .target(name: "Playground", dependencies: ["InspectorModel", "TouchCore", "Timing"]),

        // Platform layers.
        // What the Wayland layer hands up, without the C (NIOCore to
        // WaylandClient's NIOPosix): the input values, the assemblers that
        // make them consistent, the modern globals' names. Instruments
        // (`replay`, `check`) reads and writes them and links no libwayland.
        .target(name: "WaylandInput"),
        .target(name: "WaylandClient",
                dependencies: ["WaylandInput", "CWaylandClient", "CWaylandCursor", "CXKBCommon",
                               "CWaylandProtocols", "Platform", "Presentation", "Timing"]),
        .target(name: "Render", dependencies: ["CCairo", "Canvas", "TouchCore", "Platform"]),
        // The inspector: its model painted on Cairo, laid out over the canvas,
        // and the overlay that feeds it and asks for its repaints.
        .target(name: "Inspector", dependencies: ["CCairo", "Render", "InspectorModel", "TouchCore", "Presentation", "Timing"]),
        // PNG, SVG and PDF files of a drawing: the lines in Render's style,
        // read from a saved file a line at a time for `--export`.
        .target(name: "Export", dependencies: ["CCairo", "Render", "Document", "Canvas", "TouchCore", "Platform"]),
        // Event sounds through libcanberra, and where the shipped ones are.
        .target(name: "Sound", dependencies: ["CCanberra", "Platform"]),
        // The recording and check instrument: `--log-input`'s lines, `--record`'s
        // recordings (format, file, reading), and `check`'s report on them,
        // in text, JSON and HTML. Replay runs the scene, so it stays in
        // TouchTrackerApp.
        .target(name: "Instruments",
                dependencies: ["WaylandInput", "InspectorModel", "Document", "Canvas", "Decorations", "TouchCore",
                               "Presentation", "Timing", "Platform", "JSONLine"]),
        // The app without its compositor: the core's window with the canvas,
        // the header bar and its menus and dialogs, the controllers, the
        // banner and toasts, and the input values turned into touches and
        // keys on the way. A session shows it in a Wayland window, `replay`
        // feeds it a recording; it imports no C module.
        .target(name: "Scene",
                dependencies: ["WaylandClient", "WaylandInput", "Render", "Inspector", "Export", "Document", "Canvas", "Decorations", "Playground",
                               "TouchCore", "Timing", "Platform", "JSONLine"]),
        .target(name: "TouchTrackerApp",
                dependencies: ["Scene", "Instruments", "WaylandClient", "WaylandInput", "Render", "Inspector", "InspectorModel", "Export", "Sound", "Document", "Canvas",
                               "Decorations", "Playground", "TouchCore",
                               "Timing", "Platform", "JSONLine", "DBus"]),
        // `touchtracker conformance`: the app's window driven through the
        // compositor's input emulation, each case judged on what the app
        // received and showed. A second Wayland client beside the app's, so
        // the C modules it speaks are its own; it drives a Session, so it
        // sits above TouchTrackerApp and the executable hands it in.
        .target(name: "Conformance",
                dependencies: ["TouchTrackerApp", "Instruments", "InputEmulation", "WaylandClient", "WaylandInput", "Decorations", "Document", "Canvas", "TouchCore",
                               "Platform", "JSONLine", "DBus", "CWaylandClient", "CConformanceProtocols", "CXKBCommon", "CLibEI"]),
        // A D-Bus client over sd-bus: method calls, properties, a signal awaited.
        .target(name: "DBus", dependencies: ["CSystemdBus"]),
        // The compositors' own input-emulation interfaces that `touchtracker
        // conformance` drives (mutter's RemoteDesktop over D-Bus, KWin's
        // fake input, EIS through libei); only that command uses them.
        .target(name: "InputEmulation", dependencies: ["DBus", "CWaylandClient", "CWaylandProtocols", "CConformanceProtocols", "CLibEI"]),
        // libei's calls, reached through libei.so.1 loaded at run time
        // (dlopen, in glibc itself since 2.34): the build never needs libei,
        // which Debian 12 lacks.
        .target(name: "CLibEI"),
        .executableTarget(name: "touchtracker", dependencies: ["TouchTrackerApp", "Conformance", "Platform"]),
        // Benchmarks against the budgets of issue 8 (`swift run -c release touchtracker-bench`),
        // and the workloads they time, which tests check too.
        .target(name: "BenchmarkWorkloads", dependencies: ["Render", "Canvas", "TouchCore", "SampleDrawings", "Timing"]),
        // Reproducible random drawings (a seeded SplitMix64) for benchmarks and randomized tests.
        .target(name: "SampleDrawings", dependencies: ["Canvas", "TouchCore"]),
        .executableTarget(name: "touchtracker-bench",
                          dependencies: ["touchtracker", "TouchTrackerApp", "Instruments", "WaylandClient", "Render", "Export", "Document", "Canvas",
                                         "TouchCore", "Presentation", "Timing", "Platform", "TestCompositor", "CPlatform",
                                         "BenchmarkWorkloads", "SampleDrawings", "TestSupport"]),

        // Fixtures the tests and touchtracker-bench share: a scripted compositor
        // on real libwayland-server, with the server side of the app's
        // protocols (protocols/generate.sh; the interface tables themselves
        // are CWaylandProtocols').
        .systemLibrary(name: "CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .target(name: "CWaylandServerProtocols", dependencies: ["CWaylandServer", "CWaylandProtocols"]),
        .target(name: "TestCompositor",
                dependencies: ["CWaylandServer", "CWaylandServerProtocols", "CPlatform", "CXKBCommon"]),
        // Helpers every test target and the benchmarks share (touch changes,
        // lines, temporary directories); pure Swift, like the core it serves.
        .target(name: "TestSupport", dependencies: ["Canvas", "TouchCore", "WaylandClient"]),
        // Test fixtures: a rendered pixel's colour channels and the named
        // colours the renderer and the exports paint, read from a PixelBuffer.
        .target(name: "RenderTestSupport", dependencies: ["Render"], path: "Tests/RenderTestSupport"),
        // Test fixtures: a small tmpfs per test, to play full and read-only disks.
        .target(name: "TestFileSystems", path: "Tests/TestFileSystems"),
        // Test tool: drives a virtual pointer on sway for the playground drags
        // of Tests/RealCompositors/smoke.sh (input conformance itself is
        // `touchtracker conformance`'s).
        .executableTarget(name: "touchtracker-virtual-pointer",
                          dependencies: ["CWaylandClient", "CConformanceProtocols", "InputEmulation"],
                          path: "Tests/VirtualPointer"),

        // Test tool: the reference client of the real-compositor smoke tests
        // (issue 40), a window that commits a frame for every input event with
        // no pacing and reports input → on screen per event, run beside the app
        // in the same compositor session; the client itself a library, so
        // ReferenceClientTests drive it against the scripted compositor.
        .target(name: "ReferenceClient", dependencies: ["CWaylandClient", "CWaylandProtocols", "CPlatform", "Presentation", "InspectorModel"],
                path: "Tests/ReferenceClient"),
        .executableTarget(name: "touchtracker-reference-client",
                          dependencies: ["ReferenceClient", "CWaylandClient", "CPlatform"],
                          path: "Tests/ReferenceClientTool"),

        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Timing", "TestSupport"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing"]),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation"]),
        .testTarget(name: "JSONLineTests", dependencies: ["JSONLine"]),
        .testTarget(name: "TouchCoreTests", dependencies: ["TouchCore", "Timing", "SampleDrawings", "TestSupport",
                                                       "InspectorModel"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "TouchCore", "Timing", "SampleDrawings", "TestSupport"]),
        .testTarget(name: "DocumentTests",
                    dependencies: ["Document", "Canvas", "TouchCore", "Platform", "SampleDrawings", "TestSupport", "TestFileSystems"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "TouchCore", "Timing", "TestSupport"]),
        .testTarget(name: "DecorationsTests", dependencies: ["Decorations", "TouchCore", "Timing", "TestSupport"]),
        .testTarget(name: "WaylandInputTests", dependencies: ["WaylandInput"]),
        .testTarget(name: "WaylandClientTests",
                    dependencies: ["WaylandClient", "WaylandInput", "Instruments", "TestCompositor", "Timing", "Platform", "SampleDrawings", "TestSupport"]),
        .testTarget(name: "RenderTests",
                    dependencies: ["Render", "Canvas", "Decorations", "TouchCore", "CCairo", "SampleDrawings", "TestSupport",
                                   "RenderTestSupport"]),
        .testTarget(name: "ExportTests",
                    dependencies: ["Export", "Render", "Document", "Canvas", "TouchCore", "CCairo", "SampleDrawings", "TestSupport",
                                   "RenderTestSupport", "TestFileSystems"]),
        .testTarget(name: "TouchTrackerAppTests",
                    dependencies: ["TouchTrackerApp", "Scene", "Instruments", "Conformance", "TestCompositor", "WaylandClient", "WaylandInput", "CConformanceProtocols", "Render", "Export",
                                   "Document", "Canvas", "Decorations", "TouchCore", "Presentation", "Timing", "SampleDrawings", "TestSupport", "TestFileSystems",
                                   "CSystemdBus", "Platform"]),
        .testTarget(name: "SceneTests",
                    dependencies: ["Scene", "Decorations", "Canvas", "TouchCore", "Timing", "TestSupport"]),
        .testTarget(name: "InstrumentsTests",
                    dependencies: ["Instruments", "WaylandInput", "Presentation", "Timing", "JSONLine"]),
        .testTarget(name: "ConformanceTests",
                    dependencies: ["Conformance", "TouchTrackerApp", "Instruments", "InputEmulation", "WaylandClient", "WaylandInput", "TestCompositor", "Canvas",
                                   "TouchCore", "Platform", "CWaylandClient", "TestSupport"]),
        .testTarget(name: "InspectorModelTests", dependencies: ["InspectorModel", "TouchCore", "Presentation", "Timing", "TestSupport"]),
        .testTarget(name: "InspectorTests",
                    dependencies: ["Inspector", "InspectorModel", "Render", "Canvas", "TouchCore", "Presentation", "Timing", "CCairo", "TestSupport",
                                   "RenderTestSupport"]),
        .testTarget(name: "SoundTests", dependencies: ["Sound", "TestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "ReferenceClientTests",
                    dependencies: ["ReferenceClient", "TestCompositor", "CWaylandClient", "Timing"]),
        .testTarget(name: "BenchmarkWorkloadsTests", dependencies: ["BenchmarkWorkloads", "Render", "Canvas", "TouchCore"]),
    ]
)
