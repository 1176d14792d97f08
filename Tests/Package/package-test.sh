#!/usr/bin/env bash
# Proves the Debian package installs and works where there is no Swift, as a
# user would find it: scripts/package builds touchtracker_VERSION_ARCH.deb,
# and in a clean Debian 12 root (debootstrap, no Swift toolchain and no Swift
# library in it), then again in Debian 13 (below):
#   - apt-get install ./touchtracker_*.deb pulls in what Depends names, and
#     the program then finds every library it loads;
#   - touchtracker --version, and --export of a drawing to PNG, read by its pixels;
#   - the launcher entry with its actions, the icons, the metainfo and
#     `man touchtracker` are where the desktop looks for them;
#   - the app under headless weston (installed after the package, so weston's
#     own dependencies cannot stand in for missing ones), a screenshot read by
#     its pixels, and SIGTERM ends it with the drawing kept;
#   - apt-get purge touchtracker leaves no file of the package behind.
#
# Debian 13 ("trixie"): the same checks in an overlay of the Debian 13 root
# Tests/RealCompositors/debian13.sh keeps (in $TOUCHTRACKER_DEBIAN13_ROOT_CACHE,
# default /var/cache/touchtracker-debian13-root), which already holds weston
# and the libraries the package depends on: there apt must resolve the
# package's Depends against Debian 13's names and versions, and the program
# must load and run, while the Debian 12 root alone proves Depends names
# every library (nothing is installed there beforehand). Reusing that root
# costs seconds instead of a second debootstrap. Where it has not been made
# yet, the Debian 13 checks say so and are skipped.
#
# The prepared root is kept in $TOUCHTRACKER_TEST_ROOT_CACHE (default
# /var/cache/touchtracker-test-root), with the .debs apt fetched, so a second
# run copies it instead of bootstrapping again. Each run works on a copy.
# The Debian mirror is the one this machine's apt uses (override it with
# TOUCHTRACKER_DEBIAN_MIRROR).
#
# Where no such root can be made (not root, no debootstrap, no private mount
# namespace, the mirror out of reach) it prints "skipped: ..." with the reason
# and exits 0.
#
# Usage: Tests/Package/package-test.sh [PATH/TO/touchtracker_VERSION_ARCH.deb]
# (without one, scripts/package builds it). KEEP_PACKAGE=1 keeps the work
# folder (the screenshot, the logs, the root). Prints one line per check and
# "N passed, N failed" at the end.
set -u
case ${1:-} in
    -h|--help) sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "package-test: unknown option '$1' (usage: $0 [PATH/TO/touchtracker_VERSION_ARCH.deb])" >&2; exit 2 ;;
esac
[ $# -eq 0 ] || [ -f "$1" ] || { echo "package-test: no such package: $1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${TOUCHTRACKER_TEST_ROOT_CACHE:-/var/cache/touchtracker-test-root}
debian13_cache=${TOUCHTRACKER_DEBIAN13_ROOT_CACHE:-/var/cache/touchtracker-debian13-root}
png="python3 $top/Tests/RealCompositors/png.py"
id=org.touchtracker.TouchTracker
suite=bookworm

skip() { echo "skipped: the package test needs a clean Debian 12 root, and $*"; exit 0; }

# ---------------------------------------------------------------- can a root be made here?
if [ -z "${TOUCHTRACKER_PACKAGE_TEST_NAMESPACE:-}" ]; then
    [ "$(id -u)" -eq 0 ] || skip "making one needs root (debootstrap, chroot, mount); run this test as root"
    command -v debootstrap > /dev/null || skip "debootstrap is not installed (scripts/setup-debian test installs it)"
    command -v unshare > /dev/null && unshare --mount --fork true 2> /dev/null \
        || skip "this system refuses a private mount namespace (unshare --mount), so /proc and /dev cannot be mounted into a root"
    # Everything below runs in a mount namespace of its own: the mounts into
    # the root vanish with it, however the test ends.
    TOUCHTRACKER_PACKAGE_TEST_NAMESPACE=1 exec unshare --mount --propagation private --fork -- "$0" "$@"
fi

# The Debian mirror this machine's apt uses for the suite's main component.
debian_mirror() {
    if [ -n "${TOUCHTRACKER_DEBIAN_MIRROR:-}" ]; then echo "$TOUCHTRACKER_DEBIAN_MIRROR"; return; fi
    python3 "$here/debian-mirror.py" "$suite"
}
mirror=$(debian_mirror)
python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20).read(1)' \
    "$mirror/dists/$suite/Release" 2> /dev/null \
    || skip "the Debian mirror $mirror (from $([ -n "${TOUCHTRACKER_DEBIAN_MIRROR:-}" ] && echo TOUCHTRACKER_DEBIAN_MIRROR || echo '/etc/apt/sources.list*')) cannot be reached"

