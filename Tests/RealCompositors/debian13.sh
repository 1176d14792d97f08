#!/usr/bin/env bash
# The smoke tests (smoke.sh) under Debian 13's compositors: weston 14, sway
# 1.10, mutter 48 and KWin 6.3, beside the Debian 12 ones the host runs. They
# run in a Debian 13 ("trixie") root made with debootstrap; the app is the one
# built here, run there unchanged: the Swift toolchain's folder, the app's
# build folder and this checkout's Tests/ are bind-mounted at the same paths.
#
# The prepared root (base system, compositors, libei, the smoke tests'
# tools) is kept in $TOUCHTRACKER_DEBIAN13_ROOT_CACHE (default
# /var/cache/touchtracker-debian13-root), with the .debs apt fetched: it is
# made once (about 10 minutes) and made again only when its recipe below
# changes. Each run works on an overlay of it, so runs never change it.
# The Debian mirror is the one this machine's apt uses (override it with
# TOUCHTRACKER_DEBIAN_MIRROR).
#
# Under KWin 6.3 only `touchtracker conformance` runs: without a GPU it
# composites with QPainter, which offers neither ScreenShot2 nor a
# screencast, and every other KWin check reads a screenshot (smoke.sh says
# so in one line). mutter 48's and KWin 6.3's conformance runs must drive
# their input through EIS (libei), which both offer (EXPECT_EIS, checked by
# smoke.sh).
#
# Where no such root can be made (not root, no debootstrap, no private mount
# namespace, the mirror out of reach) it prints "skipped: ..." with the reason
# and exits 0.
#
# Usage: Tests/RealCompositors/debian13.sh PATH/TO/touchtracker [weston|sway|mutter|kwin]...
# Prints smoke.sh's lines (one per check, "note -" lines for facts) after
# the versions it ran, and smoke.sh's "N passed, N failed" at the end;
# exits as smoke.sh does. KEEP_DEBIAN13=1 keeps the work folder (and smoke.sh's,
# with its screenshots, in its upper/tmp).
set -u
case ${1:-} in
    -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*|"") echo "debian13: usage: $0 PATH/TO/touchtracker [weston|sway|mutter|kwin]..." >&2; exit 2 ;;
esac
[ -x "$1" ] || { echo "debian13: no such program: $1" >&2; exit 2; }
for c in "${@:2}"; do
    case $c in weston|sway|mutter|kwin) ;; *) echo "debian13: unknown compositor '$c' (weston, sway, mutter or kwin)" >&2; exit 2 ;; esac
done
here=$(cd "$(dirname "$0")" && pwd)
tests=$(cd "$here/.." && pwd)
cache=${TOUCHTRACKER_DEBIAN13_ROOT_CACHE:-/var/cache/touchtracker-debian13-root}
suite=trixie

skip() { echo "skipped: the Debian 13 smoke tests need a Debian 13 root, and $*"; exit 0; }

# ---------------------------------------------------------------- can a root be made here?
if [ -z "${TOUCHTRACKER_DEBIAN13_NAMESPACE:-}" ]; then
    [ "$(id -u)" -eq 0 ] || skip "making one needs root (debootstrap, chroot, mount); run this test as root"
    command -v debootstrap > /dev/null || skip "debootstrap is not installed (scripts/setup-debian test installs it)"
    command -v unshare > /dev/null && unshare --mount --fork true 2> /dev/null \
        || skip "this system refuses a private mount namespace (unshare --mount), so /proc and /dev cannot be mounted into a root"
    # Everything below runs in a mount namespace of its own: the mounts into
    # the root vanish with it, however the test ends.
    TOUCHTRACKER_DEBIAN13_NAMESPACE=1 exec unshare --mount --propagation private --fork -- "$0" "$@"
fi

app=$(readlink -f "$1"); shift
compositors=${*:-weston sway mutter kwin}
# The toolchain's folder: `swift` is TOOLCHAIN/usr/bin/swift. A debug build
# loads the Swift runtime from there.
swift=$(command -v swift) || skip "no swift on PATH, whose toolchain folder the app loads its runtime from"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")

mirror=${TOUCHTRACKER_DEBIAN_MIRROR:-$(python3 "$tests/Package/debian-mirror.py" "$suite" bookworm)}

# What goes into the root, without recommends. The compositors, and libei
# (EIS, which mutter 48 and KWin 6.3 offer; kwin-common holds KWin's EIS
# D-Bus service). What the app built here loads besides the Swift runtime.
# What smoke.sh runs: grim and wtype for sway; dbus-run-session, gdbus,
# pipewire, wireplumber and GStreamer for mutter's screen cast;
# python3-jeepney for KWin's; prove and xmllint for the conformance reports;
# useradd and runuser for the unprivileged user sway needs.
compositor_packages="weston sway mutter kwin-wayland kwin-common libei1"
app_packages="libwayland-client0 libwayland-cursor0 libxkbcommon0 xkb-data libcairo2 libpangocairo-1.0-0
              fonts-dejavu-core libcanberra-pulse libsystemd0"
