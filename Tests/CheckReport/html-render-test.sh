#!/usr/bin/env bash
# Renders the page `touchtracker check FILE --html OUT` writes in headless
# Chromium, as a person attaching it to a bug report would open it, and
# checks the screenshot: the page is laid out (its light ground), the
# timeline's contact bars are drawn (their blue), and the failed row's red
# shows. Chromium runs with no network and no profile of the user's.
#
# Usage: Tests/CheckReport/html-render-test.sh PATH/TO/touchtracker
# KEEP_HTML=1 keeps the page and its screenshot in /tmp/touchtracker-html.*.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=$(readlink -f "$1")
work=$(mktemp -d /tmp/touchtracker-html.XXXXXX)
trap '[ -n "${KEEP_HTML:-}" ] || rm -rf "$work"' EXIT
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "FAIL - chromium is not installed (scripts/setup-debian test installs it)"
    exit 1
fi

# A recording with a failed row, a cancel and a pen stroke.
"$app" check "$root/Tests/Recordings/scripted-quirks.ttrec" --html "$work/report.html" >/dev/null
status=$?
if [ "$status" -ne 1 ] || [ ! -s "$work/report.html" ]; then
    echo "FAIL - check --html exited $status (1 expected: a row fails) or wrote nothing"
    exit 1
fi
# --no-sandbox: root in a container has no user namespaces for the sandbox.
HOME=$work timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --proxy-server=127.0.0.1:9 --window-size=1000,1600 \
    --screenshot="$work/report.png" "file://$work/report.html" >"$work/chromium.log" 2>&1
if [ ! -s "$work/report.png" ]; then
    echo "FAIL - chromium made no screenshot (see $work/chromium.log)"
    KEEP_HTML=1
    exit 1
fi
png="python3 $root/Tests/RealCompositors/png.py"
read -r width height < <($png size "$work/report.png")
ground=$($png count "$work/report.png" 255 255 255 2)
bars=$($png count "$work/report.png" 144 187 240 14)   # the finger bars: #3584e4 at 55 % on white
failed=$($png count "$work/report.png" 192 28 40 30)   # the failed row's result
bad=0
check() { # description condition...
    local what=$1; shift
    if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; bad=1; fi
}
check "the page is laid out on its white ground ($ground px)" test "$ground" -gt $((width * height / 3))
check "the timeline draws its contact bars ($bars px)" test "$bars" -gt 300
check "the failed row shows in red ($failed px)" test "$failed" -gt 20
exit $bad