passed=0
failed=0
work=$(mktemp -d /tmp/touchtracker-package-test.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null; done
    wait 2> /dev/null
    unmount_from "$work/root"
    unmount_from "$work/root13"
    mountpoint -q "$work/root13" 2> /dev/null && umount "$work/root13"
    # --one-file-system: should an unmount have failed, rm stops at the
    # mount instead of deleting the host's /dev or the shared archive.
    [ -n "${KEEP_PACKAGE:-}" ] && echo "kept $work" || rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# Which release's root the checks run in, as their lines begin ("Debian 12: ").
release=""
ok() { passed=$((passed + 1)); echo "ok   - $release$*"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $release$*"; }
expect() { # description command...
    local what=$1; shift
    if "$@"; then ok "$what"; else not_ok "$what"; fi
}
finish() { echo "$passed passed, $failed failed"; [ $failed -eq 0 ]; exit; }
wait_for() { # seconds command... : polls every 0.1 s
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do
        [ $SECONDS -ge $deadline ] && return 1
        sleep 0.1
    done
}
between() { [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }

# Mounts what programs inside the root $1 need: /proc, /dev, a tmpfs
# /dev/shm (a plain bind of /dev has none), the shared apt archive of its
# release ($2, default this test's), the host's resolver.
mount_into() {
    local archives=${2:-$cache/archives}
    mount -t proc proc "$1/proc" \
        && mount --bind /dev "$1/dev" \
        && mount -t tmpfs -o mode=1777 tmpfs "$1/dev/shm" \
        && mkdir -p "$archives/partial" \
        && mount --bind "$archives" "$1/var/cache/apt/archives" \
        && cp -L /etc/resolv.conf "$1/etc/resolv.conf"
}
unmount_from() {
    local mount
    for mount in var/cache/apt/archives dev/shm dev proc; do
        mountpoint -q "$1/$mount" 2> /dev/null && umount "$1/$mount"
    done
}
# Runs a command inside the root $1, with a clean environment (nothing of
# the host's PATH, hence nothing of its Swift toolchain).
clean_environment=(/usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
                   DEBIAN_FRONTEND=noninteractive)
in_root() {
    local dir=$1; shift
    chroot "$dir" "${clean_environment[@]}" "$@"
}

# ---------------------------------------------------------------- the cached clean root
# What the cached root is made of; a root made by another recipe is made again.
recipe="debootstrap --variant=minbase $suite $mirror; apt-get install man-db; recipe 1"
make_root() {
    local new=$cache/root.new
    rm -rf --one-file-system "$new"
    mkdir -p "$cache/debootstrap"
    echo "making a clean Debian 12 root in $cache/root (debootstrap, once; later runs copy it)"
    debootstrap --variant=minbase --cache-dir="$cache/debootstrap" "$suite" "$new" "$mirror" \
        > "$cache/debootstrap.log" 2>&1 \
        || { echo "debootstrap failed; the end of $cache/debootstrap.log:"; tail -5 "$cache/debootstrap.log"; return 1; }
    printf 'deb %s %s main\ndeb %s %s-updates main\n' "$mirror" "$suite" "$mirror" "$suite" > "$new/etc/apt/sources.list"
    # apt keeps what it fetched in the shared archive, for the next run.
    echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' > "$new/etc/apt/apt.conf.d/99keep-downloads"
    (
        mount_into "$new" || exit 1
        # `man touchtracker` is part of what the package promises.
        in_root "$new" apt-get update -q && in_root "$new" apt-get install -y -q --no-install-recommends man-db
        status=$?
        unmount_from "$new"
        exit $status
    ) > "$cache/prepare.log" 2>&1 || { echo "preparing the root failed:"; tail -5 "$cache/prepare.log"; return 1; }
    echo "$recipe" > "$new/.touchtracker-recipe"
    rm -rf --one-file-system "$cache/root"
    mv "$new" "$cache/root"
}
mkdir -p "$cache"
# One run at a time: runs share the cached root and apt's archive of .debs.
exec 9> "$cache/lock"
if ! flock -n 9; then
    echo "waiting for another run of the package test (it holds $cache/lock)"
    flock 9
fi
if [ "$(cat "$cache/root/.touchtracker-recipe" 2> /dev/null)" != "$recipe" ]; then
    make_root || { not_ok "a clean Debian 12 root is made with debootstrap from $mirror"; finish; }
fi

# ---------------------------------------------------------------- the package
if [ $# -ge 1 ]; then
    deb=$(readlink -f "$1")
else
    "$top/scripts/package" --output "$work" > "$work/package.log" 2>&1
    expect "scripts/package builds the package (lintian clean)" test $? -eq 0 || { tail -20 "$work/package.log"; finish; }
    deb=$(tail -n 1 "$work/package.log")
fi
version=$(dpkg-deb -f "$deb" Version)
expect "the package is touchtracker_${version}_$(dpkg --print-architecture).deb" \
    test "$(basename "$deb")" = "touchtracker_${version}_$(dpkg --print-architecture).deb"

# ---------------------------------------------------------------- install where there is no Swift
# Every check below, in the root $1 whose apt archive is $2, after
# installing the packages $4 the root lacks for them: install, run,
# purge; its logs go to $work/logs-$3. Returns early (1) where a step the
# rest needs failed.
package_checks() {
    local root=$1 archives=$2 logs=$work/logs-$3
    mkdir -p "$logs"
    # The root is thrown away after the run: dpkg need not fsync every file.
    echo force-unsafe-io > "$root/etc/dpkg/dpkg.cfg.d/touchtracker-test-unsafe-io"
    mount_into "$root" "$archives" || { not_ok "mount /proc and /dev into the root"; return 1; }
    expect "the root has no swift command" \
        bash -c "! chroot '$root' /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin sh -c 'command -v swift || command -v swiftc'"
    swift_files=$(find "$root" -xdev \( -name 'libswift*' -o -name 'libFoundation*' -o -name 'libdispatch*' \) | head -3)
    expect "the root has no Swift library (${swift_files:-none})" test -z "$swift_files"

    cp "$deb" "$root/tmp/"
    in_root "$root" apt-get update -q > "$logs/apt-update.log" 2>&1
    expect "apt-get update in the root" test $? -eq 0
    if [ -n "${4:-}" ]; then
        in_root "$root" apt-get install -y -q --no-install-recommends $4 > "$logs/apt-tools.log" 2>&1
        expect "apt-get install $4 in the root" test $? -eq 0
    fi
    in_root "$root" apt-get install -y -q "/tmp/$(basename "$deb")" > "$logs/apt-install.log" 2>&1
    expect "apt-get install ./$(basename "$deb") succeeds" test $? -eq 0 || { tail -20 "$logs/apt-install.log"; return 1; }
    expect "dpkg has touchtracker $version installed" \
        test "$(in_root "$root" dpkg-query -W -f='${Status} ${Version}' touchtracker)" = "install ok installed $version"
    libraries=$(in_root "$root" ldd /usr/bin/touchtracker 2>&1)
    missing=$(echo "$libraries" | grep -c 'not found')
    expect "the program finds every library it loads ($missing not found)" test "$missing" -eq 0
    expect "and none of them is Swift's" bash -c "! grep -qiE 'swift|Foundation|dispatch' <<<'$libraries'"
    expect "touchtracker --version prints 'touchtracker $version'" \
        test "$(in_root "$root" touchtracker --version)" = "touchtracker $version"

    # A long horizontal line and a vertical one, as the smoke tests draw.
    mkdir -p "$root/tmp/user"
    cat > "$root/tmp/user/drawing.json" <<'JSON'
{"format":"touchtracker","version":1,"lines":[[60,100,460,100],[200,160,200,360]]}
JSON
    in_root "$root" touchtracker --export /tmp/user/drawing.png --file /tmp/user/drawing.json > "$logs/export.log" 2>&1
    expect "touchtracker --export writes the drawing as PNG" test $? -eq 0 -a -s "$root/tmp/user/drawing.png"
    if [ -s "$root/tmp/user/drawing.png" ]; then
        black=$($png count "$root/tmp/user/drawing.png" 0 0 0 40)
        white=$($png count "$root/tmp/user/drawing.png" 255 255 255 4)
        # 400 + 200 points of 10-point line, less the overlap, on white paper.
        expect "its lines are black ($black px) on white ($white px)" \
            bash -c "[ $black -ge 5000 ] && [ $black -le 7000 ] && [ $white -gt $black ]"
    fi

    entry=$root/usr/share/applications/$id.desktop
    expect "the launcher entry is valid (desktop-file-validate)" desktop-file-validate "$entry"
    expect "it runs touchtracker from the PATH ($(in_root "$root" sh -c 'command -v touchtracker'))" \
        test "$(in_root "$root" sh -c 'command -v touchtracker')" = /usr/bin/touchtracker
    expect "it opens a drawing given by the file manager, and its actions run --playground and check --live" \
        test "$(sed -n 's/^Exec=//p' "$entry" | tr '\n' ';')" = "touchtracker %F;touchtracker --playground;touchtracker check --live;"
    for file in mime/packages/$id.xml icons/hicolor/scalable/apps/$id.svg icons/hicolor/symbolic/apps/$id-symbolic.svg \
                touchtracker/sounds/chomp.wav touchtracker/sounds/laugh.wav doc/touchtracker/copyright; do
        expect "it installs /usr/share/$file" test -s "$root/usr/share/$file"
    done
    metainfo_valid() { appstreamcli validate --no-net --no-color "$1" > /dev/null 2>&1; }
    expect "the metainfo is valid (appstreamcli validate)" metainfo_valid "$root/usr/share/metainfo/$id.metainfo.xml"
    expect "man touchtracker shows the page" \
        bash -c "chroot '$root' /usr/bin/env -i PATH=/usr/bin:/bin MANWIDTH=80 LANG=C.UTF-8 man touchtracker 2>/dev/null | grep -q 'draw lines with your fingers'"

    # ---------------------------------------------------------------- the app under headless weston
    # weston comes after the package: its own libraries (Cairo, Pango, Wayland)
    # must not have been what let the program start above.
    in_root "$root" apt-get install -y -q --no-install-recommends weston > "$logs/apt-weston.log" 2>&1
    expect "apt-get install weston in the root" test $? -eq 0 || { tail -5 "$logs/apt-weston.log"; }
    mkdir -m 0700 "$root/tmp/run"
    printf '[shell]\npanel-position=none\nbackground-color=0xff303030\n' > "$root/tmp/run/weston.ini"
    # Started as plain commands (chroot execs env, which execs the program), so
    # $! is the program itself and a signal to it reaches it.
    wayland=(XDG_RUNTIME_DIR=/tmp/run WAYLAND_DISPLAY=wl-package XDG_DATA_HOME=/tmp/user/data)
    # weston 14 (Debian 13) names back ends and renderers; 10 takes modules.
    local backend=(--backend=headless-backend.so --use-pixman)
    in_root "$root" weston --help 2>&1 | grep -q -- '--renderer=' && backend=(--backend=headless --renderer=pixman)
    chroot "$root" "${clean_environment[@]}" XDG_RUNTIME_DIR=/tmp/run weston "${backend[@]}" \
        --socket=wl-package --width=1280 --height=800 --idle-time=0 --debug --config=/tmp/run/weston.ini \
        > "$logs/weston.log" 2>&1 &
    pids+=($!)
    if wait_for 20 test -S "$root/tmp/run/wl-package"; then
        ok "weston starts in the root"
        chroot "$root" "${clean_environment[@]}" "${wayland[@]}" touchtracker --file /tmp/user/drawing.json > "$logs/app.log" 2>&1 &
        app_pid=$!
        pids+=($app_pid)
        shot=""
        for _ in $(seq 40); do
            rm -f "$root"/tmp/run/wayland-screenshot-*.png
            # weston-screenshooter writes wayland-screenshot-*.png where it runs.
            in_root "$root" sh -c 'cd /tmp/run && exec env XDG_RUNTIME_DIR=/tmp/run WAYLAND_DISPLAY=wl-package weston-screenshooter' > /dev/null 2>&1
            shot=$(ls "$root"/tmp/run/wayland-screenshot-*.png 2> /dev/null | head -n 1)
            [ -n "$shot" ] && [ "$($png bbox "$shot" 255 255 255 4)" != none ] && break
            shot=""
            sleep 0.5
        done
        expect "the app is running" kill -0 $app_pid
        if [ -z "$shot" ]; then not_ok "a screenshot shows the app's canvas"; else
            cp "$shot" "$logs/screenshot.png"
            read -r x0 y0 x1 y1 <<<"$($png bbox "$shot" 255 255 255 4)"
            expect "a white canvas of at least 400x300 is on screen ($x0 $y0 $x1 $y1)" \
                bash -c "[ $((x1 - x0)) -ge 400 ] && [ $((y1 - y0)) -ge 300 ]"
            # weston draws no decorations: the app's own header bar (Adwaita's
            # inactive grey-white, as headless weston has no seat) sits on top.
            expect "the app's own header bar is above the canvas" \
                test "$($png count "$shot" 250 250 250 2 $((x0 + 2)) $((y0 - 16)) $((x0 + 3)) $((y0 - 15)))" = 1
            black=$($png count "$shot" 0 0 0 40 "$x0" "$y0" "$x1" "$y1")
            expect "the drawing's lines are drawn in black ($black px)" between "$black" 5000 7000
        fi
        kill -TERM $app_pid 2> /dev/null
        code=0
        wait $app_pid || code=$?
        expect "SIGTERM ends the app cleanly (exit $code)" test $code -eq 0
        expect "the drawing is kept" grep -q 460 "$root/tmp/user/drawing.json"
    else
        not_ok "weston starts in the root"; tail -5 "$logs/weston.log"
    fi

    # ---------------------------------------------------------------- purge
    # Each path of the package that no other package also owns must be gone.
    owned=$(in_root "$root" sh -c 'dpkg -L touchtracker | while read -r path; do
        [ "$path" = /. ] && continue
        owners=$(dpkg -S "$path" 2>/dev/null | sed -n "s|: $path\$||p")
        [ "$owners" = touchtracker ] && echo "$path"
    done')
    expect "dpkg lists the package's own files ($(echo "$owned" | wc -l) paths)" test -n "$owned"
    in_root "$root" apt-get purge -y -q touchtracker > "$logs/apt-purge.log" 2>&1
    expect "apt-get purge touchtracker succeeds" test $? -eq 0
    left=$(echo "$owned" | while read -r path; do [ -e "$root$path" ] && echo "$path"; done | head -5 | tr '\n' ' ')
    expect "and no file or folder of the package is left (${left:-none})" test -z "$left"
    expect "dpkg no longer knows it" bash -c "! chroot '$root' dpkg-query -W touchtracker >/dev/null 2>&1"
}

release="Debian 12: "
started=$SECONDS
cp -a --reflink=auto "$cache/root" "$work/root"
package_checks "$work/root" "$cache/archives" debian12
unmount_from "$work/root"
echo "note - Debian 12's checks took $((SECONDS - started)) s"

# Debian 13: an overlay of debian13.sh's cached root, which stays as made.
release="Debian 13: "
if [ -s "$debian13_cache/root/.touchtracker-recipe" ]; then
    # debian13.sh's runs top the root up under this lock.
    exec 8> "$debian13_cache/lock" && flock 8
    mkdir -p "$work/root13" "$work/upper13" "$work/overlay13"
    if mount -t overlay overlay -o "lowerdir=$debian13_cache/root,upperdir=$work/upper13,workdir=$work/overlay13" "$work/root13"; then
        # man-db is what the compositor root lacks for these checks.
        started=$SECONDS
        package_checks "$work/root13" "$debian13_cache/archives" debian13 man-db
        echo "note - Debian 13's checks took $((SECONDS - started)) s"
    else
        not_ok "an overlay of the cached Debian 13 root is mounted (mount -t overlay)"
    fi
else
    echo "skipped: Debian 13: the package test reuses the Debian 13 root Tests/RealCompositors/debian13.sh makes, and there is none in $debian13_cache yet"
fi
finish
