#!/usr/bin/env bash
# What the inspector overlay costs input → on screen on a real compositor:
# sway 1.7 nested in headless weston (as smoke.sh's sway-nested test; sway
# headless answers no presentation feedback, nested it does), the app's
# window tiled to sway's whole 1280×720 output. The same stroke, drawn by
# wlroots' virtual pointer (ROUNDS strokes of 60 moves 16 ms apart), is
# recorded with --record with the inspector closed and open (F12 through the
# virtual keyboard), alternating, ROUNDS times each, so both see the same
# machine load; then `touchtracker check` reads input → on screen from each
# recording. Prints one line per recording and keeps them in OUT.
#
# Usage: Tests/RealCompositors/inspector-cost.sh PATH/TO/touchtracker OUT [ROUNDS]
# (the virtual pointer tool must be built next to the app; root runs the
# compositors as an unprivileged user, as smoke.sh does).
set -u
here=$(cd "$(dirname "$0")" && pwd)
app=$(readlink -f "$1")
out=$(mkdir -p "$2" && readlink -f "$2")
rounds=${3:-3}
tool="$(dirname "$app")/touchtracker-virtual-pointer"
user=${TOUCHTRACKER_TEST_USER:-touchtracker-ci}
app_id=org.touchtracker.TouchTracker
[ -x "$tool" ] || { echo "the virtual pointer tool is not built next to $app" >&2; exit 2; }
run=$(mktemp -d /tmp/touchtracker-inspector-cost.XXXXXX)
chmod 700 "$run"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$run"
}
trap cleanup EXIT
wait_for() { # seconds command...
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do
        [ $SECONDS -ge $deadline ] && return 1
        sleep 0.1
    done
}

run_as=()
if [ "$(id -u)" -eq 0 ]; then
    id "$user" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$user" || exit 2
    run_as=(runuser -u "$user" --)
fi
install -m 0755 "$app" "$run/touchtracker"
install -m 0755 "$tool" "$run/virtual-pointer"
printf '[shell]\npanel-position=none\nbackground-color=0xff303030\n' > "$run/weston.ini"
[ "$(id -u)" -eq 0 ] && chown -R "$user" "$run"
env=(env -u WAYLAND_DISPLAY -u SWAYSOCK XDG_RUNTIME_DIR="$run" HOME="$run" XDG_DATA_HOME="$run/data")
"${run_as[@]}" "${env[@]}" weston --backend=headless-backend.so --use-pixman --socket=wl-parent \
    --width=1280 --height=800 --idle-time=0 --config="$run/weston.ini" > "$run/weston.log" 2>&1 &
pids+=($!)
wait_for 10 test -S "$run/wl-parent" || { echo "weston did not start" >&2; exit 1; }
"${run_as[@]}" "${env[@]}" WAYLAND_DISPLAY=wl-parent WLR_BACKENDS=wayland WLR_LIBINPUT_NO_DEVICES=1 \
    WLR_RENDERER=pixman sway -c /dev/null > "$run/sway.log" 2>&1 &
pids+=($!)
wait_for 10 bash -c "ls '$run'/sway-ipc.*.sock >/dev/null 2>&1 && test -S '$run/wayland-1'" \
    || { echo "sway did not start inside weston" >&2; exit 1; }
env+=(SWAYSOCK="$(ls "$run"/sway-ipc.*.sock)" WAYLAND_DISPLAY=wayland-1)

canvas_origin() { # prints "x y" of the app's canvas, below its 40-point toolbar
    "${run_as[@]}" "${env[@]}" swaymsg -t get_tree | python3 "$here/sway-canvas.py" "$app_id"
}

session() { # label inspector(yes|no) : one recorded session with one stroke
    local label=$1 inspector=$2 origin ox oy pid target moves=() step
    printf '{"format":"touchtracker","version":1,"lines":[]}\n' > "$run/drawing.json"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$run/drawing.json"
    "${run_as[@]}" "${env[@]}" "$run/touchtracker" --file "$run/drawing.json" --record "$run/$label.ttrec" \
        >> "$run/app.log" 2>&1 &
    pid=$!
    pids+=($pid)
    mapped() { origin=$(canvas_origin) && [ -n "$origin" ]; }
    wait_for 10 mapped || { echo "$label: the window was not mapped" >&2; return 1; }
    read -r ox oy <<<"$origin"
    sleep 1
    [ "$inspector" = yes ] && "${run_as[@]}" "${env[@]}" wtype -s 600 -k F12
    for step in $(seq 60); do moves+=(move $((ox + 300 + 8 * step)) $((oy + 300 + (step % 7) * 3)) sleep 0.016); done
    "${run_as[@]}" "${env[@]}" "$run/virtual-pointer" move $((ox + 300)) $((oy + 300)) press left "${moves[@]}" release left
    sleep 0.5
    [ "$inspector" = yes ] && "${run_as[@]}" "${env[@]}" grim "$run/$label.png" && cp "$run/$label.png" "$out/"
    target=$(pgrep -P $pid | head -n 1)
    kill -TERM "${target:-$pid}"
    wait $pid
    cp "$run/$label.ttrec" "$out/$label.ttrec"
    echo "$label: $("$app" check "$out/$label.ttrec" 2>&1 | grep '^presentation: input → on screen')"
}

for round in $(seq "$rounds"); do
    session "closed-$round" no
    session "open-$round" yes
done
