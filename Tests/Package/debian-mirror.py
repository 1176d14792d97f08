#!/usr/bin/env python3
"""Prints the Debian mirror this machine's apt uses for the main component of
the first of SUITE... that one of its sources names, without a trailing slash
(http://deb.debian.org/debian when none does). The same mirror serves every
Debian release, so a Debian 12 machine's bookworm mirror also serves trixie.

Usage: debian-mirror.py SUITE...
"""
import glob
import sys


def sources():
    """(uri, suites, components) of every deb source in /etc/apt."""
    found = []
    for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
        try:
            for line in open(path):
                words = line.split("#")[0].split()
                if len(words) >= 4 and words[0] == "deb":
                    if words[1].startswith("["):  # options: deb [signed-by=...] URI suite components
                        words = [words[0]] + [w for w in words[1:]
                                              if not w.startswith("[") and not w.endswith("]") and "=" not in w]
                    found.append((words[1], [words[2]], words[3:]))
        except OSError:
            pass
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        try:
            for stanza in open(path).read().split("\n\n"):
                fields = {}
                for line in stanza.splitlines():
                    if line and not line.startswith("#") and ":" in line and not line[0].isspace():
                        key, value = line.split(":", 1)
                        fields[key.strip().lower()] = value.split()
                if "deb" in fields.get("types", []):
                    for uri in fields.get("uris", []):
                        found.append((uri, fields.get("suites", []), fields.get("components", [])))
        except OSError:
            pass
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: debian-mirror.py SUITE...")
    found = sources()
    for suite in sys.argv[1:]:
        for uri, suites, components in found:
            if suite in suites and "main" in components:
                print(uri.rstrip("/"))
                return
    print("http://deb.debian.org/debian")


main()
