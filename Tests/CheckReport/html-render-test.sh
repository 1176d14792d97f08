#!/usr/bin/env bash
# Renders the page `touchtracker check FILE --html OUT` writes in headless
# Chromium and headless Firefox, as a person attaching it to a bug report
# would open it, and checks each screenshot: the page is laid out (its
# light ground), the timeline's contact bars are drawn (their blue), and the
# failed row's red shows. The browsers run with no network and no profile
# of the user's.
#
# Usage: Tests/CheckReport/html-render-test.sh PATH/TO/touchtracker
# KEEP_HTML=1 keeps the page and its screenshots in /tmp/touchtracker-html.*.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=$(readlink -f "$1")
work=$(mktemp -d /tmp/touchtracker-html.XXXXXX)
trap '[ -n "${KEEP_HTML:-}" ] || rm -rf "$work"' EXIT
png="python3 $root/Tests/RealCompositors/png.py"
bad=0
check() { # description condition...
    local what=$1; shift
    if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; bad=1; fi
}

# A recording with a failed row, a cancel and a pen stroke.
"$app" check "$root/Tests/Recordings/scripted-quirks.ttrec" --html "$work/report.html" >/dev/null
status=$?
if [ "$status" -ne 1 ] || [ ! -s "$work/report.html" ]; then
    echo "FAIL - check --html exited $status (1 expected: a row fails) or wrote nothing"
    exit 1
fi

# Each prints nothing and leaves $work/NAME.png.
chromium_shot() { # --no-sandbox: root in a container has no user namespaces for the sandbox.
    HOME=$work timeout 60 "$1" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$work/chromium-profile" --proxy-server=127.0.0.1:9 --window-size=1000,1600 \
        --screenshot="$work/chromium.png" "file://$work/report.html" >"$work/chromium.log" 2>&1
}
firefox_shot() { # a fresh profile; a proxy that answers nothing keeps it off the network.
    mkdir -p "$work/firefox-profile"
    printf 'user_pref("network.proxy.type", 1);\nuser_pref("network.proxy.http", "127.0.0.1");\nuser_pref("network.proxy.http_port", 9);\n' \
        > "$work/firefox-profile/user.js"
    HOME=$work timeout 90 "$1" --headless --no-remote --profile "$work/firefox-profile" --window-size=1000,1600 \
        --screenshot "$work/firefox.png" "file://$work/report.html" >"$work/firefox.log" 2>&1
}

for name in chromium firefox; do
    case $name in
        chromium) browser=$(command -v chromium || command -v chromium-browser || true) ;;
        firefox) browser=$(command -v firefox-esr || command -v firefox || true) ;;
    esac
    if [ -z "$browser" ]; then
        echo "FAIL - $name is not installed (scripts/setup-debian test installs it)"
        bad=1
        continue
    fi
    shot="$work/$name.png"
    "${name}_shot" "$browser"
    if [ ! -s "$shot" ]; then
        echo "FAIL - $name made no screenshot (see $work/$name.log)"
        KEEP_HTML=1 bad=1
        continue
    fi
    read -r width height < <($png size "$shot")
    ground=$($png count "$shot" 255 255 255 2)
    bars=$($png count "$shot" 144 187 240 14)   # the finger bars: #3584e4 at 55 % on white
    failed=$($png count "$shot" 192 28 40 30)   # the failed row's result
    check "$name: the page is laid out on its white ground ($ground px)" test "$ground" -gt $((width * height / 3))
    check "$name: the timeline draws its contact bars ($bars px)" test "$bars" -gt 300
    check "$name: the failed row shows in red ($failed px)" test "$failed" -gt 20
done
exit $bad
