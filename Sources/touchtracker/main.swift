// TouchTracker for Wayland: draw with fingers, a pen or the mouse.
//
// Everything lives in the TouchTrackerApp module so tests can drive it; the
// executable only hands over the command line and exits with its status:
//   Options  — what the command line asked for (--file, --export, --log-input …)
//   Session  — the window: Wayland client ⇄ UIKit-style core ⇄ canvas ⇄ Cairo
//   Program  — picks between them and turns failures into one clear line.
import Platform
import TouchTrackerApp

CurrentProcess.exit(Program.main(CommandLine.arguments))
