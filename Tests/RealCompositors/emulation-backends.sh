#!/usr/bin/env bash
# Runs `touchtracker conformance` under headless mutter (its RemoteDesktop
# D-Bus API) and headless KWin (its org_kde_kwin_fake_input protocol), each
# on a private D-Bus session, and checks that each run chose that back end,
# ran its touch cases (not skipped) and printed a complete TAP report.
#
# Usage: Tests/RealCompositors/emulation-backends.sh PATH/TO/touchtracker [mutter|kwin]...
# Prints each run's TAP report, then one line per check and
# "N passed, N failed"; KEEP_EMULATION=1 keeps the logs in /tmp/touchtracker-emulation.*,
# ONLY=CASE,… runs only those cases (conformance --only).
set -u
app=$(readlink -f "$1"); shift
compositors=${*:-mutter kwin}
passed=0
failed=0
work=$(mktemp -d /tmp/touchtracker-emulation.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    [ -n "${KEEP_EMULATION:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

ok() { passed=$((passed + 1)); echo "ok   - $*"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $*"; }
expect() { local what=$1; shift; if "$@"; then ok "$what"; else not_ok "$what"; fi; }
wait_for() { # seconds command... : polls every 0.1 s
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do
        [ $SECONDS -ge $deadline ] && return 1
        sleep 0.1
    done
}
private_bus() { # DIR : a dbus-daemon of its own; sets bus and bus_pid
    dbus-run-session -- sh -c 'echo "$$ $DBUS_SESSION_BUS_ADDRESS" > "$0.new" && mv "$0.new" "$0" && exec sleep infinity' \
        "$1/bus" 2> "$1/dbus.log" &
    wait_for 10 test -s "$1/bus" || return 1
    read -r bus_pid bus < "$1/bus"
    pids+=("$bus_pid")
}

# The checks on one report: the back end it names, TAP's plan and one line
# per case, touch cases run, and the count line.
check_report() { # NAME BACKEND-WORDS REPORT
    local name=$1 words=$2 report=$3 planned cases
    cat "$report"
    expect "$name: the report names $words as its input" grep -q "^# .*input: $words" "$report"
    planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$report")
    cases=$(grep -cE '^(not )?ok [0-9]+ - ' "$report")
    expect "$name: a TAP plan and one line per case ($cases of ${planned:-no plan})" \
        test -n "$planned" -a "$cases" = "$planned"
    local touch_run
    touch_run=$(grep -E '^(not )?ok [0-9]+ - (one-finger|two-finger|tap|double-tap|long-press)' "$report" | grep -vc '# SKIP')
    expect "$name: touch cases ran, not skipped ($touch_run)" test "$touch_run" -ge 3
    expect "$name: the count line ends the report" grep -qE '^[0-9]+ passed, [0-9]+ failed' "$report"
}

mutter_run() {
    local run="$work/mutter" bus bus_pid
    mkdir -m 0700 "$run" "$run/home"
    private_bus "$run" || { not_ok "mutter: a private session bus starts"; return; }
    local env=(env -u WAYLAND_DISPLAY -u DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$run" HOME="$run/home"
               DBUS_SESSION_BUS_ADDRESS="$bus" XDG_DATA_HOME="$run/data" XDG_CONFIG_HOME="$run/home/.config")
    "${env[@]}" pipewire > "$run/pipewire.log" 2>&1 &
    pids+=($!)
    wait_for 10 test -S "$run/pipewire-0" || { not_ok "mutter: pipewire starts"; return; }
    "${env[@]}" wireplumber > "$run/wireplumber.log" 2>&1 &
    pids+=($!)
    "${env[@]}" mutter --headless --wayland --no-x11 --virtual-monitor 1280x800 --wayland-display=wl-mutter \
        > "$run/mutter.log" 2>&1 &
    pids+=($!)
    remote_desktop_answers() {
        "${env[@]}" gdbus introspect --session --dest org.gnome.Mutter.RemoteDesktop \
            --object-path /org/gnome/Mutter/RemoteDesktop >/dev/null 2>&1 && test -S "$run/wl-mutter"
    }
    wait_for 15 remote_desktop_answers || { not_ok "mutter: compositor starts"; return; }
    timeout 300 "${env[@]}" WAYLAND_DISPLAY=wl-mutter "$app" conformance ${ONLY:+--only "$ONLY"} > "$run/report.tap" 2> "$run/app.log"
    echo "    (touchtracker conformance exited with $?)"
    check_report mutter "mutter RemoteDesktop" "$run/report.tap"
}

kwin_run() {
    local run="$work/kwin" bus bus_pid
    mkdir -m 0700 "$run" "$run/home" "$run/bin"
    private_bus "$run" || { not_ok "kwin: a private session bus starts"; return; }
    # A copy of kwin_wayland carries no file capability (see smoke.sh).
    install -m 0755 "$(command -v kwin_wayland)" "$run/bin/kwin_wayland"
    local env=(env -u WAYLAND_DISPLAY -u DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$run" HOME="$run/home"
               DBUS_SESSION_BUS_ADDRESS="$bus" XDG_DATA_HOME="$run/data" XDG_CONFIG_HOME="$run/home/.config")
    # KWIN_WAYLAND_NO_PERMISSION_CHECKS: KWin offers fake input to every client.
    "${env[@]}" KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 "$run/bin/kwin_wayland" --virtual --socket wl-kwin \
        --width 1280 --height 800 --no-lockscreen --no-global-shortcuts --no-kactivities > "$run/kwin.log" 2>&1 &
    pids+=($!)
    wait_for 20 test -S "$run/wl-kwin" || { not_ok "kwin: compositor starts"; return; }
    timeout 300 "${env[@]}" WAYLAND_DISPLAY=wl-kwin "$app" conformance ${ONLY:+--only "$ONLY"} > "$run/report.tap" 2> "$run/app.log"
    echo "    (touchtracker conformance exited with $?)"
    check_report kwin "KWin fake input" "$run/report.tap"
}

for c in $compositors; do
    "${c}_run"
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
