#!/usr/bin/env python3
"""The lines a saved drawing holds, read as the app reads them: the snapshot
(drawing.json) plus the change journal beside it (drawing.json.journal, see
Sources/Document/DrawingJournal.swift), so the smoke tests check what
a user would find at the next start.

  drawing.py count PATH             prints the number of lines
  drawing.py lines PATH             prints one line per line: x1 y1 x2 y2, or
                                    for a freehand line (version 2):
                                    freehand POINTS x1 y1 x2 y2 (its ends)
"""
import json
import sys


def fnv1a(data):
    h = 0x811C9DC5
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def freehand(points, offset):
    """A freehand line: its samples (x, y, pressure, ...) as drawn, and how far it moved."""
    return {"points": [float(v) for v in points], "offset": [float(v) for v in offset]}


def describe(line):
    if isinstance(line, list):
        return " ".join("%g" % v for v in line)
    p, (dx, dy) = line["points"], line["offset"]
    ends = [p[0] + dx, p[1] + dy, p[-3] + dx, p[-2] + dy]
    return "freehand %d " % (len(p) // 3) + " ".join("%g" % v for v in ends)


def load(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    snapshot = json.loads(raw)
    lines = [freehand(line["points"], line.get("offset", [0, 0])) if isinstance(line, dict)
             else list(map(float, line)) for line in snapshot["lines"]]
    try:
        with open(path + ".journal", "rb") as f:
            journal = f.read().split(b"\n")
    except FileNotFoundError:
        return lines
    header = journal[0].decode().split(" ")
    if len(header) < 4 or header[:2] != ["touchtracker-journal", "1"] or header[2] != snapshot.get("journal"):
        return lines  # a journal of another snapshot is never applied
    ids = []
    for run in header[3].split(","):
        if not run:
            continue
        first, count = run.split("+")
        ids.extend(range(int(first), int(first) + int(count)))
    slots = dict(zip(ids, lines))
    for record in journal[1:]:
        mark = record.rfind(b" #")
        if mark < 0 or record[mark + 2:].decode(errors="replace") != "%08x" % fnv1a(record[:mark]):
            break  # a torn or damaged record ends the replay
        fields = record[:mark].decode().split(" ")
        kind = fields[0]
        if kind in ("+", "m"):
            slots[int(fields[1])] = [float(v) for v in fields[2:6]]
        elif kind == "f":
            slots[int(fields[1])] = freehand([float(v) for v in fields[4:]], [float(v) for v in fields[2:4]])
        elif kind == "o":
            slots[int(fields[1])]["offset"] = [float(v) for v in fields[2:4]]
        elif kind == "-":
            slots.pop(int(fields[1]), None)
        elif kind == "c":
            slots.clear()
    return [slots[i] for i in sorted(slots)]


if __name__ == "__main__":
    what, path = sys.argv[1], sys.argv[2]
    drawing = load(path)
    if what == "count":
        print(len(drawing))
    else:
        for line in drawing:
            print(describe(line))