smoke_packages="grim wtype wl-clipboard python3 python3-jeepney procps passwd util-linux perl libxml2-utils
                dbus-daemon libglib2.0-bin pipewire pipewire-bin wireplumber
                gstreamer1.0-tools gstreamer1.0-pipewire gstreamer1.0-plugins-base gstreamer1.0-plugins-good"
packages=$(echo $compositor_packages $app_packages $smoke_packages)
# What the cached root is made of. A root made by another recipe is made
# again, except that one from the same debootstrap only lacks packages added
# to the lists since: those are installed into it (a minute, not ten).
base_recipe="debootstrap --variant=minbase $suite $mirror"
recipe="$base_recipe; apt-get install $packages; recipe 1"

work=$(mktemp -d /tmp/touchtracker-debian13.XXXXXX)
root=$work/root
cleanup() {
    unmount_from "$root"
    mountpoint -q "$root" 2> /dev/null && umount "$root"
    # --one-file-system: should an unmount have failed, rm stops at the
    # mount instead of deleting the host's /dev or the cached root.
    [ -n "${KEEP_DEBIAN13:-}" ] && echo "kept $work" || rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# Mounts into the root $1 what apt needs there: /proc, /dev, the shared apt
# archive and the host's resolver.
mount_for_apt() {
    mount -t proc proc "$1/proc" \
        && mount --bind /dev "$1/dev" \
        && mkdir -p "$cache/archives/partial" \
        && mount --bind "$cache/archives" "$1/var/cache/apt/archives" \
        && cp -L /etc/resolv.conf "$1/etc/resolv.conf"
}
# Unmounts whatever of the root $1 is mounted, innermost first.
unmount_from() {
    local mount
    for mount in "${bind_mounts[@]}" var/cache/apt/archives sys dev/shm dev/pts dev proc; do
        mountpoint -q "$1/$mount" 2> /dev/null && umount "$1/$mount"
    done
}
bind_mounts=()
in_root() { # dir command... : with a clean environment (nothing of the host's PATH)
    local dir=$1; shift
    chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}

# ---------------------------------------------------------------- the cached root
make_root() {
    local new=$cache/root.new started=$SECONDS
    rm -rf --one-file-system "$new"
    mkdir -p "$cache/debootstrap"
    echo "making a Debian 13 root with the compositors in $cache/root (debootstrap and apt, once: about 10 minutes; later runs reuse it)"
    debootstrap --variant=minbase --cache-dir="$cache/debootstrap" "$suite" "$new" "$mirror" \
        > "$cache/debootstrap.log" 2>&1 \
        || { echo "debootstrap failed; the end of $cache/debootstrap.log:"; tail -5 "$cache/debootstrap.log"; return 1; }
    printf 'deb %s %s main\ndeb %s %s-updates main\n' "$mirror" "$suite" "$mirror" "$suite" > "$new/etc/apt/sources.list"
    # apt keeps what it fetched in the shared archive, for the next making.
    echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' > "$new/etc/apt/apt.conf.d/99keep-downloads"
    (
        mount_for_apt "$new" || exit 1
        in_root "$new" apt-get update -q && in_root "$new" apt-get install -y -q --no-install-recommends $packages
        status=$?
        unmount_from "$new"
        exit $status
    ) > "$cache/prepare.log" 2>&1 || { echo "installing the compositors in the root failed:"; tail -5 "$cache/prepare.log"; return 1; }
    echo "$recipe" > "$new/.touchtracker-recipe"
    rm -rf --one-file-system "$cache/root"
    mv "$new" "$cache/root"
    echo "made the Debian 13 root in $((SECONDS - started)) s"
}
# Installs the packages of today's lists into the cached root, which the
# same debootstrap made with fewer.
top_up_root() {
    local started=$SECONDS
    echo "installing the packages added to the lists since into the cached Debian 13 root"
    (
        mount_for_apt "$cache/root" || exit 1
        in_root "$cache/root" apt-get update -q \
            && in_root "$cache/root" apt-get install -y -q --no-install-recommends $packages
        status=$?
        unmount_from "$cache/root"
        exit $status
    ) > "$cache/prepare.log" 2>&1 || { echo "installing them failed:"; tail -5 "$cache/prepare.log"; return 1; }
    echo "$recipe" > "$cache/root/.touchtracker-recipe"
    echo "installed them in $((SECONDS - started)) s"
}
mkdir -p "$cache"
# One run at a time: runs share the cached root and apt's archive of .debs.
exec 9> "$cache/lock"
if ! flock -n 9; then
    echo "waiting for another run of the Debian 13 smoke tests (it holds $cache/lock)"
    flock 9
fi
if [ "$(cat "$cache/root/.touchtracker-recipe" 2> /dev/null)" != "$recipe" ]; then
    # Only making the root needs the network: a cached one runs without.
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20).read(1)' \
        "$mirror/dists/$suite/Release" 2> /dev/null \
        || skip "the Debian mirror $mirror (from $([ -n "${TOUCHTRACKER_DEBIAN_MIRROR:-}" ] && echo TOUCHTRACKER_DEBIAN_MIRROR || echo '/etc/apt/sources.list*')) cannot be reached to make it"
    cached=$(cat "$cache/root/.touchtracker-recipe" 2> /dev/null)
    if [ "${cached%%;*}" = "$base_recipe" ] && [ "${cached##*; }" = "recipe 1" ] && top_up_root; then
        :
    else
        make_root || { echo "FAIL - a Debian 13 root is made with debootstrap from $mirror"; echo "0 passed, 1 failed"; exit 1; }
    fi
