// TouchTracker for Wayland: draw with fingers, a pen or the mouse.
//
// Everything lives in the TouchTrackerApp module so tests can drive it; the
// executable only hands over the command line and exits with its status:
//   Options  — what the command line asked for (--file, --export, --log-input …)
//   Session  — the window: Wayland client ⇄ UIKit-style core ⇄ canvas ⇄ Cairo
//   Program  — picks between them and turns failures into one clear line.
// `touchtracker conformance` lives in the Conformance module, which drives a
// Session and so sits above TouchTrackerApp: its entry is handed in here.
import Conformance
import Platform
import TouchTrackerApp

// SIGINT, SIGTERM and SIGHUP are blocked before any library runs, so that
// every thread started from here on inherits the block: the app's workers
// and the libraries' own (Pango 1.56 starts a fontconfig thread early). A
// window reads them from its event loop and saves before it quits; the
// commands that watch for none give them back their default action.
TerminationSignalFile.blockInThisAndLaterThreads()
CurrentProcess.exit(Program.main(CommandLine.arguments, conformance: Program.conformance))
