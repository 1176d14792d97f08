#!/usr/bin/env python3
"""Writes the latency tables of scripts/performance-table from what a run kept
in REPORTS: per compositor, `touchtracker check --json` of its session
(NAME.check.json) and of its 100 Hz drag with each pacing
(NAME-drag.check.json, NAME-drag-frame-callback.check.json), the reference
client's output for the same drag (NAME-reference.txt: a line per input
event, "event KIND input MS ms presented S s clock C on screen after L ms"
or "... discarded"),
and the bench's prediction figures (bench.txt); Debian 13's in REPORTS/debian13/.

    performance-table.py REPORTS README DOCS FOLDER/NAME=VERSION...

writes the short table (the app against the reference client) between the
performance-table markers of README and the whole one between those of DOCS,
and prints both. Rows are named FOLDER/NAME: "" for Debian 12, "debian13/".
"""
import json
import re
import sys

reports, readme, docs, rows = sys.argv[1], sys.argv[2], sys.argv[3], [r.split("=", 1) for r in sys.argv[4:]]
# A ratio above it gets its reason in the table (issue 40's budget).
RATIO_BUDGET = 1.5
# How each compositor's session was driven (smoke.sh); the 100 Hz drag
# (NAME-drag*.ttrec), where there is one, gives the latencies.
sessions = {
    "weston": "nested in headless sway (its own headless back end has no input), sway's virtual pointer: a 100 Hz left-button drag of 1 s",
    "sway": "headless, its virtual pointer dragging in the gesture playground (no drag: sway 1.7 headless answers no presentation feedback)",
    "sway-nested": "its Wayland back end in headless weston (sway 1.7's headless one answers no presentation feedback), its virtual pointer: a 100 Hz left-button drag of 1 s",
    "mutter": "headless, a finger at 100 Hz for 1 s through its RemoteDesktop API",
    "kwin": "`--virtual`, a finger at 100 Hz for 1 s through its fake-input protocol",
}


def read(path):
    try:
        return open(path).read()
    except OSError:
        return None


def bench_of(folder):
    """The bench's output on the recordings of FOLDER ("" or "debian13"), or ""."""
    return read(f"{reports}/{folder}/bench.txt" if folder else f"{reports}/bench.txt") or ""


def prediction(row):
    folder, _, name = row.rpartition("/")
    found = re.search(rf"^predicted tip RMS error at 16 ms ÷ none, {re.escape(name)} recording: (.*)\n"
                      r"(?:\s+# 16 ms: RMS (\S+) pt predicted, (\S+) pt without, over (\d+) samples)?", bench_of(folder), re.M)
    if not found:
        return "not measured"
    if found.group(2) is None:
        return found.group(1)
    ratio = found.group(1).split(" ")[0]
    return f"{found.group(3)} → {found.group(2)} pt ({ratio} ×, {found.group(4)} samples)"


notes = []


def footnote(text):
    """A marker for TEXT, written once under the table however often used."""
    if text not in notes:
        notes.append(text)
    return "⁽" + "¹²³⁴⁵⁶⁷⁸⁹"[notes.index(text)] + "⁾"


def estimated_on_screen(evidence):
    # check's warn for a compositor without presentation feedback carries
    # the estimate from frame callbacks (when it composited the frames):
    # shown as such, never as a measurement of the screen.
    found = re.search(r"estimated from frame callbacks: median (\S+) ms, p99 (\S+) ms over (\d+) frames", evidence)
    if not found:
        return None
    why = ("estimated from frame callbacks: the compositor offers no wp_presentation" if "offers no wp_presentation" in evidence
           else "estimated from frame callbacks: the compositor answers no presentation feedback")
    if "from the app's receipt of the input" in evidence:
        why += ", and from the app's receipt of the input, its event times being on another clock"
    return f"≈ {found.group(1)} / {found.group(2)} ms ({found.group(3)} frames){footnote(why)}"


def presentation_row(recording):
    """check's presentation row of RECORDING.ttrec; None without the recording."""
    report = read(f"{reports}/{recording}.check.json")
    try:
        return next(r for r in json.loads(report)["rows"] if r["row"] == "presentation") if report else None
    except (ValueError, KeyError, StopIteration):
        return None


def measured(row):
    """(median, p99, frames) as check wrote them (ms) of a presentation row that passed with figures, else None."""
    if row is None or row["result"] != "pass":
        return None
    found = re.match(r"median (\S+) ms, p99 (\S+) ms over (\d+) frames", row["evidence"])
    return found.groups() if found else None


