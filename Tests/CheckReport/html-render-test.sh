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
python3 - "$work/report.png" <<'PY'
import struct, sys, zlib

def read_png(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    offset, chunks, header = 8, b'', None
    while offset < len(data):
        length, kind = struct.unpack('>I4s', data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            chunks += body
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, 'unexpected PNG kind %r' % (header,)
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(chunks), width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[position], bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows

width, height, channels, rows = read_png(sys.argv[1])
def count(target, tolerance):
    total = 0
    for line in rows:
        for x in range(0, width * channels, channels):
            if all(abs(line[x + c] - target[c]) <= tolerance for c in range(3)):
                total += 1
    return total
ground = count((255, 255, 255), 2)
bars = count((144, 187, 240), 14)      # the finger bars: #3584e4 at 55 % on white
failed = count((0xc0, 0x1c, 0x28), 30)  # the failed row's result
checks = [('the page is laid out on its white ground (%d px)' % ground, ground > width * height // 3),
          ('the timeline draws its contact bars (%d px)' % bars, bars > 300),
          ('the failed row shows in red (%d px)' % failed, failed > 20)]
bad = 0
for what, good in checks:
    print(('ok   - ' if good else 'FAIL - ') + what)
    bad += not good
sys.exit(1 if bad else 0)
PY
