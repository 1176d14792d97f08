#!/usr/bin/env bash
# Checks what scripts/install puts on a desktop, as the desktop's own tools
# read it: the desktop entry and its actions (desktop-file-validate), the
# AppStream metainfo and its licence (appstreamcli, pedantic too), the
# drawing's MIME type (update-mime-database, xdg-mime query filetype), the man
# page (groff and man, warnings on), that the man page, metainfo, CHANGELOG.md
# and the Debian changelog name the version the program reports, and that
# scripts/install --prefix followed by scripts/uninstall leaves nothing
# behind and touches nothing else.
#
# Usage: Tests/Desktop/desktop-tests.sh PATH/TO/touchtracker
# (the built app, whose --help the man page must cover; install builds its own).
# Prints one line per check and "N passed, N failed" at the end.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=$(readlink -f "$1")
id=org.touchtracker.TouchTracker
data=$root/data
passed=0
failed=0
work=$(mktemp -d /tmp/touchtracker-desktop.XXXXXX)
trap '[ -n "${KEEP_DESKTOP:-}" ] || rm -rf "$work"' EXIT

ok() { passed=$((passed + 1)); echo "ok   - $*"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $*"; }
expect() { # description command...
    local what=$1; shift
    if "$@"; then ok "$what"; else not_ok "$what"; fi
}
quiet() { # command... : succeeds and prints nothing on stdout or stderr
    local out
    out=$("$@" 2>&1) && [ -z "$out" ] || { [ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/    /'; return 1; }
}

# ---------------------------------------------------------------- desktop entry
expect "the desktop entry is valid (desktop-file-validate)" quiet desktop-file-validate "$data/$id.desktop"
# GNOME and KDE match a window to its desktop entry by the xdg_toplevel app id
# (the entry's file name without .desktop); the smoke tests find the live
# window by this same id.
expect "the desktop entry's file name is the app id the app sets ($id)" \
    grep -q "appID = \"$id\"" "$root/Sources/TouchTrackerApp/Session.swift"
entry_has() { grep -q "^$1=." "$data/$id.desktop"; }
for key in Name Comment Exec Icon Categories Keywords; do
    expect "the desktop entry has $key" entry_has "$key"
done
expect "its icon is our own, by the app id" grep -qx "Icon=$id" "$data/$id.desktop"
# The actions GNOME and KDE offer on a right click on the launcher's icon:
# each runs the program with an option --help names.
action_runs() { # action name exec
    python3 - "$data/$id.desktop" "$@" <<'PY'
import configparser, sys
entry = configparser.ConfigParser(interpolation=None, strict=True)
entry.optionxform = str
entry.read(sys.argv[1])
action, name, command = sys.argv[2:5]
group = "Desktop Action " + action
ok = (action in entry["Desktop Entry"]["Actions"].strip(";").split(";")
      and entry.has_section(group) and entry[group].get("Name") == name and entry[group].get("Exec") == command)
sys.exit(not ok)
PY
}
expect "the entry's action Gesture Playground runs touchtracker --playground" \
    action_runs playground "Gesture Playground" "touchtracker --playground"
expect "the entry's action Check This Desktop runs touchtracker check --live" \
    action_runs check-live "Check This Desktop" "touchtracker check --live"
expect "--help explains both (--playground, check --live)" \
    bash -c "'$app' --help | grep -q -- '^ *--playground ' && '$app' --help | grep -q '^ *check --live '"

# ---------------------------------------------------------------- icons
svg_ok() { python3 -c 'import sys, xml.etree.ElementTree as t; r = t.parse(sys.argv[1]).getroot(); sys.exit(r.tag != "{http://www.w3.org/2000/svg}svg")' "$1"; }
expect "the scalable icon is an SVG document" svg_ok "$data/icons/$id.svg"
expect "the symbolic icon is an SVG document" svg_ok "$data/icons/$id-symbolic.svg"
# Symbolic icons are recoloured by the desktop: one colour only, 16x16.
one_colour() {
    [ "$(grep -o '#[0-9a-fA-F]\{6\}' "$1" | sort -u | wc -l)" -eq 1 ] && grep -q 'viewBox="0 0 16 16"' "$1"
}
expect "the symbolic icon is one colour on a 16x16 grid" one_colour "$data/icons/$id-symbolic.svg"

# ---------------------------------------------------------------- metainfo
metainfo_valid() {
    appstreamcli validate --no-net --no-color "$data/$id.metainfo.xml" > "$work/appstream.log" 2>&1 \
        || { sed 's/^/    /' "$work/appstream.log"; return 1; }
}
expect "the AppStream metainfo is valid (appstreamcli validate)" metainfo_valid
# In pedantic mode one note remains, explained in the metainfo's comment
# (capitals in the app id); anything else it says is new and needs a look.
metainfo_pedantic() {
    appstreamcli validate --pedantic --no-net --no-color "$data/$id.metainfo.xml" > "$work/pedantic.log" 2>&1
    local notes
    notes=$(grep -E '^[EWIP]: ' "$work/pedantic.log" | grep -v 'cid-contains-uppercase-letter')
    [ -z "$notes" ] || { printf '%s\n' "$notes" | sed 's/^/    /'; return 1; }
    grep -q 'cid-contains-uppercase-letter' "$data/$id.metainfo.xml"
}
expect "appstreamcli validate --pedantic says only what the metainfo's comment explains" metainfo_pedantic
licensed_mit() {
    python3 -c 'import sys, xml.etree.ElementTree as t; r = t.parse(sys.argv[1]).getroot(); sys.exit(r.findtext("project_license") != "MIT")' \
        "$data/$id.metainfo.xml" && head -n 1 "$root/LICENSE" | grep -qx "MIT License" \
        && grep -q "Copyright (c) .* The TouchTracker authors" "$root/LICENSE"
}
expect "the metainfo's project_license is MIT, as LICENSE is (The TouchTracker authors)" licensed_mit
metainfo_matches() {
    python3 - "$data/$id.metainfo.xml" "$id" "$data/screenshots/touchtracker.png" "$root/Tests/RealCompositors/png.py" <<'PY'
import subprocess, sys, xml.etree.ElementTree as t
root = t.parse(sys.argv[1]).getroot()
image = root.find("screenshots/screenshot/image")
size = subprocess.run([sys.executable, sys.argv[4], "size", sys.argv[3]], capture_output=True, text=True).stdout.split()
ok = (root.findtext("id") == sys.argv[2]
      and root.findtext("launchable") == sys.argv[2] + ".desktop"
      and image is not None and size == [image.get("width"), image.get("height")])
sys.exit(not ok)
PY
}
expect "the metainfo's id and launchable are the app id and its desktop entry; its screenshot is ours, at its size" \
    metainfo_matches

# ---------------------------------------------------------------- man page
expect "the man page has no groff warnings (groff -ww)" \
    quiet groff -ww -man -Tutf8 -z "$data/touchtracker.1"
man_renders() { # man -l, with man-db's own checks on, says nothing on stderr
    LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w -l "$data/touchtracker.1" > "$work/man.txt" 2> "$work/man.err" \
        && [ ! -s "$work/man.err" ] && grep -q "EXIT STATUS" "$work/man.txt"
}
expect "man -l renders it without warnings" man_renders
# Every option --help lists is in the man page.
options=$("$app" --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+')
expect "--help lists options ($(echo $options))" test -n "$options"
for option in $options; do
    # In roff every hyphen of an option is written \-.
    expect "the man page explains $option" grep -qF -- "${option//-/\\-}" "$data/touchtracker.1"
done
# And in the README or the documentation under docs/.
for option in $options; do
    expect "the README or docs/ explain $option" grep -qF -- "$option" "$root/README.md" "$root"/docs/*.md
done
# The man page and the metainfo name the version the program reports.
version=$("$app" --version | sed -n 's/^touchtracker //p')
expect "the man page is for version $version (touchtracker --version)" \
    grep -q "^\.TH TOUCHTRACKER 1 .*\"TouchTracker $version\"" "$data/touchtracker.1"
expect "the metainfo's latest release is $version" \
    python3 -c 'import sys, xml.etree.ElementTree as t; r = t.parse(sys.argv[1]).getroot().find("releases/release"); sys.exit(r is None or r.get("version") != sys.argv[2])' \
    "$data/$id.metainfo.xml" "$version"
expect "CHANGELOG.md's latest release is $version" \
    bash -c "grep -m 1 -E '^## \\[[0-9]' '$root/CHANGELOG.md' | grep -qF '[$version]'"
expect "the Debian package's changelog is for version $version" \
    test "$(dpkg-parsechangelog -l "$root/data/debian/changelog" -S Version 2>/dev/null)" = "$version"
for section in SYNOPSIS OPTIONS KEYS FILES ENVIRONMENT "EXIT STATUS"; do
    expect "the man page has $section" grep -q "^\.SH \"\{0,1\}$section" "$data/touchtracker.1"
done

# ---------------------------------------------------------------- the drawing's MIME type
expect "the desktop entry opens drawings (MimeType=application/x-touchtracker;)" \
    grep -qx "MimeType=application/x-touchtracker;" "$data/$id.desktop"
expect "and takes the files a file manager gives it (Exec with %F)" grep -qx "Exec=touchtracker %F" "$data/$id.desktop"
expect "the MIME type is well-formed shared-mime-info XML (xmllint)" \
    quiet xmllint --noout "$data/$id.mime.xml"
mimedata=$work/mimedata
mkdir -p "$mimedata/mime/packages"
cp "$data/$id.mime.xml" "$mimedata/mime/packages/$id.xml"
expect "update-mime-database compiles it without a word" \
    quiet env XDG_DATA_HOME="$mimedata" update-mime-database "$mimedata/mime"
printf '{"format":"touchtracker","version":1,"lines":[[1,2,3,4]]}\n' > "$work/sketch.touchtracker"
printf '\357\273\277{"format":"touchtracker","version":1,"lines":[]}\n' > "$work/drawing.json"
printf '{"name":"not a drawing"}\n' > "$work/other.json"
filetype() { # file: the type xdg-mime names, as on GNOME (which asks gio)
    XDG_CURRENT_DESKTOP=GNOME XDG_DATA_HOME="$mimedata" XDG_DATA_DIRS="$mimedata:/usr/share" \
        xdg-mime query filetype "$1" 2>/dev/null
}
expect "xdg-mime names a *.touchtracker drawing application/x-touchtracker" \
    test "$(filetype "$work/sketch.touchtracker")" = application/x-touchtracker
expect "and a drawing.json of older versions too, by its first bytes (after a byte-order mark)" \
    test "$(filetype "$work/drawing.json")" = application/x-touchtracker
expect "but not other JSON" test "$(filetype "$work/other.json")" = application/json

# ---------------------------------------------------------------- install, uninstall
# Into an empty prefix: every file where the desktop looks for it.
prefix=$work/prefix
mkdir "$prefix"
"$root/scripts/install" --prefix "$prefix" > "$work/install.log" 2>&1
expect "scripts/install --prefix succeeds" test $? -eq 0 || tail -20 "$work/install.log" | sed 's/^/    /'
for file in bin/touchtracker share/applications/$id.desktop share/icons/hicolor/scalable/apps/$id.svg \
            share/icons/hicolor/symbolic/apps/$id-symbolic.svg share/metainfo/$id.metainfo.xml \
            share/man/man1/touchtracker.1 share/mime/packages/$id.xml share/touchtracker/sounds/chomp.wav \
            share/touchtracker/sounds/laugh.wav; do
    expect "it installs PREFIX/$file and says so" grep -qx "installed $prefix/$file" "$work/install.log"
done
expect "the installed desktop entry is valid" quiet desktop-file-validate "$prefix/share/applications/$id.desktop"
expect "the MIME database under PREFIX knows the drawing's type" \
    grep -q "application/x-touchtracker" "$prefix/share/mime/types"
launcher_runs() { # the launcher's Exec runs the installed binary
    local exec
    exec=$(sed -n '/^\[Desktop Entry\]/,/^\[/s/^Exec=//p' "$prefix/share/applications/$id.desktop")
    [ "$exec" = "$prefix/bin/touchtracker %F" ] && "${exec% %F}" --version | grep -q '^touchtracker '
}
expect "its Exec runs the installed binary" launcher_runs
expect "its actions run the installed binary too" \
    test "$(grep -c "^Exec=$prefix/bin/touchtracker" "$prefix/share/applications/$id.desktop")" -eq 3
expect "man finds the installed page (man -M PREFIX/share/man touchtracker)" \
    bash -c "MANWIDTH=80 man -M '$prefix/share/man' touchtracker 2>/dev/null | grep -q 'draw lines with your fingers'"
"$root/scripts/uninstall" --prefix "$prefix" > "$work/uninstall.log" 2>&1
expect "scripts/uninstall succeeds" test $? -eq 0
left=$(cd "$prefix" && find . -mindepth 1 | head -5 | tr '\n' ' ')
expect "and leaves the prefix empty (${left:-nothing left})" test -z "$left"

# Installing twice (an update) and uninstalling once leaves nothing either.
prefix=$work/twice
mkdir "$prefix"
"$root/scripts/install" --prefix "$prefix" > "$work/install-twice.log" 2>&1 \
    && "$root/scripts/install" --prefix "$prefix" >> "$work/install-twice.log" 2>&1 \
    && "$root/scripts/uninstall" --prefix "$prefix" > "$work/uninstall-twice.log" 2>&1
expect "install twice, then uninstall, succeed" test $? -eq 0
left=$(cd "$prefix" && find . -mindepth 1 | head -5 | tr '\n' ' ')
expect "and leave the prefix empty (${left:-nothing left})" test -z "$left"

# Into a prefix that already holds other programs' files: those stay.
prefix=$work/shared
mkdir -p "$prefix/bin" "$prefix/share/applications" "$prefix/share/man/man1"
echo other > "$prefix/bin/other"
echo other > "$prefix/share/applications/other.desktop"
before=$(cd "$prefix" && find . | sort)
"$root/scripts/install" --prefix "$prefix" > "$work/install2.log" 2>&1 \
    && "$root/scripts/uninstall" --prefix "$prefix" > "$work/uninstall2.log" 2>&1
expect "install then uninstall into a shared prefix succeed" test $? -eq 0
expect "and leave exactly what was there before" test "$(cd "$prefix" && find . | sort)" = "$before"
expect "uninstall refuses a prefix with nothing installed" \
    bash -c "! '$root/scripts/uninstall' --prefix '$work/empty-prefix' 2>/dev/null"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