def latencies(row):
    """(input → commit, input → on screen, latch-paced frames) of a presentation row."""
    if row is None:
        return ("–", "–", "–")
    evidence = row["evidence"]
    commit = re.search(r"input → commit median (\S+) ms, p99 (\S+) ms", evidence)
    paced = re.search(r"latch-paced (\d+) of (\d+) frames", evidence)
    screen = measured(row)
    if screen:
        on_screen = f"{screen[0]} / {screen[1]} ms ({screen[2]} frames)"
    elif estimated_on_screen(evidence):
        on_screen = estimated_on_screen(evidence)
    else:
        on_screen = f"{row['result']}: {evidence.split(';')[0]}"
    return (f"{commit.group(1)} / {commit.group(2)} ms" if commit else "–", on_screen,
            f"{paced.group(1)} of {paced.group(2)}" if paced else "–")


def before_after(name):
    """Each latency cell as before → after: the drag paced by frame
    callbacks, then by default (once when both say the same, as a warning
    does); the session alone where no drag was made."""
    after = presentation_row(f"{name}-drag")
    if after is None:
        return [f"{cell} (session)" if cell != "–" else cell for cell in latencies(presentation_row(name))]
    before = presentation_row(f"{name}-drag-frame-callback")
    return [a if b == a else f"{b} → {a}" for b, a in zip(latencies(before), latencies(after))]


