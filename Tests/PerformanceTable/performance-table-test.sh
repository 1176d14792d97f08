#!/usr/bin/env bash
# scripts/performance-table.py on a fixture run (fixture/: check's JSON of
# each drag, the reference client's output, the bench's figures, a Debian 13
# folder with its versions, sway nested's drag recording): the README's table of the app against the
# reference client and the whole table of docs/performance.md, each row as a
# reader sees it, written between the markers and nowhere else.
#
# Usage: Tests/PerformanceTable/performance-table-test.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/touchtracker-performance-table.XXXXXX)
trap 'rm -rf "$work"' EXIT
bad=0
check() { # description condition...
    local what=$1; shift
    if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; bad=1; fi
}
for file in README.md performance.md; do
    printf 'before\n<!-- performance-table: begin (scripts/performance-table writes this) -->\nold table\n<!-- performance-table: end -->\nafter\n' \
        > "$work/$file"
done
python3 "$root/scripts/performance-table.py" "$here/fixture" "$work/README.md" "$work/performance.md" \
    weston=10.0.1-1+b1 sway-nested=1.7-6 kwin=4:5.27.5-3 debian13/mutter=48.7-0+deb13u1 > "$work/printed" 2> "$work/errors"
check "the script runs on the fixture ($(tail -n 1 "$work/errors"))" test $? -eq 0
has() { grep -qxF -- "$2" "$work/$1"; }
check "README: weston, within the budget, has its ratio and no reason; the reference's frame after a discarded one counts from the discarded one's input (26 ms)" \
    has README.md "| weston 10.0.1-1+b1 | 24.3 / 42.3 ms | 20.0 / 26.0 ms (3 frames) | 1.22× |  |"
check "README: sway nested, over 1.5×, says why: refresh 0 and no vsync flags, and how many frames its recording says were drawn at once" \
    has README.md "| sway 1.7-6 (nested in weston) | 87.3 / 92.5 ms | 25.2 / 25.2 ms (4 frames) | 3.46× | refresh 0, no vsync flags: no grid to commit for, so 11 of 43 frames drawn at once, the rest waited for frame callbacks |"
check "README: KWin without wp_presentation has no ratio, the app's estimate, and the reason" \
    has README.md "| kwin 4:5.27.5-3 | ≈ 27.2 / 37.0 ms, estimated | no presentation feedback | – | no presentation feedback |"
check "README: the Debian 13 row is named so, from its versions; a commit discarded before an older one was presented counts with the frame after it (commit order, not the answers')" \
    has README.md "| mutter 48.7-0+deb13u1 (Debian 13) | 16.0 / 30.0 ms | 14.1 / 14.1 ms (2 frames) | 1.13× |  |"
check "docs: the whole table has the reference and the ratio beside before → after" \
    has performance.md "| weston 10.0.1-1+b1 | 12.5 / 18.0 ms → 12.8 / 33.8 ms | 34.7 / 40.3 ms (64 frames) → 24.3 / 42.3 ms (60 frames) | 0 of 64 → 40 of 60 | 20.0 / 26.0 ms (3 frames) | 1.22× | 5.48 → 2.29 pt (0.418 ×, 40 samples) | nested in headless sway (its own headless back end has no input), sway's virtual pointer: a 100 Hz left-button drag of 1 s |"
check "docs: the estimate's footnote is under the table" \
    grep -qF "⁽¹⁾ ≈: estimated from frame callbacks: the compositor offers no wp_presentation" "$work/performance.md"
check "docs: the bench's latch figure is added" \
    has performance.md "Latch pacing on the scripted compositor: motion latency ÷ full repaint, scripted 60 Hz latch: 0.40 ×"
check "both: what was around the markers stays, the old table is gone" \
    bash -c "for f in '$work/README.md' '$work/performance.md'; do head -n 1 \"\$f\" | grep -qx before && tail -n 1 \"\$f\" | grep -qx after && ! grep -qx 'old table' \"\$f\" || exit 1; done"
check "README: the header and one row per compositor with a drag or a reference run" \
    test "$(grep -c '^| ' "$work/README.md")" = 5
exit $bad
