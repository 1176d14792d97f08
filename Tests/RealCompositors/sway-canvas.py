#!/usr/bin/env python3
"""Where the app's canvas is in sway's layout: reads `swaymsg -t get_tree`
on stdin and prints "x y" of the canvas of the window whose app_id is
argv[1] (below its 40-point toolbar), or nothing while it is not mapped.
Used by smoke.sh's sway-nested test and inspector-cost.sh."""
import json
import sys


def walk(node):
    if node.get("app_id") == sys.argv[1]:
        rect, window = node["rect"], node["window_rect"]
        print(rect["x"] + window["x"], rect["y"] + window["y"] + 40)
        return True
    return any(walk(child) for child in node.get("nodes", []) + node.get("floating_nodes", []))


walk(json.load(sys.stdin))