def percentile(fraction, values):
    """The nearest-rank percentile, as check's (PresentationStatistics.percentile)."""
    ordered = sorted(values)
    rank = -(-fraction * len(ordered) // 1)
    return ordered[min(max(int(rank), 1), len(ordered)) - 1]


def reference(name):
    """The reference client's figures for NAME's drag: (median, p99, frames)
    as text in ms, or a short reason there are none; None without its output.

    Per presented frame from the oldest input it is the first to show, as
    the app's frames are counted and as the client's own summary line does
    (ReferenceLatencies): a presented commit shows every input committed
    since the last presented one, discarded or still unanswered; its time is
    the presented event's plus its "on screen after" (to the microsecond the
    line gives). Commits are in the order of their input times, which the
    lines (in the order of the answers) give."""
    text = read(f"{reports}/{name}-reference.txt")
    if text is None:
        return None
    if re.search(r"^reference: the compositor offers no wp_presentation", text, re.M):
        return "no presentation feedback"
    times, presented = [], []
    for line in text.splitlines():
        event = re.match(r"event \S+ input (\d+) ms (discarded|presented .*)$", line)
        if not event:
            continue
        times.append(int(event.group(1)))
        after = re.search(r"on screen after (\S+) ms$", event.group(2))
        if after:
            presented.append((int(event.group(1)), float(after.group(1))))
    latencies, shown = [], None
    for time, after in sorted(presented):
        first = min(t for t in times if (shown is None or t > shown) and t <= time)
        latencies.append(after + time - first)
        shown = time
    if not latencies:
        return "no frame presented" if re.search(r"^reference:", text, re.M) else "did not finish"
    return (f"{percentile(0.5, latencies):.1f}", f"{percentile(0.99, latencies):.1f}", str(len(latencies)))


def pacings(recording):
    """How many frames with input of RECORDING.ttrec were paced each way
    ({"latch": 26, "at-once": 10, "frame-callback": 16}: the "paced" of its
    presentation lines), or None without the recording. check's row gives
    the latch's count alone."""
    text = read(f"{reports}/{recording}.ttrec")
    if text is None:
        return None
    counts = {}
    for line in text.splitlines():
        found = re.search(r'"presentation":.*"paced":"([a-z-]+)"', line)
        if found:
            counts[found.group(1)] = counts.get(found.group(1), 0) + 1
    return counts


def why_slower(row, paced_each_way=None):
    """One line on why the app's default-paced drag (presentation ROW) is
    further from the screen than the reference: what the feedback lacked
    or how little of the drag latch pacing took, and, from the recording's
    own lines (PACED_EACH_WAY, see pacings) where kept, how many frames
    were drawn at once instead of waiting for a frame callback."""
    evidence = row["evidence"] if row else ""
    paced = re.search(r"latch-paced (\d+) of (\d+) frames", evidence)
    at_once = (paced_each_way or {}).get("at-once", 0)
    total = sum((paced_each_way or {}).values())
    rest = (f"{at_once} of {total} frames drawn at once, the rest waited for frame callbacks" if at_once
            else "frames wait for frame callbacks")
    if "refresh" not in evidence and "no flags" in evidence:
        return f"refresh 0, no vsync flags: no grid to commit for, so {rest}"
    if "refresh" not in evidence:
        return f"refresh 0: no grid to commit for, so {rest}"
    if paced and paced.group(1) == "0":
        return f"latch pacing never engaged (0 of {paced.group(2)} frames): presentations off the claimed grid; {rest}"
    if paced:
        drawn_at_once = f", {at_once} at once" if at_once else ""
        return f"latch-paced {paced.group(1)} of {paced.group(2)} frames{drawn_at_once}; the rest waited for frame callbacks"
    return rest


def against_reference(name):
    """(app on screen, reference on screen, ratio, why) cells of NAME's drag."""
    app_row = presentation_row(f"{name}-drag")
    app = measured(app_row)
    ref = reference(name)
    estimate = re.search(r"estimated from frame callbacks: median (\S+) ms, p99 (\S+) ms", app_row["evidence"]) if app_row else None
    app_cell = f"{app[0]} / {app[1]} ms" if app else f"≈ {estimate[1]} / {estimate[2]} ms, estimated" if estimate else "–"
    if ref is None:
        return app_cell, "–", "–", "no reference run (no drag here)"
    if isinstance(ref, str):
        return app_cell, ref, "–", ref
    ref_cell = f"{ref[0]} / {ref[1]} ms ({ref[2]} frames)"
    if not app:
        return app_cell, ref_cell, "–", "the app's drag has no presentation figures"
    ratio = float(app[0]) / float(ref[0]) if float(ref[0]) > 0 else float("inf")
    return app_cell, ref_cell, f"{ratio:.2f}×", (why_slower(app_row, pacings(f"{name}-drag")) if ratio > RATIO_BUDGET else "")


def label(row, version):
    folder, _, name = row.rpartition("/")
    where = ", Debian 13" if folder == "debian13" else ""
    if name == "sway-nested":
        return f"sway {version} (nested in weston{where})"
    return f"{name} {version}" + (f" ({where[2:]})" if where else "")


full = ["| compositor | input → commit p50 / p99, frame callbacks → default | input → on screen p50 / p99, frame callbacks → default "
        "| frames paced for the latch, frame callbacks → default | reference client on screen p50 / p99 | app ÷ reference, on screen p50 "
        "| predicted tip error at 16 ms (RMS), none → predicted | session |",
        "|---|---|---|---|---|---|---|---|"]
short = ["| compositor | app on screen p50 / p99 | reference client p50 / p99 | app ÷ reference, on screen p50 | why, where over 1.5× |",
         "|---|---|---|---|---|"]
for row, version in rows:
    name = row.rpartition("/")[2]
    commit, on_screen, paced = before_after(row)
    app_cell, ref_cell, ratio, why = against_reference(row)
    full.append(f"| {label(row, version)} | {commit} | {on_screen} | {paced} | {ref_cell} | {ratio} | {prediction(row)} | {sessions[name]} |")
    if reference(row) is not None or presentation_row(f"{row}-drag") is not None:
        short.append(f"| {label(row, version)} | {app_cell} | {ref_cell} | {ratio} | {why} |")
estimates = [f"⁽{'¹²³⁴⁵⁶⁷⁸⁹'[i]}⁾ ≈: {text}; an estimate, not a measurement of the screen." for i, text in enumerate(notes)]
full += [""] + estimates if estimates else []
full += ["", "Measured by `scripts/performance-table`: `Tests/RealCompositors/smoke.sh` with `PERFORMANCE_REPORTS` "
         "records each drag in a fresh `touchtracker --record` (default) and `touchtracker --frame-callback-pacing "
         "--record`, then the same drag to `touchtracker-reference-client` (a window that commits a frame for every "
         "input event, with no pacing) in the same compositor session, and `touchtracker check NAME-drag.ttrec` reads "
         "the app's latencies; the prediction error is `touchtracker-bench --quick --only prediction --recordings DIR` "
         "on each compositor's session recording (NAME.ttrec)."]
latch = [line for line in bench_of("").splitlines() if "latch" in line and not line.startswith(" ")]
if latch:
    full += ["", "Latch pacing on the scripted compositor: " + "; ".join(latch)]


def replace_between_markers(path, lines):
    text = open(path).read()
    begin = "<!-- performance-table: begin (scripts/performance-table writes this) -->"
    end = "<!-- performance-table: end -->"
    start, stop = text.index(begin) + len(begin), text.index(end)
    open(path, "w").write(text[:start] + "\n" + "\n".join(lines) + "\n" + text[stop:])


replace_between_markers(readme, short)
replace_between_markers(docs, full)
print("\n".join(short + [""] + full))
