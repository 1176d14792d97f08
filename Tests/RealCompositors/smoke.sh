#!/usr/bin/env bash
# Smoke tests of the real app under real compositors, all headless:
#   weston 10 (desktop shell, pixman renderer; root is fine),
#   sway 1.7 (wlroots; it refuses to run as root, so it runs as an
#   unprivileged user this script creates when needed),
#   mutter 43 (GNOME's compositor, on a private D-Bus session with PipeWire) and
#   KWin 5.27 (KDE's compositor, kwin_wayland --virtual, on a private D-Bus session).
# The same run in a Debian 13 root (debian13.sh) meets weston 14, sway 1.10,
# mutter 48 and KWin 6.3; where KWin composites with QPainter (6.3 without a
# GPU: no screenshots) only its conformance suite runs. There the input comes
# through EIS (libei), which EXPECT_EIS="mutter kwin" makes a check.
# Each test starts the app with a known drawing and checks what a user would
# see: a mapped window whose screenshot shows the canvas and its lines, a
# resize that re-renders at the new size, a close request and Ctrl+Q that end
# the app cleanly with the drawing kept. Input itself is `touchtracker
# conformance`'s (conformance_tests): on sway through wlroots' virtual pointer
# and keyboard, each case's report parsed by prove and its JUnit XML
# validated; under plain weston, which offers no input emulation, every case
# skips with the reason. On mutter and KWin real touch (mutter's RemoteDesktop API, KWin's fake-input
# protocol) draws with one and two fingers and a short stroke, taps to select
# and delete, long-presses to move, double-taps to clear, and their pointer
# and keyboard draw, select with a right click, undo, close the menu and
# quit, and two- and three-finger taps undo and redo; on mutter a finger
# also maximizes and closes the window with the
# app's own title bar, on KWin its scripting API resizes and closes it.
#
# The gesture playground (--playground) opens under weston (nested in a
# headless sway, for a pointer) and sway, and a pointer drag moves a picture.
#
# Where the app gets a 100 Hz drag (nested weston, sway nested in weston,
# mutter, KWin), touchtracker-reference-client, built next to the app, gets
# the same drag in the same compositor session: the fastest a client can
# show input there, noted with the ratio app ÷ reference (reference_note).
#
# Usage: Tests/RealCompositors/smoke.sh PATH/TO/touchtracker [weston|sway|mutter|kwin]...
# Prints one line per check and "N passed, N failed" at the end; "note -"
# lines record what a compositor sent (facts about it, not checks).
set -u
here=$(cd "$(dirname "$0")" && pwd)
app=$(readlink -f "$1"); shift
compositors=${*:-weston sway mutter kwin}
png="python3 $here/png.py"
user=${TOUCHTRACKER_TEST_USER:-touchtracker-ci}
app_id=org.touchtracker.TouchTracker
passed=0
failed=0
work=$(mktemp -d /tmp/touchtracker-smoke.XXXXXX)
chmod 755 "$work"
pids=()

cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    [ -n "${KEEP_SMOKE:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

ok() { passed=$((passed + 1)); echo "ok   - $*"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $*"; }
expect() { # description command...
    local what=$1; shift
    if "$@"; then ok "$what"; else not_ok "$what"; fi
}
wait_for() { # seconds command... : polls every 0.1 s
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do
        [ $SECONDS -ge $deadline ] && return 1
        sleep 0.1
    done
}
# A drawing every test starts from: a long horizontal line at y=100 and a
# vertical one at x=200 (logical coordinates).
write_drawing() {
    cat > "$1" <<'JSON'
{"format":"touchtracker","version":1,"lines":[[60,100,460,100],[200,160,200,360]]}
JSON
}
at_least() { [ "$1" -ge "$2" ]; }
# Takes weston screenshots in $1 until one shows the app's white canvas (the
# app may still be starting on a loaded machine); prints the PNG's path.
# weston's desktop shell without its panel, on a plain dark background: the
# only white on screen is then the app's canvas.
weston_config() {
    printf '[shell]\npanel-position=none\nbackground-color=0xff303030\n' > "$1/weston.ini"
    echo "--config=$1/weston.ini"
}
# weston's options for a back end with the pixman (CPU) renderer, in the
# spelling of the weston installed: weston 10 takes the back end's module
# and --use-pixman and knows no --renderer; weston 14 (Debian 13) takes the
# back end's name and --renderer=pixman (--use-pixman is a deprecated alias
# there). Told apart by whether its --help offers --renderer, rather than
# by a version number: only 10 and 14 are tested here.
weston_renames_options=$(weston --help 2>&1 | grep -q -- '--renderer=' && echo yes)
weston_backend() { # headless|wayland
    if [ -n "$weston_renames_options" ]; then echo "--backend=$1 --renderer=pixman"
    else echo "--backend=$1-backend.so --use-pixman"; fi
}
weston_screenshot() {
    local run=$1 shot; shift
    for _ in $(seq 20); do
        rm -f "$run"/wayland-screenshot-*.png
        (cd "$run" && "$@" weston-screenshooter >/dev/null 2>&1)
        shot=$(ls "$run"/wayland-screenshot-*.png 2>/dev/null | head -n 1)
        if [ -n "$shot" ] && [ "$($png bbox "$shot" 255 255 255 4)" != none ]; then
            echo "$shot"
            return 0
        fi
        sleep 0.5
    done
    return 1
}
between() { [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }
# The session the app recorded with --record into $run/session.ttrec ($run
# is the calling test's directory), replayed with no compositor: its drawing
# must be the one the session saved (both exported to PNG by the same code,
# so the same lines give the same bytes). Then `check`'s table of what the
# compositor did, in the test log, and a copy of the recording beside the
# screenshots (for Tests/Recordings).
replay_and_check() { # compositor
    local c=$1 rec="$run/session.ttrec"
    expect "$c: --record wrote a whole recording" grep -q '"end":true' "$rec"
    "$app" --export "$run/saved.png" --file "$run/drawing.json" > /dev/null 2>> "$run/replay.log"
    "$app" replay "$rec" --export "$run/replayed.png" >> "$run/replay.log" 2>&1
    expect "$c: the replay of the recording ends in the drawing the session saved" \
        cmp -s "$run/saved.png" "$run/replayed.png"
    echo "note - $c: touchtracker check of the recorded session:"
    "$app" check "$rec" 2>&1 | sed 's/^/note -   /'
    cp "$rec" "$work/../touchtracker-$c.ttrec" 2>/dev/null
    cp "$run/drawing.json" "$work/../touchtracker-$c.expected.json" 2>/dev/null
}
# The row "presentation: input → on screen" of `check` on the recording
# RECORDING, a session with input, as a note; the recording is kept as
# $PERFORMANCE_REPORTS/LABEL.ttrec when that is set (scripts/performance-table
# builds the README's latency table from them).
presentation_note() { # label recording
    echo "note - $1: $("$app" check "$2" 2>&1 | grep '^presentation: input → on screen')"
    if [ -n "${PERFORMANCE_REPORTS:-}" ]; then cp "$2" "$PERFORMANCE_REPORTS/$1.ttrec"; fi
}
# Before and after commit for the latch: LABEL's 100 Hz drag recorded twice,
# each in a fresh app, with the default pacing (RECORDING) and with
# --frame-callback-pacing (FRAME_CALLBACK_RECORDING); DRAWING and
# FRAME_CALLBACK_DRAWING are the drawings each saved. Both check rows as
# notes, with the compositor's spacing of the drag's motions; checks that
# the drag drew its line, that each recording replays to the drawing its
# session saved, and that frames paced by frame callbacks never say
# "latch". Kept as $PERFORMANCE_REPORTS/LABEL-drag.ttrec and
# LABEL-drag-frame-callback.ttrec (scripts/performance-table's before and
# after columns).
pacing_pair_checks() { # label recording drawing frame_callback_recording frame_callback_drawing
    local label=$1 pacing rec drawing row
    for pacing in default frame-callback; do
        if [ $pacing = default ]; then rec=$2 drawing=$3; else rec=$4 drawing=$5; fi
        expect "$label: the 100 Hz drag ($pacing pacing) saves its line" \
            test "$(python3 "$here/drawing.py" count "$drawing" 2>/dev/null)" = 3
        "$app" --export "$run/pair-saved.png" --file "$drawing" > /dev/null 2>&1
        "$app" replay "$rec" --export "$run/pair-replayed.png" > /dev/null 2>&1
        expect "$label: the $pacing-paced drag's recording replays to the drawing its session saved" \
            cmp -s "$run/pair-saved.png" "$run/pair-replayed.png"
        row=$("$app" check "$rec" 2>&1 | grep '^presentation: input → on screen')
        echo "note - $label 100 Hz drag, $pacing pacing ($(motion_spacing "$rec")): $row"
    done
    expect "$label: with --frame-callback-pacing no frame is recorded as latch-paced" \
        bash -c "! grep -q '\"paced\":\"latch\"' '$4'"
    if [ -n "${PERFORMANCE_REPORTS:-}" ]; then
        cp "$2" "$PERFORMANCE_REPORTS/$label-drag.ttrec"
        cp "$4" "$PERFORMANCE_REPORTS/$label-drag-frame-callback.ttrec"
    fi
}
# The reference client (touchtracker-reference-client, built next to the
# app; issue 40): the fastest a client can show input here, a white window
# that commits a frame for every input event with no pacing and asks
# presentation feedback for each. Run after the app's 100 Hz drag with the
# same drag, in the same compositor session, it writes input → on screen
# per event to REFERENCE_OUTPUT and, when SIGTERM ends it (STATUS, its exit
# status), the median and p99. The note gives them with the ratio app ÷
# reference of the medians (APP_RECORDING: the app's default-paced drag).
# Fails only when the reference cannot run; the ratio is reported, not
# judged. Kept as $PERFORMANCE_REPORTS/LABEL-reference.txt
# (scripts/performance-table's "app ÷ reference" column).
reference_note() { # label reference_output status app_recording
    local label=$1 summary app_median reference_median ratio=–
    summary=$(grep '^reference:' "$2" 2>/dev/null | tail -n 1)
    expect "$label: the reference client runs the 100 Hz drag beside the app and reports (exit $3)" \
        test -n "$summary" -a "$3" = 0
    reference_median=$(sed -n 's/^reference: input → on screen median \([0-9.]*\) ms.*/\1/p' <<<"$summary")
    app_median=$("$app" check "$4" 2>&1 | sed -n 's/^presentation: input → on screen[^0-9]* median \([0-9.]*\) ms.*/\1/p' | head -n 1)
    if [ -n "$reference_median" ] && [ -n "$app_median" ]; then
        ratio=$(awk -v a="$app_median" -v r="$reference_median" 'BEGIN { if (r > 0) printf "%.2f×", a / r; else print "–" }')
    fi
    echo "note - $label reference client, 100 Hz drag: ${summary:-no summary}; app ÷ reference, on screen p50: $ratio (app ${app_median:-–} ms)"
    if [ -n "${PERFORMANCE_REPORTS:-}" ] && [ -s "$2" ]; then cp "$2" "$PERFORMANCE_REPORTS/$label-reference.txt"; fi
}
# Ends the reference client (or the app) started as PID, through runuser
# when run as the unprivileged user (its child gets the signal); sets
# ended_status to its exit status.
end_with_status() { # pid
    local target
    target=$(pgrep -P "$1" | head -n 1)
    kill -TERM "${target:-$1}" 2>/dev/null
    ended_status=0
    wait "$1" || ended_status=$?
}
# How far apart the compositor stamped a recording's pointer and touch
# motions: "motions 10.0 ms apart (median of 99)".
motion_spacing() { # recording
    python3 - "$1" <<'PY'
import json, statistics, sys
times = []
for line in open(sys.argv[1]):
    entry = json.loads(line)
    for event in entry.get("frame", []):
        if event.get("event") == "motion":
            time = event.get("time", entry.get("time"))
            if time is not None:
                times.append(time)
gaps = [b - a for a, b in zip(times, times[1:]) if 0 < b - a < 100]
print(f"motions {statistics.median(gaps):.1f} ms apart (median of {len(gaps)})" if gaps else "no motions timed")
PY
}
# The drawing the app saves after every change, $run/drawing.json and the
# change journal beside it ($run is the calling test's directory), read as
# the app reads it at the next start (drawing.py).
saved_lines() { python3 "$here/drawing.py" lines "$run/drawing.json" 2>/dev/null; }
lines_saved() { # count : the drawing holds exactly count lines
    [ "$(python3 "$here/drawing.py" count "$run/drawing.json" 2>/dev/null)" = "$1" ]
}
last_line_is() { # x1 y1 x2 y2 : the last saved line, to within 2 points
    saved_lines | tail -n 1 | python3 -c '
import sys
line = [float(v) for v in sys.stdin.read().split()]
sys.exit(len(line) != 4 or any(abs(a - float(b)) > 2 for a, b in zip(line, sys.argv[1:])))' "$@"
}
has_line() { # x1 y1 x2 y2 : some saved line runs there, to within 2 points (either direction)
    saved_lines | python3 -c '
import sys
want = [float(v) for v in sys.argv[1:]]
back = want[2:] + want[:2]
lines = [[float(v) for v in l.split()] for l in sys.stdin if l.strip()]
sys.exit(not any(all(abs(a - b) <= 2 for a, b in zip(line, w)) for line in lines for w in (want, back)))' "$@"
}

# ---------------------------------------------------------------- weston
weston_tests() {
    local run="$work/weston" shot
    mkdir -m 0700 "$run"
    write_drawing "$run/drawing.json"
    (cd "$run" && exec env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$run" weston $(weston_backend headless) \
        --socket=wl-smoke --width=1280 --height=800 --idle-time=0 --debug "$(weston_config "$run")" \
        > "$run/weston.log" 2>&1) &
    pids+=($!)
    if ! wait_for 10 test -S "$run/wl-smoke"; then not_ok "weston: compositor starts"; return; fi
    local env=(env XDG_RUNTIME_DIR="$run" WAYLAND_DISPLAY=wl-smoke XDG_DATA_HOME="$run/data")
    "${env[@]}" "$app" --file "$run/drawing.json" --record "$run/session.ttrec" > "$run/app.log" 2>&1 &
    local app_pid=$!
    pids+=($app_pid)
    shot=$(weston_screenshot "$run" "${env[@]}")
    expect "weston: app is running" kill -0 $app_pid
    if [ -z "$shot" ]; then not_ok "weston: a screenshot shows the canvas"; else
        cp "$shot" "$work/../touchtracker-weston.png" 2>/dev/null
        read -r x0 y0 x1 y1 <<<"$($png bbox "$shot" 255 255 255 4)"
        expect "weston: a white canvas of at least 400x300 is on screen ($x0 $y0 $x1 $y1)" \
            at_least $(( ${x1:-0} - ${x0:-0} )) 400
        # weston offers no server-side decorations: the app's own header bar
        # (inactive: headless weston has no seat to focus it) sits on top.
        expect "weston: the app's own header bar is above the canvas" \
            test "$($png count "$shot" 250 250 250 2 $((x0 + 2)) $((y0 - 16)) $((x0 + 3)) $((y0 - 15)))" = 1
        local black
        black=$($png count "$shot" 0 0 0 40 "${x0:-0}" "${y0:-0}" "${x1:-0}" "${y1:-0}")
        # 400 + 200 points of line, 10 points wide, less the overlap and the ends.
        expect "weston: the drawing's lines are drawn in black ($black px)" between "$black" 5000 7000
    fi
    kill -TERM $app_pid
    local code=0
    wait $app_pid || code=$?
    expect "weston: SIGTERM ends the app cleanly (exit $code)" test $code -eq 0
    expect "weston: the drawing is kept" grep -q '460' "$run/drawing.json"
    expect "weston: no protocol error" bash -c "! grep -qi 'protocol error' '$run/app.log'"
    replay_and_check weston
    # Stock weston offers no input emulation: every case skips, saying so.
    conformance_tests weston "" "${env[@]}" "$app"
    every_case_says_why() {
        [ "$(grep -c '# SKIP the compositor offers no input emulation' "$run/conformance.tap")" \
            = "$("$app" conformance --list | wc -l)" ]
    }
    expect "weston: every conformance case skips with the reason" every_case_says_why
}

# A HiDPI output: weston --scale=2 tells the app through wl_output.scale; the
# app must answer with a buffer of twice the size (wl_surface.set_buffer_scale
# 2), so the same logical line is 20 physical pixels thick and sharp.
weston_scale2_tests() {
    local run="$work/weston-scale2" shot
    mkdir -m 0700 "$run"
    write_drawing "$run/drawing.json"
    (cd "$run" && exec env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$run" weston $(weston_backend headless) \
        --socket=wl-smoke --width=2560 --height=1600 --scale=2 --idle-time=0 --debug "$(weston_config "$run")" \
        > "$run/weston.log" 2>&1) &
    pids+=($!)
    if ! wait_for 10 test -S "$run/wl-smoke"; then not_ok "weston scale 2: compositor starts"; return; fi
    local env=(env XDG_RUNTIME_DIR="$run" WAYLAND_DISPLAY=wl-smoke XDG_DATA_HOME="$run/data")
    "${env[@]}" "$app" --file "$run/drawing.json" > "$run/app.log" 2>&1 &
    local app_pid=$!
    pids+=($app_pid)
    shot=$(weston_screenshot "$run" "${env[@]}")
    if [ -z "$shot" ]; then not_ok "weston scale 2: a screenshot shows the canvas"; kill $app_pid; return; fi
    cp "$shot" "$work/../touchtracker-weston-scale2.png" 2>/dev/null
    # The canvas is the largest white area; its top-left is logical (0, 0).
    read -r x0 y0 x1 y1 <<<"$($png bbox "$shot" 255 255 255 4)"
    local column=$((x0 + 2 * 260)) black white
    black=$($png count "$shot" 0 0 0 4 $column $((y0 + 160)) $((column + 1)) $((y0 + 240)))
    white=$($png count "$shot" 255 255 255 4 $column $((y0 + 160)) $((column + 1)) $((y0 + 240)))
    expect "weston scale 2: the 10 pt line is 20 physical pixels thick ($black)" test "$black" -eq 20
    # Sharp: drawn at the buffer's own scale, the line has no blurred edge:
    # every pixel of the 80-pixel column is either white or black.
    expect "weston scale 2: its edges are sharp ($black black + $white white of 80)" \
        test $((black + white)) -eq 80
    kill -TERM $app_pid
    wait $app_pid 2>/dev/null
}

# `touchtracker conformance` in the compositor the calling test set up
# (command... runs the app, with its environment): its exit status must
# say whether a case failed, its TAP
# must parse with prove, its JUnit XML must validate against
# Tests/Conformance/junit.xsd, and each case of "ids" must pass there (not
# skip). Its TAP lines go to the log as notes. With $CONFORMANCE_REPORTS
# set (scripts/conformance-table), its JUnit report is kept as
# $CONFORMANCE_REPORTS/LABEL.xml, what the README's table is made of.
conformance_tests() { # label "ids" command...
    local label=$1 ids=$2 code=0
    shift 2
    local tap="$run/conformance.tap" junit="$run/conformance.xml"
    "$@" conformance --junit "$junit" > "$tap" 2> "$run/conformance.log" || code=$?
    sed 's/^/note -   /' "$tap"
    # A case the compositor fails (mutter 43 sends no frame after the last
    # up) is the report's to show: the exit status must say whether one did.
    local failures
    failures=$(grep -c '^not ok ' "$tap")
    expect "$label: touchtracker conformance exits 1 exactly when a case failed ($code; $(tail -n 1 "$tap"))" \
        test "$code" = "$([ "$failures" -gt 0 ] && echo 1 || echo 0)"
    # The header names the compositor, by its program and Debian package
    # (KWin runs from a copy without its file capability, which no package owns).
    local named package='\ \(.+\ [0-9]'
    [[ $label == kwin* ]] && package=''
    named=$(sed -n 's/^# touchtracker .* conformance; compositor: \(.*\); input: .*/\1/p' "$tap")
    expect "$label: the report names the compositor (${named:-nothing})" \
        bash -c '[[ "$1" =~ ^(weston|sway|mutter|kwin_wayland)$2 ]]' _ "$named" "$package"
    # prove exits 1 when a case fails, which the line above judges: here it
    # must read every planned case and find no parse error.
    local planned
    planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap")
    expect "$label: its TAP parses with prove (${planned:-no} cases planned)" bash -c \
        "prove -e cat '$tap' > '$run/prove.log' 2>&1; ! grep -q 'Parse errors' '$run/prove.log' && grep -q 'Tests=${planned:-x},' '$run/prove.log'"
    expect "$label: its JUnit XML validates against Tests/Conformance/junit.xsd" \
        bash -c "xmllint --noout --schema '$here/../Conformance/junit.xsd' '$junit' 2> '$run/xmllint.log'"
    # Where the compositor offers EIS and libei is installed (Debian 13's
    # mutter 48 and KWin 6.3: debian13.sh sets EXPECT_EIS to their labels),
    # the suite must have driven its input through EIS, not the compositor's
    # own interface, and the touch cases must have run.
    if [[ " ${EXPECT_EIS:-} " == *" $label "* ]]; then
        local input
        input=$(sed -n 's/^# touchtracker .* conformance; compositor: .*; input: \(.*\)/\1/p' "$tap")
        expect "$label: the suite drives its input through EIS (input: ${input:-nothing})" \
            bash -c '[[ "$1" == "EIS (libei;"* ]]' _ "$input"
        local touch_ran
        touch_ran=$(grep -E '^(not )?ok [0-9]+ - (one-finger-stroke|two-fingers-one-frame|tap|touch-cancel): ' "$tap" \
            | grep -vc '# SKIP')
        expect "$label: the touch cases ran through EIS ($touch_ran of 4 not skipped)" test "$touch_ran" = 4
    fi
    case_passed() { grep -E "^ok [0-9]+ - $1: " "$tap" | grep -vq '# SKIP'; }
    for id in $ids; do expect "$label: conformance case $id passes" case_passed "$id"; done
    # The report scripts/conformance-table reads: this run's JUnit, kept.
    if [ -n "${CONFORMANCE_REPORTS:-}" ]; then
        cp "$junit" "$CONFORMANCE_REPORTS/$label.xml"
    fi
}

# ---------------------------------------------------------------- sway
as_user() { runuser -u "$user" -- "$@"; }

sway_tests() {
    if [ "$(id -u)" -eq 0 ]; then
        id "$user" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$user" \
            || { not_ok "sway: create the unprivileged user $user"; return; }
        run_as=(runuser -u "$user" --)
    else
        run_as=()
    fi
    local run="$work/sway"
    mkdir -m 0700 "$run"
    # The build tree may sit in a directory the unprivileged user cannot
    # enter (a clone under /root): run a copy it can execute.
    install -m 0755 "$app" "$work/touchtracker"
    # The same for the virtual pointer tool built next to the app.
    local tool="$work/touchtracker-virtual-pointer"
    [ -x "$(dirname "$app")/touchtracker-virtual-pointer" ] \
        && install -m 0755 "$(dirname "$app")/touchtracker-virtual-pointer" "$tool"
    local app="$work/touchtracker"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$run"
    write_drawing "$run/drawing.json"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$run/drawing.json"
    local env=(env -u WAYLAND_DISPLAY -u SWAYSOCK XDG_RUNTIME_DIR="$run" HOME="$run" XDG_DATA_HOME="$run/data")
    "${run_as[@]}" "${env[@]}" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
        sway -c /dev/null > "$run/sway.log" 2>&1 &
    pids+=($!)
    if ! wait_for 10 bash -c "ls '$run'/sway-ipc.*.sock >/dev/null 2>&1 && test -S '$run/wayland-1'"; then
        not_ok "sway: compositor starts"; return
    fi
    local sock
    sock=$(ls "$run"/sway-ipc.*.sock)
    env+=(SWAYSOCK="$sock" WAYLAND_DISPLAY=wayland-1)
    msg() { "${run_as[@]}" "${env[@]}" swaymsg "$@"; }
    shot() { "${run_as[@]}" "${env[@]}" grim "$1"; }
    # wtype's virtual keyboard gives the seat its keyboard only as wtype
    # starts; keys typed before the app has bound its wl_keyboard are lost,
    # so wtype waits 250 ms first.
    # wtype creates its virtual keyboard as it starts; the app must bind the
    # keyboard the seat then gains before the keys come.
    type_keys() { "${run_as[@]}" "${env[@]}" wtype -s 600 "$@"; }
    # sway draws the decorations, so the app puts its 40-point toolbar along
    # the window's top: the canvas, whose coordinates the checks use, starts
    # below it.
    toolbar=40
    window_rect() { # prints "x y w h" of the app's canvas
        msg -t get_tree | python3 -c '
import json, sys
def walk(n):
    if n.get("app_id") == sys.argv[1]:
        r, w, bar = n["rect"], n["window_rect"], int(sys.argv[2])
        print(r["x"] + w["x"], r["y"] + w["y"] + bar, w["width"], w["height"] - bar); return True
    return any(walk(c) for c in n.get("nodes", []) + n.get("floating_nodes", []))
walk(json.load(sys.stdin))' "$app_id" "$toolbar"
    }

    mapped() { [ -n "$(window_rect 2>/dev/null)" ]; }
    # The first run logs its protocol traffic: the drawing app's normal run
    # must not bind the input-emulation globals sway offers (only
    # `touchtracker conformance` speaks them).
    local debug=(WAYLAND_DEBUG=client)
    start_app() {
        "${run_as[@]}" "${env[@]}" "${debug[@]}" "$app" --file "$run/drawing.json" > "$run/app.log" 2>&1 &
        app_pid=$!
        pids+=($app_pid)
        wait_for 10 mapped
    }
    local app_pid
    start_app
    debug=()
    sleep 1.5
    read -r wx wy ww wh <<<"$(window_rect)"
    expect "sway: the window is mapped ($wx $wy $ww $wh)" test -n "${ww:-}"
    shot "$run/tiled.png"
    cp "$run/tiled.png" "$work/../touchtracker-sway.png" 2>/dev/null
    # The horizontal line (60..460, y=100) at the content's top-left.
    expect "sway: a black line pixel where the drawing has one" \
        test "$($png pixel "$run/tiled.png" $((wx + 260)) $((wy + 100)))" = "0 0 0"
    expect "sway: white canvas next to it" \
        test "$($png pixel "$run/tiled.png" $((wx + 260)) $((wy + 130)))" = "255 255 255"
    local thick
    thick=$($png count "$run/tiled.png" 0 0 0 60 $((wx + 300)) $((wy + 80)) $((wx + 301)) $((wy + 120)))
    expect "sway: the line is 10 px thick at scale 1 ($thick)" between "$thick" 9 11
    offered_not_bound() { # the app saw sway offer both globals and bound neither
        grep -q 'global([0-9]*, "zwlr_virtual_pointer_manager_v1"' "$run/app.log" \
            && grep -q 'global([0-9]*, "zwp_virtual_keyboard_manager_v1"' "$run/app.log" \
            && ! grep -q 'bind([0-9]*, "\(zwlr_virtual_pointer_manager_v1\|zwp_virtual_keyboard_manager_v1\)"' "$run/app.log"
    }
    expect "sway: the drawing app's run does not bind the virtual pointer or keyboard sway offers" offered_not_bound

    # Resize: float the window and give it a new size; the app must re-render.
    msg "[app_id=$app_id] floating enable, resize set 640 480, move position 100 100" >/dev/null
    sleep 1
    read -r wx wy ww wh <<<"$(window_rect)"
    # sway's own title bar and borders, and the app's toolbar, come out of the 640x480.
    expect "sway: the window took the new size ($ww x $wh)" \
        test "$ww" -ge 600 -a "$ww" -le 640 -a "$wh" -ge $((420 - toolbar)) -a "$wh" -le $((480 - toolbar))
    shot "$run/resized.png"
    local corners=""
    for corner in "$((wx + 2)) $((wy + 2))" "$((wx + ww - 3)) $((wy + 2))" \
                  "$((wx + 2)) $((wy + wh - 3))" "$((wx + ww - 3)) $((wy + wh - 3))"; do
        corners+="$($png pixel "$run/resized.png" $corner)/"
    done
    expect "sway: the canvas fills the resized window to its corners ($corners)" \
        test "$corners" = "255 255 255/255 255 255/255 255 255/255 255 255/"
    expect "sway: the line is still drawn after the resize" \
        test "$($png pixel "$run/resized.png" $((wx + 260)) $((wy + 100)))" = "0 0 0"

    # Fractional scale 1.5: the same logical line becomes 15 physical pixels thick.
    msg "output * scale 1.5" >/dev/null
    sleep 1
    read -r wx wy ww wh <<<"$(window_rect)"
    shot "$run/scaled.png"
    thick=$($png count "$run/scaled.png" 0 0 0 60 $(( (wx + 300) * 3 / 2 )) $(( (wy + 80) * 3 / 2 )) \
        $(( (wx + 300) * 3 / 2 + 1 )) $(( (wy + 120) * 3 / 2 )))
    expect "sway: at scale 1.5 the line is 15 px thick ($thick)" between "$thick" 14 16
    msg "output * scale 1" >/dev/null

    # Close request (xdg_toplevel.close) ends the app cleanly.
    msg "[app_id=$app_id] kill" >/dev/null
    local code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    wait $app_pid || code=$?
    expect "sway: a close request ends the app with exit status 0 ($code)" test $code -eq 0

    # Ctrl+Q typed through a virtual keyboard quits.
    start_app
    sleep 1
    type_keys -M ctrl q -m ctrl
    code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; code=timeout; fi
    wait $app_pid 2>/dev/null || true
    expect "sway: Ctrl+Q quits ($code)" test "$code" = 0
    expect "sway: the drawing is kept" grep -q '460' "$run/drawing.json"
    expect "sway: no protocol error" bash -c "! grep -qi 'protocol error' '$run/app.log'"

    # sway 1.7 refuses an output configuration that changes only the scale
    # (docs/compositors.md); sway 1.10 (Debian 13) applies it.
    local sway_passes="pointer-drag right-click wheel-value120 key-modifiers key-repeat capabilities-at-run-time"
    local sway_version major minor
    sway_version=$(sway --version | sed -n 's/^sway version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
    read -r major minor <<<"${sway_version:-0 0}"
    if [ "$major" -gt 1 ] || [ "$major" -eq 1 -a "$minor" -ge 10 ]; then sway_passes+=" output-scale"; fi
    conformance_tests sway "$sway_passes" "${run_as[@]}" "${env[@]}" "$app"
    playground_pointer_tests
    sway_clipboard_tests
}

# The clipboard (issue 37) against a real second client, wl-clipboard's
# wl-copy and wl-paste (through sway's wlr-data-control, so they need no
# window): Ctrl+C puts the drawing there in the app's type, PNG and SVG;
# what wl-copy puts there in the app's type Ctrl+V pastes; anything else
# pastes nothing. Uses sway_tests' run, env, app and keys (called from it).
sway_clipboard_tests() {
    if ! command -v wl-copy > /dev/null; then not_ok "sway clipboard: wl-clipboard is installed"; return; fi
    local lines_type=application/x-touchtracker-lines
    paste_as() { "${run_as[@]}" "${env[@]}" timeout 5 wl-paste --no-newline --type "$1"; }
    write_drawing "$run/drawing.json"
    start_app
    sleep 1
    type_keys -M ctrl c -m ctrl
    sleep 0.5
    local types
    types=$("${run_as[@]}" "${env[@]}" timeout 5 wl-paste --list-types | tr '\n' ' ')
    expect "sway clipboard: Ctrl+C offers the app's type, PNG and SVG ($types)" \
        test "$types" = "$lines_type image/png image/svg+xml "
    paste_as "$lines_type" > "$run/copied.json"
    expect "sway clipboard: wl-paste reads the drawing's two lines in the app's type" \
        test "$(python3 "$here/drawing.py" lines "$run/copied.json" 2>/dev/null | wc -l)" -eq 2
    paste_as image/png > "$run/copied.png"
    expect "sway clipboard: wl-paste reads a PNG of it" \
        test "$(head -c 8 "$run/copied.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a
    expect "sway clipboard: and an SVG" grep -q "</svg>" <(paste_as image/svg+xml)

    # Another client's lines: wl-copy serves them until the next selection.
    printf '{"format":"touchtracker","version":1,"lines":[[0,0,100,0]]}' > "$run/foreign.json"
    "${run_as[@]}" "${env[@]}" wl-copy --foreground --type "$lines_type" < "$run/foreign.json" &
    pids+=($!)
    sleep 0.5
    type_keys -M ctrl v -m ctrl
    wait_for 5 lines_saved 3
    expect "sway clipboard: Ctrl+V pastes wl-copy's line into the drawing" lines_saved 3
    "${run_as[@]}" "${env[@]}" wl-copy --foreground "plain text" &
    pids+=($!)
    sleep 0.5
    type_keys -M ctrl v -m ctrl
    sleep 1
    expect "sway clipboard: pasting plain text changes nothing" lines_saved 3
    type_keys -M ctrl q -m ctrl
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; fi
    wait $app_pid 2>/dev/null || true
    expect "sway clipboard: no protocol error" bash -c "! grep -qi 'protocol error' '$run/app.log'"
}

# The gesture playground with a real pointer (issue 16): `--playground`
# opens it; the monkey is found in a screenshot by its fur, dragged with the
# left button, and found again, moved. $shoot NAME takes a screenshot into
# $run/NAME; $drag X1 Y1 X2 Y2 drags in screenshot coordinates; $label
# names the compositor in the checks. Sets $moved_by to the monkey's move.
fur=(140 89 48 12)
monkey_box() { $png bbox "$run/$1" "${fur[@]}" "${@:2}"; }
drag_the_monkey() { # label shoot drag X0 Y0 X1 Y1 (the app's part of the screenshot)
    local label=$1 shoot=$2 drag=$3 area=("${@:4}") x0 y0 x1 y1 before after
    # The playground is drawn once the monkey is there (a loaded machine
    # takes a while to start a nested compositor and the app in it).
    local deadline=$((SECONDS + 20))
    until $shoot before.png && [ "$(monkey_box before.png "${area[@]}")" != none ]; do
        [ $SECONDS -ge $deadline ] && break
        sleep 0.3
    done
    before=$(monkey_box before.png "${area[@]}")
    cp "$run/before.png" "$work/../touchtracker-$label-playground.png" 2>/dev/null
    if [ "$before" = none ]; then not_ok "$label: --playground shows the monkey"; return 1; fi
    read -r x0 y0 x1 y1 <<<"$before"
    ok "$label: --playground shows the monkey ($before)"
    local cx=$(( (x0 + x1) / 2 )) cy=$(( (y0 + y1) / 2 ))
    $drag $cx $((cy + 10)) $((cx + 200)) $((cy + 50))
    # It may glide on after the drag: wait until it is still.
    local last="" deadline=$((SECONDS + 6))
    while :; do
        sleep 0.4
        $shoot after.png
        after=$(monkey_box after.png "${area[@]}")
        [ "$after" = "$last" ] && break
        last=$after
        [ $SECONDS -ge $deadline ] && break
    done
    cp "$run/after.png" "$work/../touchtracker-$label-playground-dragged.png" 2>/dev/null
    local a0 b0 a1 b1
    read -r a0 b0 a1 b1 <<<"$after"
    moved_by="$(( (${a0:-0} + ${a1:-0}) / 2 - cx )) $(( (${b0:-0} + ${b1:-0}) / 2 - cy ))"
    read -r dx dy <<<"$moved_by"
    expect "$label: a pointer drag moves the monkey right and down ($before → $after)" \
        test "$after" != none -a "$dx" -ge 150 -a "$dy" -ge 20
    expect "$label: the same size after the drag ($((x1 - x0)) → $(( ${a1:-0} - ${a0:-0} )) px wide)" \
        between $(( ${a1:-0} - ${a0:-0} )) $((x1 - x0 - 4)) $((x1 - x0 + 4))
}

playground_pointer_tests() {
    if [ ! -x "$tool" ]; then not_ok "sway: the virtual pointer tool is built next to the app"; return; fi
    "${run_as[@]}" "${env[@]}" "$app" --playground --file "$run/drawing.json" --record "$run/playground.ttrec" \
        > "$run/playground.log" 2>&1 &
    local app_pid=$!
    pids+=($app_pid)
    wait_for 10 mapped
    sleep 1
    read -r wx wy ww wh <<<"$(window_rect)"
    sway_shoot() { shot "$run/$1"; }
    sway_drag() { "${run_as[@]}" "${env[@]}" "$tool" drag "$@"; }
    drag_the_monkey sway sway_shoot sway_drag "$wx" "$wy" $((wx + ww)) $((wy + wh))
    type_keys -M ctrl q -m ctrl
    local code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; code=timeout; fi
    wait $app_pid 2>/dev/null || true
    expect "sway: Ctrl+Q quits the playground ($code)" test "$code" = 0
    expect "sway: no protocol error in the playground" bash -c "! grep -qi 'protocol error' '$run/playground.log'"
    presentation_note sway "$run/playground.ttrec"
}

# What both nested sessions (sway in weston, weston in sway) prepare: the
# virtual pointer tool built next to the app, the unprivileged user when
# running as root (sway refuses root), and a private run directory holding
# copies of the app and the tool, a drawing and weston.ini. Sets the
# caller's run_as. Usage: prepare_nested_run LABEL DIR APP_COPY TOOL_COPY
prepare_nested_run() {
    local label="$1" dir="$2" app_copy="$3" tool_copy="$4"
    local tool_built
    tool_built="$(dirname "$app")/touchtracker-virtual-pointer"
    if [ ! -x "$tool_built" ]; then not_ok "$label: the virtual pointer tool is built next to the app"; return 1; fi
    run_as=()
    if [ "$(id -u)" -eq 0 ]; then
        id "$user" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$user" \
            || { not_ok "$label: create the unprivileged user $user"; return 1; }
        run_as=(runuser -u "$user" --)
    fi
    mkdir -m 0700 "$dir"
    install -m 0755 "$app" "$app_copy"
    install -m 0755 "$tool_built" "$tool_copy"
    local reference_built
    reference_built="$(dirname "$app")/touchtracker-reference-client"
    if [ -x "$reference_built" ] && [ ! -x "$work/touchtracker-reference-client" ]; then
        install -m 0755 "$reference_built" "$work/touchtracker-reference-client"
    fi
    write_drawing "$dir/drawing.json"
    weston_config "$dir" >/dev/null
    if [ "$(id -u)" -eq 0 ]; then chown -R "$user" "$dir"; fi
}

# sway 1.7 headless never answers wp_presentation feedback (wlroots 0.15.1's
# headless output presents inside its commit: docs/compositors.md), but its
# Wayland back end presents from the parent's own feedback, after the
# commit. So sway's figures come from sway nested in headless weston
# (WLR_BACKENDS=wayland, pixman over weston's wl_shm: no GPU needed), its
# own virtual pointer drawing a 40-move stroke with the inspector open (F12
# through its virtual keyboard). Kept as sway-nested.ttrec for
# scripts/performance-table; the screenshot of the inspector beside the others.
sway_nested_tests() {
    local run_as=() run="$work/sway-nested"
    prepare_nested_run "sway nested" "$run" "$work/touchtracker-in-sway-nested" "$work/virtual-pointer-sway-nested" || return
    local env=(env -u WAYLAND_DISPLAY -u SWAYSOCK XDG_RUNTIME_DIR="$run" HOME="$run" XDG_DATA_HOME="$run/data")
    "${run_as[@]}" "${env[@]}" weston $(weston_backend headless) --socket=wl-parent \
        --width=1280 --height=800 --idle-time=0 --config="$run/weston.ini" > "$run/weston.log" 2>&1 &
    pids+=($!)
    if ! wait_for 10 test -S "$run/wl-parent"; then not_ok "sway nested: headless weston starts"; return; fi
    "${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-parent WLR_BACKENDS=wayland WLR_LIBINPUT_NO_DEVICES=1 \
        WLR_RENDERER=pixman sway -c /dev/null > "$run/sway.log" 2>&1 &
    pids+=($!)
    if ! wait_for 10 bash -c "ls '$run'/sway-ipc.*.sock >/dev/null 2>&1 && test -S '$run/wayland-1'"; then
        not_ok "sway nested: sway starts inside weston"; return
    fi
    env+=(SWAYSOCK="$(ls "$run"/sway-ipc.*.sock)" WAYLAND_DISPLAY=wayland-1)
    canvas_origin() { # prints "x y" of the app's canvas, below its 40-point toolbar
        "${run_as[@]}" "${env[@]}" swaymsg -t get_tree | python3 "$here/sway-canvas.py" "$app_id"
    }
    local app_pid origin ox oy drawing="$run/drawing.json"
    start_nested_app() { # options... : runs the app on $drawing and waits for its window
        "${run_as[@]}" "${env[@]}" "$work/touchtracker-in-sway-nested" --file "$drawing" "$@" \
            >> "$run/app.log" 2>&1 &
        app_pid=$!
        pids+=($app_pid)
        mapped_at() { origin=$(canvas_origin) && [ -n "$origin" ]; }
        wait_for 10 mapped_at && read -r ox oy <<<"$origin" && sleep 1
    }
    stroke() { # Y : 40 moves 20 ms apart, canvas (100,Y) to (500,Y)
        local moves=() step
        for step in $(seq 40); do moves+=(move $((ox + 100 + 10 * step)) $((oy + $1)) sleep 0.02); done
        "${run_as[@]}" "${env[@]}" "$work/virtual-pointer-sway-nested" \
            move $((ox + 100)) $((oy + $1)) press left "${moves[@]}" release left
    }
    end_nested_app() { # label : SIGTERM to the app (runuser's child when run as the user)
        local target code=0
        target=$(pgrep -P $app_pid | head -n 1)
        kill -TERM "${target:-$app_pid}"
        wait $app_pid || code=$?
        expect "sway nested: SIGTERM ends the app cleanly $1 (exit $code)" test $code -eq 0
    }
    # The recorded session, with the inspector closed as on the other
    # compositors (open, it repaints its panel with every motion).
    if ! start_nested_app --record "$run/session.ttrec"; then not_ok "sway nested: the app's window is mapped"; return; fi
    stroke 400
    stroke_saved() { has_line 100 400 500 400; }
    expect "sway nested: its virtual pointer draws the stroke (100,400)-(500,400)" wait_for 5 stroke_saved
    end_nested_app "after the recorded stroke"
    presented() {
        "$app" check "$run/session.ttrec" --json | python3 -c '
import json, sys
row = next(r for r in json.load(sys.stdin)["rows"] if r["row"] == "presentation")
sys.exit(row["result"] != "pass" or not row["evidence"].startswith("median "))'
    }
    expect "sway nested: check's presentation row passes with figures (sway answers wp_presentation here)" presented
    presentation_note sway-nested "$run/session.ttrec"
    # The 100 Hz drag (pacing_pair_checks), in a fresh app for each pacing.
    local pacing options
    for pacing in default frame-callback; do
        options=()
        [ $pacing = frame-callback ] && options=(--frame-callback-pacing)
        drawing="$run/pair-$pacing.json"
        write_drawing "$drawing"
        [ "$(id -u)" -eq 0 ] && chown "$user" "$drawing"
        if ! start_nested_app --record "$run/pair-$pacing.ttrec" "${options[@]}"; then
            not_ok "sway nested: the app starts for the 100 Hz drag ($pacing)"; return
        fi
        "${run_as[@]}" "${env[@]}" "$work/virtual-pointer-sway-nested" \
            stroke 100 1 $((ox + 100)) $((oy + 300)) $((ox + 600)) $((oy + 300))
        sleep 0.5
        end_nested_app "after the 100 Hz drag ($pacing)"
    done
    drawing="$run/drawing.json"
    pacing_pair_checks sway-nested "$run/pair-default.ttrec" "$run/pair-default.json" \
        "$run/pair-frame-callback.ttrec" "$run/pair-frame-callback.json"
    # The reference client with the same drag (reference_note).
    "${run_as[@]}" "${env[@]}" "$work/touchtracker-reference-client" --output "$run/reference.txt" \
        >> "$run/reference.log" 2>&1 &
    local reference_pid=$!
    pids+=($reference_pid)
    reference_at() { origin=$("${run_as[@]}" "${env[@]}" swaymsg -t get_tree \
        | python3 "$here/sway-canvas.py" org.touchtracker.ReferenceClient) && [ -n "$origin" ]; }
    if wait_for 10 reference_at; then
        read -r ox oy <<<"$origin"
        sleep 0.5
        "${run_as[@]}" "${env[@]}" "$work/virtual-pointer-sway-nested" \
            stroke 100 1 $((ox + 100)) $((oy + 300)) $((ox + 600)) $((oy + 300))
        sleep 0.5
    fi
    end_with_status $reference_pid
    reference_note sway-nested "$run/reference.txt" "$ended_status" "$run/pair-default.ttrec"
    # The inspector open (it takes figures only while open) for a stroke.
    if ! start_nested_app; then not_ok "sway nested: the app's window is mapped again"; return; fi
    "${run_as[@]}" "${env[@]}" wtype -s 600 -k F12
    stroke 500
    sleep 0.5
    "${run_as[@]}" "${env[@]}" grim "$run/inspector.png"
    cp "$run/inspector.png" "$work/../touchtracker-sway-nested-inspector.png" 2>/dev/null
    local panel
    panel=$($png bbox "$run/inspector.png" 52 54 59 6 "$ox" "$oy" $((ox + 600)) $((oy + 600)))
    expect "sway nested: F12 opens the inspector over the canvas ($panel)" test "$panel" != none
    end_nested_app "with the inspector open"
}

# weston's headless backend has no input devices, so for a pointer the
# playground test runs weston nested: weston's wayland backend shows its
# output as a window of a headless sway, whose virtual pointer
# (touchtracker-virtual-pointer) then reaches weston's own seat, and
# weston delivers it to the app as any weston client gets its pointer.
# Screenshots are sway's (grim), of weston's window with the app inside.
weston_playground_tests() {
    if ! command -v sway >/dev/null; then not_ok "weston playground: sway is installed (weston runs nested in it)"; return; fi
    local run_as=() run="$work/weston-playground"
    prepare_nested_run "weston playground" "$run" "$work/touchtracker-nested" "$work/virtual-pointer-nested" || return
    local env=(env -u WAYLAND_DISPLAY -u SWAYSOCK XDG_RUNTIME_DIR="$run" HOME="$run" XDG_DATA_HOME="$run/data")
    "${run_as[@]}" "${env[@]}" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
        sway -c /dev/null > "$run/sway.log" 2>&1 &
    pids+=($!)
    if ! wait_for 10 bash -c "ls '$run'/sway-ipc.*.sock >/dev/null 2>&1 && test -S '$run/wayland-1'"; then
        not_ok "weston playground: the outer sway starts"; return
    fi
    env+=(SWAYSOCK="$(ls "$run"/sway-ipc.*.sock)" WAYLAND_DISPLAY=wayland-1)
    "${run_as[@]}" "${env[@]}" weston $(weston_backend wayland) --socket=wl-nested \
        --width=1200 --height=680 --idle-time=0 --config="$run/weston.ini" > "$run/weston.log" 2>&1 &
    pids+=($!)
    if ! wait_for 10 test -S "$run/wl-nested"; then not_ok "weston playground: weston starts nested"; return; fi
    "${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-nested "$work/touchtracker-nested" --playground \
        --file "$run/drawing.json" > "$run/app.log" 2>&1 &
    local app_pid=$!
    pids+=($app_pid)
    nested_shoot() { "${run_as[@]}" "${env[@]}" grim "$run/$1"; }
    nested_drag() { "${run_as[@]}" "${env[@]}" "$work/virtual-pointer-nested" drag "$@"; }
    drag_the_monkey weston nested_shoot nested_drag
    expect "weston: the app still runs" kill -0 $app_pid
    # $app_pid is runuser's when the app runs as the unprivileged user: the
    # signal goes to the app itself, its child.
    local target
    target=$(pgrep -P $app_pid | head -n 1)
    kill -TERM "${target:-$app_pid}"
    local code=0
    wait $app_pid || code=$?
    expect "weston: SIGTERM ends the playground cleanly (exit $code)" test $code -eq 0
    expect "weston: no protocol error in the playground" bash -c "! grep -qi 'protocol error' '$run/app.log'"
    weston_navigation_tests
}

# Moving around the drawing in the nested weston, with the means it has:
# sway's virtual pointer (no touch, wheel or keys reach weston this way).
# A click on ☰ and on Fingers Navigate (the main menu as on mutter: the
# header bar is the app's own), a middle-button drag that pans, and the
# zoom readout's Fit Drawing, which centres this small drawing at 100 %. Each is
# checked by the screenshot's pixels on the 10-point line of write_drawing
# (60,100)-(460,100).
weston_navigation_tests() {
    write_drawing "$run/drawing.json"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$run/drawing.json"
    "${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-nested "$work/touchtracker-nested" \
        --file "$run/drawing.json" --record "$run/navigate.ttrec" > "$run/app-navigate.log" 2>&1 &
    local app_pid=$! cx0=none cy0 cx1 cy1 canvas_seen= rows box
    pids+=($app_pid)
    # The canvas: the white inside weston's window, below its title bar
    # (whose title is white too), the same twice in a row.
    nested_canvas() {
        local previous=$canvas_seen
        nested_shoot first.png || return 1
        box=$($png bbox "$run/first.png" 255 255 255 4 42 60 1238 720)
        canvas_seen=$box
        [ "$box" != none ] && read -r cx0 cy0 cx1 cy1 <<<"$box" \
            && at_least $((cx1 - cx0)) 400 && at_least $((cy1 - cy0)) 300 && [ "$box" = "$previous" ]
    }
    local shooter=nested_shoot
    if ! wait_for 20 nested_canvas; then not_ok "weston navigate: the app shows its canvas nested"; return; fi
    pointer() { "${run_as[@]}" "${env[@]}" "$work/virtual-pointer-nested" "$@"; }
    line_at_column() { # SHOT X : the black in canvas column X, as "Y0 Y1" (canvas points), or "none"
        box=$($png bbox "$run/$1" 0 0 0 30 $((cx0 + $2)) "$cy0" $((cx0 + $2 + 1)) "$cy1")
        [ "$box" = none ] && echo none && return
        read -r _ y0 _ y1 <<<"$box"
        echo $((y0 - cy0)) $((y1 - cy0))
    }
    pointer click left $((cx1 - 144)) $((cy0 - 24))
    menu_open() { $shooter nav-menu.png && [ "$($png count "$run/nav-menu.png" 51 51 56 60 \
        $((cx1 - 260)) $((cy0 + 19)) $((cx1 - 100)) $((cy0 + 35)))" -gt 20 ]; }
    expect "weston navigate: clicking ☰ opens the main menu" wait_for 5 menu_open
    pointer click left $((cx1 - 100)) $((cy0 + 293))
    navigate_chosen() { grep -qs 'fingers *= *navigate' "$run"/.config/touchtracker/settings.conf; }
    expect "weston navigate: clicking Fingers Navigate in it is remembered" wait_for 5 navigate_chosen
    # The middle button dragged (+150, +80): the line, at y 95..105, goes to 175..185.
    local x=$((cx0 + 600)) y=$((cy0 + 400)) step moves=()
    for step in 1 2 3 4 5 6 7 8 9 10; do moves+=(move $((x + 15 * step)) $((y + 8 * step)) sleep 0.02); done
    pointer move $x $y press middle "${moves[@]}" release middle
    panned() { $shooter panned.png && rows=$(line_at_column panned.png 500) && between "${rows% *}" 172 178 \
        && between "${rows#* }" 182 188; }
    wait_for 5 panned
    expect "weston navigate: a middle-button drag pans the line by its travel (canvas rows $rows at x 500, was 95 105)" panned
    expect "weston navigate: and draws nothing" test "$(python3 "$here/drawing.py" lines "$run/drawing.json" | wc -l)" = 2
    # The zoom readout ("100%") is the first text left of the tool button
    # ("∿ Freehand", its label as wide as the bar allows): it offers Fit Drawing first.
    local readout
    readout=$($png bbox "$run/panned.png" 51 51 56 60 $((cx1 - 410)) $((cy0 - 34)) $((cx1 - 200)) $((cy0 - 14)))
    if [ "$readout" = none ]; then not_ok "weston navigate: the zoom readout is in the header bar"; kill $app_pid; return; fi
    local r0
    read -r r0 _ _ _ <<<"$readout"
    pointer click left $((r0 + 15)) $((cy0 - 24))
    sleep 1
    $shooter readout-menu.png
    pointer click left $((r0 + 15)) $((cy0 + 27))
    # Fit Drawing shows this small drawing whole, centred, and never past
    # 100 %: its centre (260, 230) near the canvas's middle, the 10-point
    # line (y 95..105) about 10 points thick near rows H/2 - 135 .. H/2 - 125
    # (within 8 points: the white measured is not quite the canvas view),
    # far from where the pan left it (175..185) and not thicker (zoomed in).
    local middle=$(( (cy1 - cy0) / 2 ))
    centred() { $shooter fitted.png && rows=$(line_at_column fitted.png $(( (cx1 - cx0) / 2 ))) && [ "$rows" != none ] \
        && between "${rows% *}" $((middle - 143)) $((middle - 127)) && between $(( ${rows#* } - ${rows% *} )) 8 12; }
    wait_for 5 centred
    expect "weston navigate: Fit Drawing from the zoom readout centres the small drawing at 100 % (canvas rows $rows, middle $middle)" centred
    cp "$run/fitted.png" "$work/../touchtracker-weston-navigate.png" 2>/dev/null
    # A left-button stroke of 40 moves 20 ms apart, for the recording's
    # input → on screen figures (drawn on the fitted drawing).
    moves=()
    for step in $(seq 40); do moves+=(move $((cx0 + 100 + 10 * step)) $((cy0 + 300)) sleep 0.02); done
    pointer move $((cx0 + 100)) $((cy0 + 300)) press left "${moves[@]}" release left
    sleep 0.5
    local target
    target=$(pgrep -P $app_pid | head -n 1)
    kill -TERM "${target:-$app_pid}"
    wait $app_pid 2>/dev/null
    # Headless weston has no input: its figures come from this session.
    presentation_note weston "$run/navigate.ttrec"
    # The 100 Hz drag (pacing_pair_checks), in a fresh app for each pacing.
    local pacing options
    for pacing in default frame-callback; do
        options=()
        [ $pacing = frame-callback ] && options=(--frame-callback-pacing)
        write_drawing "$run/pair-$pacing.json"
        [ "$(id -u)" -eq 0 ] && chown "$user" "$run/pair-$pacing.json"
        "${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-nested "$work/touchtracker-nested" --file "$run/pair-$pacing.json" \
            --record "$run/pair-$pacing.ttrec" "${options[@]}" > "$run/app-pair-$pacing.log" 2>&1 &
        app_pid=$!
        pids+=($app_pid)
        canvas_seen=
        if ! wait_for 20 nested_canvas; then not_ok "weston: the app starts for the 100 Hz drag ($pacing)"; return; fi
        pointer stroke 100 1 $((cx0 + 100)) $((cy0 + 300)) $((cx0 + 600)) $((cy0 + 300))
        sleep 0.5
        target=$(pgrep -P $app_pid | head -n 1)
        kill -TERM "${target:-$app_pid}"
        wait $app_pid 2>/dev/null
    done
    pacing_pair_checks weston "$run/pair-default.ttrec" "$run/pair-default.json" \
        "$run/pair-frame-callback.ttrec" "$run/pair-frame-callback.json"
    # The reference client with the same drag (reference_note): its white
    # window found as the app's canvas is.
    "${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-nested "$work/touchtracker-reference-client" \
        --output "$run/reference.txt" > "$run/reference.log" 2>&1 &
    local reference_pid=$!
    pids+=($reference_pid)
    canvas_seen=
    if wait_for 20 nested_canvas; then
        pointer stroke 100 1 $((cx0 + 100)) $((cy0 + 300)) $((cx0 + 600)) $((cy0 + 300))
        sleep 0.5
    fi
    end_with_status $reference_pid
    reference_note weston "$run/reference.txt" "$ended_status" "$run/pair-default.ttrec"
}

# ---------------------------------------------------------------- real touch: mutter and KWin
# GNOME's mutter 43 and KDE's KWin 5.27 run headless with input devices of
# their own that go through their real input paths (focus, gesture tracking,
# seat capabilities) to the app: mutter's org.gnome.Mutter.RemoteDesktop
# D-Bus API and KWin's org_kde_kwin_fake_input protocol, both driven by the
# app's own `touchtracker conformance --drive` (the injector). It takes
# commands on stdin and answers each line once the compositor has it, so the
# test can wait on what the app did between gestures. Both compositors run
# on a private session bus.

# Starts a private session bus for $run: dbus-run-session runs the bus for as
# long as its child lives; the child writes its pid and the bus address and
# sleeps until it is killed. Sets $bus and $bus_pid.
private_bus() {
    dbus-run-session -- sh -c 'echo "$$ $DBUS_SESSION_BUS_ADDRESS" > "$0.new" && mv "$0.new" "$0" && exec sleep infinity' \
        "$run/bus" 2> "$run/dbus.log" &
    wait_for 10 test -s "$run/bus" || return 1
    read -r bus_pid bus < "$run/bus"
    pids=("$bus_pid" "${pids[@]}")
}
start_input() { # command... : the injector, as the coprocess INPUT; waits until it is ready
    coproc INPUT { exec "$@" 2> "$run/input-tool.log"; }
    # (bash forgets INPUT_PID once the coprocess ends: keep it.)
    input_pid=$INPUT_PID
    pids+=($input_pid)
    local reply
    read -r -t 20 reply <&"${INPUT[0]}"
    [ "$reply" = ready ] || { echo "    injector: ${reply:-no answer}; $(tail -n 3 "$run/input-tool.log")"; return 1; }
}
send() { # commands... : one line to the injector; fails unless the compositor took all of it
    local reply
    echo "$*" >&"${INPUT[1]}"
    read -r -t 30 reply <&"${INPUT[0]}" && [ "$reply" = ok ] && return
    echo "    injector: '$*': ${reply:-no answer}" >&2
    return 1
}
# Takes a screenshot (through $shooter NAME) and tells whether the white
# canvas, at least 400x300, is on it and where the previous call saw it; sets
# cx0 cy0 cx1 cy1, its rectangle in output pixels. Callers poll it with
# wait_for. The same rectangle twice in a row, because mutter zooms a window
# in as it maps and as it maximizes: a screenshot during that animation shows
# the canvas a few pixels smaller and off its place.
canvas_shown() {
    local box previous=${canvas_seen:-}
    $shooter first.png || return 1
    box=$($png bbox "$run/first.png" 255 255 255 4)
    canvas_seen=$box
    [ "$box" != none ] && read -r cx0 cy0 cx1 cy1 <<<"$box" \
        && at_least $((cx1 - cx0)) 400 && at_least $((cy1 - cy0)) 300 && [ "$box" = "$previous" ]
}

# The same user session on either compositor ($1 names it in the output):
# the app runs with --log-input (and WAYLAND_DEBUG, to see what the
# compositor itself sent) as $app_pid; cx0 cy0 cx1 cy1 is its canvas on
# screen; $shooter NAME takes a screenshot into $run/NAME. Positions below
# are canvas coordinates (logical, from the canvas's top-left); the
# injectors take output pixels (scale 1).
touch_tests() {
    local c=$1
    at() { echo $(($1 + cx0)) $(($2 + cy0)); }
    tap() { # slot x y : a still finger, down for 50 ms
        send "down $1 $(at "$2" "$3"); sleep 0.05; up $1"
    }
    stroke() { # slot x0 y0 x1 y1 : one finger down, 20 moves over 0.4 s, up
        send "down $1 $(at "$2" "$3"); glide 20 0.4 $1 $(at "$2" "$3") $(at "$4" "$5"); up $1"
    }
    logged() { # pattern count : at least count --log-input lines match
        at_least "$(grep -c -- "$1" "$run/input.log")" "$2"
    }
    # Screenshots into $run/NAME until the number of pixels within TOL of
    # R G B in the canvas region X0 Y0 X1 Y1 lies in LOW..HIGH, for up to
    # 5 s; leaves the last count in $seen.
    await_pixels() { # NAME LOW HIGH R G B TOL X0 Y0 X1 Y1
        local name=$1 low=$2 high=$3 deadline=$((SECONDS + 5))
        shift 3
        while :; do
            $shooter "$name"
            seen=$($png count "$run/$name" "$1" "$2" "$3" "$4" \
                $((cx0 + $5)) $((cy0 + $6)) $((cx0 + $7)) $((cy0 + $8)))
            between "$seen" "$low" "$high" && return 0
            [ $SECONDS -ge $deadline ] && return 1
            sleep 0.1
        done
    }
    local seen bx0 by0 bx1 by1 bubble=(41 41 43 8) black
    black=$($png count "$run/first.png" 0 0 0 40 "$cx0" "$cy0" "$cx1" "$cy1")
    expect "$c: the drawing's lines are drawn in black ($black px)" between "$black" 5000 7000

    # The compositors create each virtual device, and the seat's capability,
    # on its first event (mutter) or the injector's first request (KWin);
    # the app binds wl_touch, wl_pointer and wl_keyboard as the capability
    # appears, so such a first event never reaches it. One throw-away event
    # of each kind, outside the window.
    send "down 9 4 4; up 9; move 4 4; key 42 1; key 42 0"
    expect "$c: the seat has touch, pointer and keyboard once the virtual devices exist" \
        wait_for 5 logged '"event":"capabilities","pointer":true,"keyboard":true,"touch":true' 1

    # One finger draws a line: 400 x 10 points of black at y=450.
    local band=(90 440 510 461)
    stroke 0 100 450 500 450
    expect "$c: a one-finger stroke saves a new line" wait_for 3 lines_saved 3
    expect "$c: the saved line runs where the finger went" last_line_is 100 450 500 450
    await_pixels drawn.png 3800 4300 0 0 0 30 "${band[@]}"
    expect "$c: the stroke is drawn in black ($seen px)" between "$seen" 3800 4300
    # (mutter may batch the last motion and the up into one frame.)
    finger_logged() {
        logged '"device":"touch","frame":\[.*"event":"down"' 1 && logged '"device":"touch","frame":\[.*"event":"up"' 1
    }
    expect "$c: --log-input shows the finger's down and up" finger_logged

    # Two fingers at once, each drawing its own line.
    send "down 1 $(at 600 100); down 2 $(at 600 200);" \
         "glide 20 0.4 1 $(at 600 100) $(at 850 100) 2 $(at 600 200) $(at 850 200); up 1; up 2"
    expect "$c: two fingers at once save two lines" wait_for 3 lines_saved 5
    each_finger_drew() { has_line 600 100 850 100 && has_line 600 200 850 200; }
    expect "$c: one where each finger went" each_finger_drew
    await_pixels two.png 4800 5400 0 0 0 30 590 90 861 211
    expect "$c: both are drawn ($seen black px)" between "$seen" 4800 5400

    # A tap on the line selects it (after the double-tap window) and opens
    # the menu bubble with Delete near the tap.
    tap 3 300 452
    await_pixels menu.png 2000 3200 53 132 228 40 "${band[@]}"
    expect "$c: a tap on the line selects it: it is ringed in the accent blue ($seen px)" between "$seen" 2000 3200
    seen=$($png count "$run/menu.png" "${bubble[@]}" $((cx0 + 200)) $((cy0 + 370)) $((cx0 + 400)) $((cy0 + 500)))
    expect "$c: the menu opens near the tap ($seen dark px)" between "$seen" 1000 9000
    # The window (title bar and canvas) at this moment is the AppStream
    # screenshot (data/screenshots/touchtracker.png is the one from mutter).
    $png crop "$run/menu.png" "$cx0" $((cy0 - bar)) "$cx1" "$cy1" "$work/../touchtracker-$c-menu.png" 2>/dev/null
    expect "$c: selecting changes nothing in the file" lines_saved 5
    read -r bx0 by0 bx1 by1 <<<"$($png bbox "$run/menu.png" "${bubble[@]}" \
        $((cx0 + 200)) $((cy0 + 370)) $((cx0 + 400)) $((cy0 + 500)))"
    # No bubble ("none"): the checks below fail and say so, the run goes on.
    [[ "$bx0" =~ ^[0-9]+$ ]] || { bx0=$cx0; by0=$cy0; bx1=$cx0; by1=$cy0; }
    # Delete is the bubble's first item (Copy and Cut follow it): 30 points
    # in from its left end.
    tap 3 $(( ${bx0:-0} + 30 - cx0 )) $(( (${by0:-0} + ${by1:-0}) / 2 - cy0 ))
    expect "$c: tapping Delete in the menu removes the line from the file" wait_for 3 lines_saved 4
    await_pixels deleted.png 0 20 0 0 0 30 "${band[@]}"
    local accent
    accent=$($png count "$run/deleted.png" 53 132 228 40 "$cx0" "$cy0" "$cx1" "$cy1")
    # (Only inside the canvas: a title bar's grey is close to the bubble's.)
    expect "$c: and from the screen, menu and all ($seen black, $accent accent px)" \
        test "$seen $accent" = "0 0" -a "$($png count "$run/deleted.png" "${bubble[@]}" "$cx0" "$cy0" "$cx1" "$cy1")" = 0

    # Ctrl+Z on the virtual keyboard (evdev 29 = left Ctrl, 44 = z).
    send "key 29 1; key 44 1; key 44 0; key 29 0"
    expect "$c: Ctrl+Z brings the deleted line back into the file" wait_for 3 lines_saved 5
    expect "$c: where it was" has_line 100 450 500 450
    await_pixels undone.png 3800 4300 0 0 0 30 "${band[@]}"
    expect "$c: and onto the screen, in black ($seen px)" between "$seen" 3800 4300

    # Long press on the line, held still for 1 s, then drag it 60 points down.
    send "down 4 $(at 300 450); sleep 1.0; glide 20 0.4 4 $(at 300 450) $(at 300 510); up 4"
    expect "$c: long press and drag moves the line, its length kept" wait_for 3 has_line 100 510 500 510
    moved_not_copied() { ! has_line 100 450 500 450 && lines_saved 5; }
    expect "$c: nothing left where it was, nothing drawn by the moving finger" moved_not_copied
    await_pixels moved.png 3800 4300 0 0 0 30 90 500 510 521
    expect "$c: the moved line is drawn at its new place ($seen px)" between "$seen" 3800 4300

    # The mouse, through the compositor's absolute pointer: a left-button drag draws.
    send "move $(at 100 560); button 272 1; glide 10 0.2 pointer $(at 100 560) $(at 400 560); button 272 0"
    expect "$c: a mouse drag saves a line" wait_for 3 lines_saved 6
    expect "$c: where the pointer went" last_line_is 100 560 400 560
    # A right click on a line selects it and opens the menu at once; Escape
    # (evdev 1) closes both.
    send "move $(at 260 102); button 273 1; button 273 0"
    await_pixels right.png 2000 3200 53 132 228 40 50 90 470 111
    expect "$c: a right click selects the line under it ($seen accent px)" between "$seen" 2000 3200
    seen=$($png count "$run/right.png" "${bubble[@]}" $((cx0 + 160)) $((cy0 + 20)) $((cx0 + 360)) $((cy0 + 150)))
    expect "$c: and opens the menu there ($seen dark px)" between "$seen" 1000 9000
    send "key 1 1; key 1 0"
    await_pixels escaped.png 0 0 53 132 228 40 0 0 $((cx1 - cx0)) $((cy1 - cy0))
    expect "$c: Escape deselects the line and closes the menu" \
        test "$seen" = 0 -a "$($png count "$run/escaped.png" "${bubble[@]}" "$cx0" "$cy0" "$cx1" "$cy1")" = 0
    send "move $(at 900 580)"

    # While the finger is down its line is red; lifted, it joins the
    # drawing in black.
    send "down 8 $(at 600 520); glide 15 0.3 8 $(at 600 520) $(at 900 520)"
    await_pixels held.png 2800 3300 255 0 0 60 590 510 911 531
    expect "$c: the line under a finger still down is red ($seen px)" between "$seen" 2800 3300
    send "up 8"
    expect "$c: lifting the finger saves that line" wait_for 3 lines_saved 7
    await_pixels lifted.png 2800 3300 0 0 0 30 590 510 911 531
    expect "$c: and draws it in black ($seen px)" between "$seen" 2800 3300

    # Two fingers tapping together undo that line, three redo it; neither
    # leaves a dot (issue 22).
    send "down 5 $(at 650 400); down 6 $(at 750 400); sleep 0.1; up 5; up 6"
    expect "$c: a two-finger tap undoes the last line" wait_for 3 lines_saved 6
    await_pixels undone-by-tap.png 0 20 0 0 0 30 590 510 911 531
    expect "$c: and takes it off the screen ($seen px)" between "$seen" 0 20
    await_pixels two-finger-tap.png 0 0 0 0 0 30 630 380 771 421
    expect "$c: the two fingers leave no dot ($seen px)" test "$seen" = 0
    send "down 5 $(at 650 400); down 6 $(at 700 400); down 7 $(at 750 400); sleep 0.1; up 5; up 6; up 7"
    expect "$c: a three-finger tap redoes it" wait_for 3 lines_saved 7
    await_pixels redone-by-tap.png 2800 3300 0 0 0 30 590 510 911 531
    expect "$c: and draws it again ($seen px)" between "$seen" 2800 3300

    # A double tap in an empty spot clears everything.
    send "down 5 $(at 700 400); sleep 0.05; up 5; sleep 0.1; down 5 $(at 700 400); sleep 0.05; up 5"
    expect "$c: a double tap empties the drawing file" wait_for 3 lines_saved 0
    # The "Drawing cleared" toast (its dark bar, #353535) takes the bottom
    # 80 points until it goes, and the empty drawing says how to draw in
    # its middle (light grey): the top fifth of the canvas is white.
    local above=$(( (cy1 - cy0) / 5 ))
    local area=$(( (cx1 - cx0) * above ))
    await_pixels cleared.png $area $area 255 255 255 4 0 0 $((cx1 - cx0)) $above
    expect "$c: and leaves a white canvas ($seen of $area px white)" test "$seen" -eq $area
    local how
    how=$($png count "$run/cleared.png" 136 136 136 40 $((cx0 + (cx1 - cx0) / 4)) $((cy0 + (cy1 - cy0) / 3)) \
        $((cx1 - (cx1 - cx0) / 4)) $((cy1 - (cy1 - cy0) / 4)))
    expect "$c: which says how to draw in its middle ($how grey px)" test "$how" -gt 500
    seen=$($png count "$run/cleared.png" 53 53 53 6 $cx0 $((cy0 + above)) $cx1 $cy1)
    expect "$c: and says so in a toast at the bottom ($seen dark px)" at_least "$seen" 2000

    # A short stroke, 14 points: ink must appear at touch down and stay.
    stroke 6 300 300 314 300
    short_stroke_kept() { lines_saved 1 && last_line_is 300 300 314 300; }
    expect "$c: a short 14-point stroke is kept as a line" wait_for 3 short_stroke_kept

    # The main menu by touch: ☰ in the header bar (mutter: 47 points
    # high, ☰ left of the three window buttons) or the toolbar (KWin: 40
    # points, ☰ at its end), then its first row (Open…) shows, and Export…,
    # under the four rows of the drawing's files and a 13-point separator
    # (173 points lower), then the Export dialog's Export button (PNG is its first choice): the
    # card is centred on the window, the button's middle 138 points below
    # the window's. The file goes to the home folder (it has no Pictures
    # folder).
    local menu_x menu_y row_y top
    if [ "$c" = mutter ]; then
        menu_x=$((cx1 - 144)) menu_y=$((cy0 - 24)) row_y=$((cy0 + 27)) top=$((cy0 - 47))
    else
        menu_x=$((cx1 - 24)) menu_y=$((cy0 - 20)) row_y=$((cy0 + 31)) top=$((cy0 - 40))
    fi
    send "down 4 $menu_x $menu_y; sleep 0.05; up 4"
    # Open: the first row's title, dark (the foreground over white), where
    # the canvas there is blank.
    # (From 260 points in: the first row, Open…, is a short word, and
    # under mutter the card reaches that far left.)
    menu_open() { $shooter menu.png && [ "$($png count "$run/menu.png" 51 51 56 60 \
        $((cx1 - 260)) $((row_y - 8)) $((cx1 - 100)) $((row_y + 8)))" -gt 20 ]; }
    expect "$c: tapping ☰ opens the main menu" wait_for 5 menu_open
    cp "$run/menu.png" "$work/../touchtracker-$c-main-menu.png" 2>/dev/null
    send "down 4 $((cx1 - 100)) $((row_y + 173)); sleep 0.05; up 4"
    sleep 0.5
    send "down 4 $(((cx0 + cx1) / 2)) $(((top + cy1) / 2 + 138)); sleep 0.05; up 4"
    exported() { ls "$run"/home/TouchTracker*.png > /dev/null 2>&1; }
    expect "$c: Export… in it, then Export in its dialog, writes the drawing as PNG" wait_for 5 exported

    # Ctrl+Q (evdev 16 = q) quits.
    send "key 29 1; key 16 1; key 16 0; key 29 0"
    local code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; code=timeout; fi
    wait $app_pid 2>/dev/null || code=$?
    expect "$c: Ctrl+Q quits ($code)" test "$code" = 0
    # The export by touch is the drawing: what --export writes of it now.
    "$app" --file "$run/drawing.json" --export "$run/reference.png" > /dev/null 2>&1
    expect "$c: the PNG exported from the menu is the drawing" \
        cmp -s "$run/reference.png" "$(ls "$run"/home/TouchTracker*.png 2>/dev/null | head -1)"
    expect "$c: no protocol error" bash -c "! grep -qi 'protocol error' '$run/app.log'"
    expect "$c: the compositor's wl_touch events are read from the app's WAYLAND_DEBUG log" compositor_facts "$c"
    replay_and_check "$c"
    presentation_note "$c" "$run/session.ttrec"
}

# The 100 Hz drag by a finger on mutter or KWin (the injector of
# touch_tests, $run and $env of the caller): one second, 100 motions, in a
# fresh app with each pacing (pacing_pair_checks).
touch_pacing_pair() { # compositor wayland_display
    local c=$1 pacing options app_pid cx0=none cy0 cx1 cy1 canvas_seen
    for pacing in default frame-callback; do
        options=()
        [ $pacing = frame-callback ] && options=(--frame-callback-pacing)
        write_drawing "$run/pair-$pacing.json"
        "${env[@]}" WAYLAND_DISPLAY="$2" "$app" --file "$run/pair-$pacing.json" --record "$run/pair-$pacing.ttrec" \
            "${options[@]}" > "$run/pair-$pacing.log" 2>&1 &
        app_pid=$!
        pids+=($app_pid)
        canvas_seen=
        if ! wait_for 15 canvas_shown; then not_ok "$c: the app starts for the 100 Hz drag ($pacing)"; kill $app_pid; return; fi
        send "down 0 $((cx0 + 100)) $((cy0 + 300)); glide 100 1.0 0 $((cx0 + 100)) $((cy0 + 300)) $((cx0 + 600)) $((cy0 + 300)); up 0"
        sleep 0.5
        kill $app_pid
        wait $app_pid 2>/dev/null
    done
    pacing_pair_checks "$c" "$run/pair-default.ttrec" "$run/pair-default.json" \
        "$run/pair-frame-callback.ttrec" "$run/pair-frame-callback.json"
    # The reference client with the same drag (reference_note): its white
    # window found as the app's canvas is.
    local reference="$(dirname "$app")/touchtracker-reference-client" reference_pid
    "${env[@]}" WAYLAND_DISPLAY="$2" "$reference" --output "$run/reference.txt" > "$run/reference.log" 2>&1 &
    reference_pid=$!
    pids+=($reference_pid)
    canvas_seen=
    if wait_for 15 canvas_shown; then
        send "down 0 $((cx0 + 100)) $((cy0 + 300)); glide 100 1.0 0 $((cx0 + 100)) $((cy0 + 300)) $((cx0 + 600)) $((cy0 + 300)); up 0"
        sleep 0.5
    fi
    end_with_status $reference_pid
    reference_note "$c" "$run/reference.txt" "$ended_status" "$run/pair-default.ttrec"
}

# What the compositor sent, from the app's WAYLAND_DEBUG log: printed as
# notes for the compositor table of docs/compositors.md (they describe the compositor,
# not the app). Fails when the log holds no wl_touch event it can read.
compositor_facts() {
    python3 - "$1" "$run/app.log" <<'PY'
import re, sys
name, log = sys.argv[1], open(sys.argv[2]).read()
# WAYLAND_DEBUG lines: "[time] wl_touch@14.up(2, 556534, 288)"; libwayland
# 1.23 (Debian 13) names the queue and writes "#" for "@":
# "[time] {Default Queue} wl_touch#14.up(2, 556534, 288)".
events = re.findall(r"^\[ *[\d.]+\] (?:\{[^}]*\} )?(\w+)[@#]\d+\.(\w+)\(([^)]*)\)", log, re.M)
touch = [(event, args) for kind, event, args in events if kind == "wl_touch"]
# The session touched the window: no wl_touch event read means the log's
# form changed, and every note below would be silently wrong.
if not touch:
    sys.exit(f"compositor_facts: no wl_touch event read from {sys.argv[2]}")
ups = [i for i, (event, _) in enumerate(touch) if event == "up"]
framed = sum(1 for i in ups if i + 1 < len(touch) and touch[i + 1][0] == "frame")
# Changes per frame, an up closing its frame (as the app does when none comes).
frames, changes = [], 0
for event, _ in touch:
    if event in ("frame", "up"):
        frames.append(changes + (event == "up"))
        changes = 0
    else:
        changes += 1
ids = sorted({int(args.split(", ")[3]) for event, args in touch if event == "down"})
count = lambda kind, event: sum(1 for k, e, _ in events if k == kind and e == event)
decoration = [args for kind, event, args in events if kind == "zxdg_toplevel_decoration_v1" and event == "configure"]
seat = [args for kind, event, args in events if kind == "wl_seat" and event == "name"]
note = lambda text: print(f"note - {name}: {text}")
note(f"{len(ups)} wl_touch.up, {framed} of them followed by wl_touch.frame")
note(f"{len(frames)} touch frames, the largest with {max(frames, default=0)} change(s)")
note(f"touch ids {ids[0]}..{ids[-1]}" if ids else "no touch down seen")
note(f"wl_touch.cancel {count('wl_touch', 'cancel')}, shape {count('wl_touch', 'shape')},"
     f" orientation {count('wl_touch', 'orientation')}")
note(f"xdg_wm_base.ping {count('xdg_wm_base', 'ping')} times")
note(f"xdg-decoration: {'mode ' + ', '.join(decoration) + ' (2 = server-side)' if decoration else 'none offered'}")
note(f"wl_seat.name {', '.join(seat) if seat else '(none)'}")
PY
}

# mutter: pipewire and wireplumber carry the ScreenCast stream that touch
# and absolute pointer positions are mapped through; the same stream gives
# the screenshots (one PipeWire frame, through GStreamer).
mutter_tests() {
    local run="$work/mutter" bus bus_pid session=() node input_pid
    mkdir -m 0700 "$run" "$run/home"
    private_bus || { not_ok "mutter: a private session bus starts"; return; }
    local env=(env -u WAYLAND_DISPLAY -u DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$run" HOME="$run/home"
               DBUS_SESSION_BUS_ADDRESS="$bus" XDG_DATA_HOME="$run/data" XDG_CONFIG_HOME="$run/home/.config")
    "${env[@]}" pipewire > "$run/pipewire.log" 2>&1 &
    pids+=($!); session+=($!)
    wait_for 10 test -S "$run/pipewire-0" || { not_ok "mutter: pipewire starts"; return; }
    "${env[@]}" wireplumber > "$run/wireplumber.log" 2>&1 &
    pids+=($!); session+=($!)
    "${env[@]}" mutter --headless --wayland --no-x11 --virtual-monitor 1280x800 --wayland-display=wl-mutter \
        > "$run/mutter.log" 2>&1 &
    pids+=($!); session+=($!)
    remote_desktop_answers() {
        "${env[@]}" gdbus introspect --session --dest org.gnome.Mutter.RemoteDesktop \
            --object-path /org/gnome/Mutter/RemoteDesktop >/dev/null 2>&1 && test -S "$run/wl-mutter"
    }
    if ! wait_for 15 remote_desktop_answers; then not_ok "mutter: compositor starts"; return; fi

    write_drawing "$run/drawing.json"
    "${env[@]}" WAYLAND_DISPLAY=wl-mutter WAYLAND_DEBUG=client "$app" --log-input --file "$run/drawing.json" \
        --record "$run/session.ttrec" \
        > "$run/input.log" 2> "$run/app.log" &
    local app_pid=$!
    pids+=($app_pid)
    if ! start_input "${env[@]}" "$app" conformance --drive; then
        not_ok "mutter: a RemoteDesktop session with a screen cast starts"; return
    fi
    echo node >&"${INPUT[1]}"
    read -r -t 5 node <&"${INPUT[0]}"
    read -r -t 5 _ <&"${INPUT[0]}"
    mutter_shot() { # NAME : one frame of the monitor's screen cast
        timeout 10 "${env[@]}" gst-launch-1.0 -q pipewiresrc path="$node" num-buffers=1 ! videoconvert \
            ! video/x-raw,format=RGB ! pngenc ! filesink location="$run/$1" > /dev/null 2>&1 && test -s "$run/$1"
    }
    local shooter=mutter_shot cx0=none cy0 cx1 cy1 bar=47 canvas_seen=
    if ! wait_for 15 canvas_shown; then
        not_ok "mutter: a screenshot shows the app's canvas"; kill $app_pid; return
    fi
    ok "mutter: a screenshot shows the app's white canvas ($cx0 $cy0 $cx1 $cy1)"
    cp "$run/first.png" "$work/../touchtracker-mutter.png" 2>/dev/null
    # mutter offers no xdg-decoration: the app draws its own header bar on
    # top of the canvas, inside its surface, in the active colour (235 235
    # 235) because mutter gives the new window focus.
    expect "mutter: the app's own header bar, active, is above the canvas" \
        test "$($png count "$run/first.png" 235 235 235 3 $((cx0 + 2)) $((cy0 - 20)) $((cx0 + 3)) $((cy0 - 12)))" = 8
    touch_tests mutter
    mutter_title_bar_tests
    mutter_navigation_tests
    touch_pacing_pair mutter wl-mutter
    send quit
    # The suite through mutter's RemoteDesktop API, on the same session.
    # mutter 43 sends no wl_touch.frame after an up, which fails every touch
    # case (docs/compositors.md); the rest must pass.
    local mutter_passes="pointer-drag right-click wheel-value120 key-modifiers key-repeat"
    conformance_tests mutter "$mutter_passes" "${env[@]}" WAYLAND_DISPLAY=wl-mutter "$app"
    # Stop this compositor's processes now rather than at the script's end.
    kill $input_pid "${session[@]}" "$bus_pid" 2>/dev/null
}

# The app's own title bar on mutter, used with a finger: its maximize button
# makes mutter maximize the window (the canvas is re-rendered at the new
# size), and its close button ends the app with the drawing kept. A second
# run of the app, on the session mutter_tests set up.
mutter_title_bar_tests() {
    write_drawing "$run/drawing.json"
    "${env[@]}" WAYLAND_DISPLAY=wl-mutter "$app" --file "$run/drawing.json" > "$run/app2.log" 2>&1 &
    local app_pid=$! cx0=none cy0 cx1 cy1 canvas_seen=
    pids+=($app_pid)
    if ! wait_for 15 canvas_shown; then not_ok "mutter: the app starts again"; kill $app_pid; return; fi
    # The window buttons sit at the header bar's end, 34 points wide and 6
    # apart, 7 from the end, centred 24 points above the canvas: close,
    # then maximize to its left.
    send "down 7 $((cx1 - 64)) $((cy0 - 24)); sleep 0.05; up 7"
    maximized() {
        canvas_shown && [ "$cx0" -eq 0 ] && [ $((cx1 - cx0)) -eq 1280 ] && [ "$cy0" -eq "$bar" ] && [ "$cy1" -eq 800 ]
    }
    wait_for 5 maximized
    expect "mutter: tapping the title bar's maximize button fills the screen with the canvas ($cx0 $cy0 $cx1 $cy1)" \
        maximized
    expect "mutter: the maximized canvas still shows the drawing" \
        test "$($png pixel "$run/first.png" $((cx0 + 260)) $((cy0 + 100)))" = "0 0 0"
    cp "$run/first.png" "$work/../touchtracker-mutter-maximized.png" 2>/dev/null
    send "down 7 $((cx1 - 24)) $((cy0 - 24)); sleep 0.05; up 7"
    local code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; code=timeout; fi
    wait $app_pid 2>/dev/null || code=$?
    expect "mutter: tapping the close button ends the app ($code)" test "$code" = 0
    expect "mutter: the drawing is kept" lines_saved 2
}

# Fingers Navigate on mutter, by real touch: a third run of the app, with
# settings of its own (the choice is remembered, and the conformance run
# after this one must find fingers drawing). The main menu's Fingers
# Navigate row is its seventh: the drawing's four file rows of 40 points
# from 7 below the canvas's top, a 13-point separator, Export…, another
# separator, then Palm Rejection (its middle 293 points down). Then one
# finger pans the drawing and two fingers pinch it, each seen in the
# screenshot: the 10-point line of write_drawing (60,100)-(460,100) moves
# by the finger's travel, and its drawn width doubles with the fingers'
# spread. Neither gesture draws or changes the file.
mutter_navigation_tests() {
    write_drawing "$run/drawing.json"
    "${env[@]}" XDG_CONFIG_HOME="$run/navigate-config" WAYLAND_DISPLAY=wl-mutter "$app" --file "$run/drawing.json" \
        > "$run/app3.log" 2>&1 &
    local app_pid=$! cx0=none cy0 cx1 cy1 canvas_seen= box rows=none
    pids+=($app_pid)
    if ! wait_for 15 canvas_shown; then not_ok "mutter navigate: the app starts again"; kill $app_pid; return; fi
    at() { echo $(($1 + cx0)) $(($2 + cy0)); }
    # The line's black in the canvas column X, as "Y0 Y1" (canvas points), or "none".
    line_at_column() { # SHOT X
        box=$($png bbox "$run/$1" 0 0 0 30 $((cx0 + $2)) "$cy0" $((cx0 + $2 + 1)) "$cy1")
        [ "$box" = none ] && echo none && return
        read -r _ y0 _ y1 <<<"$box"
        echo $((y0 - cy0)) $((y1 - cy0))
    }
    send "down 4 $((cx1 - 144)) $((cy0 - 24)); sleep 0.05; up 4"
    menu_open() { $shooter nav-menu.png && [ "$($png count "$run/nav-menu.png" 51 51 56 60 \
        $((cx1 - 260)) $((cy0 + 19)) $((cx1 - 100)) $((cy0 + 35)))" -gt 20 ]; }
    expect "mutter navigate: tapping ☰ opens the main menu" wait_for 5 menu_open
    send "down 4 $((cx1 - 100)) $((cy0 + 293)); sleep 0.05; up 4"
    navigate_chosen() { grep -qs 'fingers *= *navigate' "$run"/navigate-config/*/*; }
    expect "mutter navigate: tapping Fingers Navigate in it is remembered" wait_for 5 navigate_chosen
    # One finger from (600,400) to (750,480): the line, at y 95..105, goes to 175..185.
    sleep 0.5
    send "down 3 $(at 600 400); glide 20 0.4 3 $(at 600 400) $(at 750 480); sleep 0.2; up 3"
    local rows
    panned() { $shooter panned.png && rows=$(line_at_column panned.png 500) && between "${rows% *}" 172 178 \
        && between "${rows#* }" 182 188; }
    wait_for 5 panned
    expect "mutter navigate: one finger pans the line by its travel (canvas rows $rows at x 500, was 95 105)" panned
    expect "mutter navigate: and nothing where it was" \
        test "$($png count "$run/panned.png" 0 0 0 30 $((cx0 + 160)) $((cy0 + 90)) $((cx0 + 560)) $((cy0 + 110)))" = 0
    # Two fingers 100 points apart about (500,180), spread to 200: the
    # line through their centroid stays there, drawn twice as thick.
    sleep 0.5
    send "down 1 $(at 450 180); down 2 $(at 550 180);" \
         "glide 30 0.6 1 $(at 450 180) $(at 400 180) 2 $(at 550 180) $(at 600 180); sleep 0.2; up 1; up 2"
    pinched() { $shooter pinched.png && rows=$(line_at_column pinched.png 500) \
        && between $(( ${rows#* } - ${rows% *} )) 17 23 && between "${rows% *}" 166 174; }
    wait_for 5 pinched
    expect "mutter navigate: a two-finger pinch doubles the line's drawn width (canvas rows $rows at x 500)" pinched
    cp "$run/pinched.png" "$work/../touchtracker-mutter-pinched.png" 2>/dev/null
    expect "mutter navigate: panning and pinching draw nothing" lines_saved 2
    kill $app_pid
    wait $app_pid 2>/dev/null
}

# KWin: kwin_wayland --virtual renders into memory. KWIN_WAYLAND_NO_PERMISSION_CHECKS
# lets the injector bind org_kde_kwin_fake_input (otherwise only programs
# whose desktop entry lists it may) and KWIN_SCREENSHOT_NO_PERMISSION_CHECKS
# lets kwin-screenshot.py call org.kde.KWin.ScreenShot2.
kwin_tests() {
    local run="$work/kwin" bus bus_pid session=() input_pid
    mkdir -m 0700 "$run" "$run/home" "$run/bin"
    private_bus || { not_ok "kwin: a private session bus starts"; return; }
    # Debian gives kwin_wayland the file capability cap_sys_resource (to
    # raise its scheduling priority); where that capability is not in the
    # bounding set (containers, CI) the kernel refuses to execute the file at
    # all. A copy carries no capability. It keeps the name: KWin's own Qt
    # platform plugin loads only into a program called kwin_wayland.
    install -m 0755 "$(command -v kwin_wayland)" "$run/bin/kwin_wayland"
    local env=(env -u WAYLAND_DISPLAY -u DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$run" HOME="$run/home"
               DBUS_SESSION_BUS_ADDRESS="$bus" XDG_DATA_HOME="$run/data" XDG_CONFIG_HOME="$run/home/.config")
    "${env[@]}" KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 \
        "$run/bin/kwin_wayland" --virtual --socket wl-kwin --width 1280 --height 800 \
        --no-lockscreen --no-global-shortcuts --no-kactivities > "$run/kwin.log" 2>&1 &
    pids+=($!); session+=($!)
    # How KWin composites, once it answers on D-Bus: gl2, or qpainter where
    # it finds no usable GPU (KWin 6 here; KWin 5.27 falls back to software GL).
    kwin_compositing() {
        test -S "$run/wl-kwin" && "${env[@]}" gdbus call --session --dest org.kde.KWin --object-path /Compositor \
            --method org.freedesktop.DBus.Properties.Get org.kde.kwin.Compositing compositingType 2>/dev/null \
            | sed -n "s/^(<'\(.*\)'>,)\$/\1/p" | grep .
    }
    local compositing
    if ! compositing=$(wait_for 20 kwin_compositing); then not_ok "kwin: compositor starts"; return; fi
    # The suite through KWin's fake input: all but what fake input cannot
    # emulate (the wheel's value120, a device going away, a scale, a pen)
    # must pass.
    local kwin_passes="one-finger-stroke two-fingers-one-frame tap double-tap long-press-move two-finger-tap
                       three-finger-tap touch-cancel pointer-drag right-click key-modifiers key-repeat"
    # Through EIS (KWin 6.3), KWin delivers ei_touch_cancel as wl_touch.up:
    # touch-cancel fails there, and the report says so.
    [[ " ${EXPECT_EIS:-} " == *" kwin "* ]] && kwin_passes=${kwin_passes/touch-cancel /}
    # QPainter offers neither ScreenShot2 nor a screencast (both need
    # OpenGL), and every check below reads a screenshot; the suite judges
    # from the app's own frames, so it still runs.
    if [ "$compositing" = qpainter ]; then
        echo "skipped: kwin: the screenshot checks, as $("$run/bin/kwin_wayland" --version 2>/dev/null) composites with QPainter without a GPU and offers no ScreenShot2; only touchtracker conformance runs"
        conformance_tests kwin "$kwin_passes" "${env[@]}" WAYLAND_DISPLAY=wl-kwin "$app"
        kill "${session[@]}" "$bus_pid" 2>/dev/null
        return
    fi
    kwin_answers() {
        "${env[@]}" gdbus introspect --session --dest org.kde.KWin --object-path /org/kde/KWin/ScreenShot2 >/dev/null 2>&1
    }
    if ! wait_for 20 kwin_answers; then not_ok "kwin: ScreenShot2 answers ($compositing compositing)"; return; fi

    write_drawing "$run/drawing.json"
    "${env[@]}" WAYLAND_DISPLAY=wl-kwin WAYLAND_DEBUG=client "$app" --log-input --file "$run/drawing.json" \
        --record "$run/session.ttrec" \
        > "$run/input.log" 2> "$run/app.log" &
    local app_pid=$!
    pids+=($app_pid)
    if ! start_input "${env[@]}" WAYLAND_DISPLAY=wl-kwin "$app" conformance --drive; then
        not_ok "kwin: the injector binds org_kde_kwin_fake_input"; return
    fi
    kwin_shot() { # NAME : the whole output, through KWin's ScreenShot2 D-Bus API
        timeout 10 "${env[@]}" /usr/bin/python3 "$here/kwin-screenshot.py" "$run/$1" 2>> "$run/screenshot.log"
    }
    local shooter=kwin_shot cx0=none cy0 cx1 cy1 bar=0 canvas_seen=
    if ! wait_for 15 canvas_shown; then
        not_ok "kwin: a screenshot shows the app's canvas"; kill $app_pid; return
    fi
    ok "kwin: a screenshot shows the app's white canvas ($cx0 $cy0 $cx1 $cy1)"
    cp "$run/first.png" "$work/../touchtracker-kwin.png" 2>/dev/null
    # KWin offers xdg-decoration and the app asks for server-side
    # decorations, so it draws no title bar of its own, only its toolbar
    # (40 points) above the canvas. (Whether KWin draws a title bar depends
    # on its decoration plugin: without kwin-style-breeze it draws none.)
    expect "kwin: server-side decorations" \
        grep -q 'zxdg_toplevel_decoration_v1[@#][0-9]*\.configure(2)' "$run/app.log"
    expect "kwin: the app's toolbar is above the canvas" \
        test "$($png count "$run/first.png" 235 235 235 3 $((cx0 + 2)) $((cy0 - 20)) $((cx0 + 3)) $((cy0 - 12)))" = 8
    touch_tests kwin
    kwin_window_tests
    touch_pacing_pair kwin wl-kwin
    send quit
    # The suite, on the same session.
    conformance_tests kwin "$kwin_passes" "${env[@]}" WAYLAND_DISPLAY=wl-kwin "$app"
    kill $input_pid "${session[@]}" "$bus_pid" 2>/dev/null
}

# The inspector on KWin, which offers no wp_presentation: F12 opens it and
# a finger draws a stroke. The test checks that the panel opens (found by
# its colour, as on sway nested); the screenshot, kept beside the others,
# shows its input → on screen line estimated from frame callbacks. The
# stroke is undone, so the drawing stays as written.
kwin_inspector_tests() {
    send "key 88 1; key 88 0"
    send "down 0 $((cx0 + 300)) $((cy0 + 330)); glide 20 0.4 0 $((cx0 + 300)) $((cy0 + 330)) $((cx0 + 500)) $((cy0 + 330)); up 0"
    sleep 0.5
    kwin_shot inspector.png
    cp "$run/inspector.png" "$work/../touchtracker-kwin-inspector.png" 2>/dev/null
    local panel
    panel=$($png bbox "$run/inspector.png" 52 54 59 6 "$cx0" "$cy0" $((cx0 + 600)) $((cy0 + 600)))
    expect "kwin: F12 opens the inspector over the canvas ($panel)" test "$panel" != none
    send "key 88 1; key 88 0; key 29 1; key 44 1; key 44 0; key 29 0"
}

# Window management on KWin, through its JavaScript API (org.kde.kwin.Scripting
# on D-Bus, scripts run on the active window): a resize that the app must
# re-render at, and a close request. A second run of the app, on the session
# kwin_tests set up.
kwin_window_tests() {
    kwin_script() { # NAME JAVASCRIPT : loads and runs a KWin script
        echo "$2" > "$run/$1.js"
        "${env[@]}" gdbus call --session --dest org.kde.KWin --object-path /Scripting \
            --method org.kde.kwin.Scripting.loadScript "$run/$1.js" "touchtracker-$1" > /dev/null &&
        "${env[@]}" gdbus call --session --dest org.kde.KWin --object-path /Scripting \
            --method org.kde.kwin.Scripting.start > /dev/null
    }
    write_drawing "$run/drawing.json"
    "${env[@]}" WAYLAND_DISPLAY=wl-kwin "$app" --file "$run/drawing.json" > "$run/app2.log" 2>&1 &
    local app_pid=$! cx0=none cy0 cx1 cy1 canvas_seen=
    pids+=($app_pid)
    if ! wait_for 15 canvas_shown; then not_ok "kwin: the app starts again"; kill $app_pid; return; fi
    kwin_inspector_tests
    kwin_script resize 'workspace.activeClient.frameGeometry = {x: 100, y: 100, width: 640, height: 480};'
    # Debian's kwin-wayland alone has no decoration plugin, so the frame is
    # the canvas; a Breeze frame would take its borders and title out of it.
    resized() {
        canvas_shown && between "$cx0" 100 110 && between "$cy0" 100 140 \
            && between $((cx1 - cx0)) 620 640 && between $((cy1 - cy0)) 420 480
    }
    # A loaded machine may take seconds to configure, render and capture.
    wait_for 10 resized
    expect "kwin: a resize to 640x480 re-renders the canvas at that size ($cx0 $cy0 $cx1 $cy1)" resized
    expect "kwin: the drawing is still drawn after the resize" \
        test "$($png pixel "$run/first.png" $((cx0 + 260)) $((cy0 + 100)))" = "0 0 0"
    cp "$run/first.png" "$work/../touchtracker-kwin-resized.png" 2>/dev/null
    kwin_script close 'workspace.activeClient.closeWindow();'
    local code=0
    wait_for 5 bash -c "! kill -0 $app_pid 2>/dev/null"
    if kill -0 $app_pid 2>/dev/null; then kill $app_pid; code=timeout; fi
    wait $app_pid 2>/dev/null || code=$?
    expect "kwin: a close request ends the app ($code)" test "$code" = 0
    expect "kwin: the drawing is kept" lines_saved 2
    expect "kwin: no protocol error" bash -c "! grep -qi 'protocol error' '$run/app2.log'"
}

for c in $compositors; do
    program=$c
    [ "$c" = kwin ] && program=kwin_wayland
    if ! command -v "$program" >/dev/null; then not_ok "$c is installed"; continue; fi
    "${c}_tests"
    [ "$c" = sway ] && sway_nested_tests
    if [ "$c" = weston ]; then
        weston_scale2_tests
        weston_playground_tests
    fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