fi

# ---------------------------------------------------------------- this run's root
# An overlay: what the run writes (its /tmp, the unprivileged user sway
# needs) goes to the work folder, and the cached root stays as made.
mkdir -p "$root" "$work/upper" "$work/overlay"
mount -t overlay overlay -o "lowerdir=$cache/root,upperdir=$work/upper,workdir=$work/overlay" "$root" \
    || { echo "FAIL - an overlay of the cached root is mounted (mount -t overlay)"; echo "0 passed, 1 failed"; exit 1; }
# Programs there need /proc, /dev with its ptys, /sys, and a /dev/shm of
# their own (sway's shm allocator fails on the host's root-only one).
# A folder the root has of its own (an app installed in /usr/bin, a
# toolchain in /usr) would hide the root's: such a folder is refused.
bind_same_path() { # host folder : mounted read-only at the same path in the root
    if [ -e "$root$1" ]; then echo "debian13: $1 exists in the Debian 13 root too: mounting it there would hide the root's own" >&2; return 1; fi
    mkdir -p "$root$1" && mount --bind "$1" "$root$1" && mount -o remount,bind,ro "$root$1" \
        && bind_mounts=("${1#/}" "${bind_mounts[@]}")
}
mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" && mount --bind /dev/pts "$root/dev/pts" \
    && mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm" && mount -t sysfs sysfs "$root/sys" \
    && bind_same_path "$toolchain" && bind_same_path "$(dirname "$app")" && bind_same_path "$tests" \
    || { echo "FAIL - /proc, /dev, /sys, the toolchain, the app and Tests/ are mounted into the root"; echo "0 passed, 1 failed"; exit 1; }

version() { in_root "$root" dpkg-query -W -f '${Version}' "$1" 2> /dev/null; }
echo "note - debian13: weston $(version weston), sway $(version sway), mutter $(version mutter)," \
    "KWin $(version kwin-wayland), libei $(version libei1), libwayland $(version libwayland-client0)"

# smoke.sh's reports, when asked for (scripts/conformance-table,
# scripts/performance-table), go to a folder debian13/ in the caller's, with
# the versions they are of (debian13/versions: "compositor version" lines),
# so they sit beside the Debian 12 ones under the same names.
smoke_environment=()
for variable in CONFORMANCE_REPORTS PERFORMANCE_REPORTS; do
    [ -n "${!variable:-}" ] || continue
    folder=$(readlink -f "${!variable}")/debian13
    mkdir -p "$folder" "$root$folder" && mount --bind "$folder" "$root$folder" \
        && bind_mounts=("${folder#/}" "${bind_mounts[@]}") \
        || { echo "FAIL - $variable's folder is mounted into the root"; echo "0 passed, 1 failed"; exit 1; }
    printf 'weston %s\nsway %s\nsway-nested %s\nmutter %s\nkwin %s\n' "$(version weston)" "$(version sway)" \
        "$(version sway)" "$(version mutter)" "$(version kwin-wayland)" > "$folder/versions"
    smoke_environment+=("$variable=$folder")
done
# mutter 48 and KWin 6.3 offer EIS, and the root has libei: their
# conformance runs must go through it (smoke.sh checks).
smoke_environment+=("EXPECT_EIS=mutter kwin")
# KEEP_DEBIAN13 keeps smoke.sh's work folder too (in the overlay's upper/tmp).
[ -n "${KEEP_DEBIAN13:-}" ] && smoke_environment+=(KEEP_SMOKE=1)
in_root "$root" "${smoke_environment[@]}" "$here/smoke.sh" "$app" $compositors
