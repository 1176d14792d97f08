extension Options {
    /// The part of `usage` about `command` (`replay`, `check`): its
    /// synopsis and its entries under Commands.
    public static func usage(of command: String) -> String {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        let synopses = lines.compactMap { line -> Substring? in
            guard line.contains("touchtracker \(command) "), let start = line.firstRange(of: "touchtracker") else { return nil }
            return line[start.lowerBound...]
        }
        var entries: [Substring] = []
        var inEntry = false
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            if indent == 2 { inEntry = line.dropFirst(2).hasPrefix("\(command) ") }
            else if indent < 2 { inEntry = false }
            if inEntry { entries.append(line) }
        }
        let synopsis = synopses.enumerated().map { ($0.offset == 0 ? "Usage: " : "       ") + $0.element }
        return (synopsis + [""] + entries.map(String.init)).joined(separator: "\n")
    }

    public static let usage = """
        Usage: touchtracker [options] [FILE…]
               touchtracker replay RECORDING [--export OUT] [--trace]
               touchtracker check RECORDING [--json] [--html OUT]
               touchtracker check --live [--json] [--record FILE] [--file PATH]
               touchtracker conformance [--json] [--junit FILE] [--only CASE,…] [--list]
               touchtracker conformance --drive

        Draw lines with your fingers, a pen or the mouse on Wayland.
        One line per finger; tap a line to select it (Delete removes it), double-tap
        to clear, long-press a line and drag to move it. Ctrl+Z / Ctrl+Shift+Z undo
        and redo, Ctrl+Q quits. The drawing is saved after every change.
        Ctrl+C copies the selected line (or the whole drawing) as lines, PNG and SVG;
        Ctrl+X cuts it; Ctrl+V pastes copied lines in the middle (Paste in the canvas
        menu: where you pressed).
        Two tools: Lines (straight lines, the default; key L) and Freehand (every
        point of the stroke, as wide as the pen presses; key F), also chosen from
        the canvas menu; the choice is remembered.
        A pen draws too, its eraser end erases whole lines, and a hovering pen shows
        a ring. While a pen is near, and 0.5 s after, fingers on the canvas draw
        nothing (palm rejection; turn it off from the canvas menu: right-click or
        the pen's first button away from the lines). Settings are kept in
        $XDG_CONFIG_HOME/touchtracker/settings.conf.
        F12 (or Show Inspector in the canvas menu) shows the inspector over the
        drawing: a ring and label at every contact (seat, id, kind, phase, age,
        events per second), the last input frames, every recognizer's state and
        transitions, and the latency from event time to commit.

        Gesture playground (--playground, or Gesture Playground in the canvas menu;
        "‹ Drawing" or Escape goes back, ←/→ change the page):
          Pictures   drag, pinch and turn the monkey and the banana, both at once;
                     let go while moving and a picture glides on; tap one: "chomp"
                     (not after a drag); rub one left and right, three strokes
                     of 25 points of the picture (two changes of direction),
                     each from where the last counted: it laughs. Each sound
                     also shows a caption.
          MultiTap   one tap turns the square red, two taps blue: the single tap
                     waits 0.35 s and the second tap cancels it
          PinchZoom  the guide's touch methods, no recognizer: each move of two
                     fingers adds Δd/d to the robot's zoom (pinching in shrinks
                     it, not below 0.25×); in a run of taps the 2nd adds 0.4,
                     the 3rd 0.6, the 4th 0.8
          EventInfo  the guide's first demo: every touch message, newest first,
                     with each touch's phase, tapCount, place in its view and
                     in the window (a nested view shows they differ), and
                     the event's allTouches count
          Recognizer Lab  two panels. First the reference's experiment: View
                     and View2 inside it, a tap recognizer each (KT1 on View2,
                     KT2 on View), switches for either's delaysTouchesBegan,
                     cancelsTouchesInView and delaysTouchesEnded, and the
                     reference's log (KT1 touchesBegan … View2 tapAction).
                     Then a single and a double tap on one view; switches for
                     cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded,
                     single requires double to fail, the delegate's shouldBegin
                     and shouldReceiveTouch (right half only), and Disable
                     (isEnabled off, mid-gesture too); the order of every
                     message, state change and action, live
          The panel on the right shows each recognizer's state and last changes.

        Without a touch screen: a touchpad's two-finger pinch scales and rotates,
        and its three-finger swipe drags, the view under the pointer; with a mouse,
        drag with the left button, Ctrl+wheel scales and Shift+wheel rotates (a
        burst of clicks is one gesture, over once the wheel is still for 0.25 s).
        The canvas takes none of these: its lines move by long press and drag.
        Sounds play through libcanberra (PulseAudio or PipeWire); with no sound
        server one line on stderr says so, once.

        Options:
          FILE…, --file PATH
                            open and autosave this drawing instead of the default
                            ($XDG_DATA_HOME/touchtracker/drawing.json); several
                            FILEs open each in a window of its own
          --export OUT      write the drawing to OUT (.png, .svg or .pdf) and exit;
                            needs no compositor
            --scale 1|2|4   PNG: pixels per point (default 1)
            --background transparent|white
                            PNG: what is under the lines (default white)
            --page drawing|a4|letter[-landscape]
                            PDF: the drawing's own size (default), or a sheet
                            of paper (portrait unless -landscape), the drawing
                            centred within 36 pt of its edges, scaled down to fit
          --log-input       print every input batch to stdout, one JSON object per line
          --trace           print what the gestures and responders make of the input:
                            every touch message a view or recognizer gets, every
                            recognizer state change and action, every responder-chain
                            walk of an action (JSON lines; with --log-input, after
                            each batch's line)
          --record FILE     write every input batch to FILE, with the compositor's
                            times, ours, and the window's size and scale at each
                            change (JSON lines, format 1), for replay and check
          --playground      open the gesture playground instead of the drawing: the
                            book's gesture demos (Pictures, MultiTap, PinchZoom,
                            EventInfo, Recognizer Lab) with a live panel of each
                            recognizer's state
          --book            run the canvas with the book chapter's values (as Book
                            in the main menu): a long press of 0.6 s instead of
                            0.5 s picks a line up and cancels the finger's line,
                            the selected line is green instead of ringed in
                            blue, and the taps delay touchesBegan, so a dot shows
                            only once they fail
          --frame-callback-pacing
                            draw input when the compositor asks for the next frame,
                            as clients usually do, instead of just before its
                            predicted latch (to compare input → on screen)
          -h, --help        show this help and exit

        Commands:
          replay RECORDING  run a recording through the app's gestures and canvas
                            with no compositor, on a clock driven by its times;
                            the same recording gives the same drawing on every run
            --export OUT    write the drawing it ends in to OUT, as --export does
            --trace         print the trace of the run (as --trace above)
          check RECORDING   print what the compositor did, a row each, with pass,
                            warn or fail and one line of evidence: a frame after
                            every up, down and up in one frame, cancel on a grab,
                            touch ids reused, positions outside the surface in a
                            drag, timestamps, shape and orientation, the pointer's
                            frame, axis source and value120, seat capabilities at
                            run time, tablet proximity and frames; exits 1 when a
                            row fails
          check --live      open the window with a short guided script on the
                            canvas (tap, two-finger drag, hold, the mouse), record
                            it (to --record FILE if given) and print the same table
                            when the window closes
            --json          the table as one JSON object
            --html OUT      also write the report to OUT as one HTML page with no
                            script, for a bug report: the recording's header,
                            the table, a timeline bar per contact (frames as
                            ticks, cancels crossed), a histogram of each
                            device's event intervals, each pen stroke's pressure
          conformance       for compositor developers: open the window, drive
                            scripted touch, pointer and keyboard input into it
                            through the input emulation the compositor offers
                            (wlroots' virtual pointer and keyboard, KWin's fake
                            input, mutter's RemoteDesktop), and check what
                            arrived (check's rows, per case) and what the app
                            drew; prints TAP (ok, not ok, # SKIP and why) and
                            "N passed, N failed"; exits 1 when a case fails
            --json          the results as one JSON object instead
            --junit FILE    also write them to FILE as JUnit XML
            --only CASE,…   run only these cases
            --list          print every case and the rule it checks, run none
            --drive         open no window: read input commands from stdin, one
                            line at a time (down SLOT X Y, motion SLOT X Y,
                            up SLOT, move X Y, button CODE 1|0, key CODE 1|0,
                            glide STEPS SECONDS SLOT X0 Y0 X1 Y1…, sleep S,
                            node, quit; several joined by ';'), send them
                            through that input emulation and answer each line
                            "ok" once the compositor has it (or "error: …"):
                            drives a compositor by hand or from a script
          -V, --version     show the version and exit

        Files:
          DRAWING.journal   beside the drawing: changes since it was last written
                            whole, appended one by one, folded in and removed
                            at quit (only a crash leaves it)
          DRAWING.lock      beside the drawing: held while it is open, so a second
                            touchtracker on the same drawing is refused; removed
                            at quit
          $XDG_STATE_HOME/touchtracker/ (~/.local/state/touchtracker/), else
          $XDG_RUNTIME_DIR/touchtracker/
                            emergency copies of lines that could not be saved
          PREFIX/share/touchtracker/sounds/
                            the sounds, beside the installed program

        Exit status:
          0  done, every change saved
          1  no compositor, a lost connection, a failed export or replay, a
             recording that cannot be read, a row of check or a case of
             conformance that failed
          2  wrong command line, or options that conflict (one given twice;
             --playground, --log-input, --trace, --frame-callback-pacing or
             --book with --export; --book with replay or check; --scale or
             --background but a PNG, --page but a PDF)
          3  the drawing is open in another touchtracker (its pid is named)
          4  the drawing cannot be read: missing (--export), a directory, a FIFO,
             a device, permission denied; nothing was renamed or written
          5  the drawing could not be saved; the lines are in an emergency copy
          6  the drawing could not be saved, nor an emergency copy: changes lost
        """
}
