#!/bin/sh
# Install dist/dynoview_<version>_amd64.deb with apt in a clean Debian root (debootstrap), run
# `dynoview --smoke` and a headless command there, purge it, and fail on any file left behind.
#
#   sudo packaging/linux/test_deb.sh [path/to/dynoview_<version>_amd64.deb]
#
# Needs root, debootstrap and a Debian mirror (the first one in /etc/apt/sources.list*, or
# $DEB_MIRROR). The clean base root is made once and cached in $DEB_TEST_BASE (default
# /var/tmp/dynoview-deb-base, ~210 MB); every run works on a fresh copy of it, removed at the end
# (DEB_TEST_KEEP=1 keeps it to look around). $DEB_SUITE picks the release (default: bookworm).
set -eu

die() { echo "test_deb: $*" >&2; exit 1; }
# The machine cannot make a Debian root (no mirror reachable, no mount in this container): not a
# fault of the package, so exit 77 ("skipped", as automake's tests say) and say why.
skip() { echo "test_deb: skipped: $*" >&2; exit 77; }
[ "$(id -u)" = 0 ] || die "run as root (chroot, mount and apt-get need it)"
command -v debootstrap >/dev/null || die "debootstrap not found: apt-get install debootstrap"

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
DEB="${1:-}"
if [ -z "$DEB" ]; then
  DEB="$(ls "$REPO"/dist/dynoview_*_*.deb 2>/dev/null | tail -n 1)"
fi
[ -n "$DEB" ] && [ -f "$DEB" ] || die "no .deb given and none in dist/ (run make package)"
DEB="$(cd "$(dirname "$DEB")" && pwd)/$(basename "$DEB")"
SUITE="${DEB_SUITE:-bookworm}"
BASE="${DEB_TEST_BASE:-/var/tmp/dynoview-deb-base}/$SUITE"
MIRROR="${DEB_MIRROR:-}"
if [ -z "$MIRROR" ]; then
  # deb822 "URIs: ..." or one-line "deb URL suite ...": the first Debian archive configured.
  MIRROR="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    sed -n -e 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)[[:space:]]*$/\1/p' \
           -e 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\/debian\)[[:space:]].*/\2/p' |
    head -n 1)"
fi
[ -n "$MIRROR" ] || MIRROR="http://deb.debian.org/debian"

step() { printf '== %s\n' "$*"; }
started=$(date +%s)

if [ ! -x "$BASE/usr/bin/apt-get" ]; then
  step "debootstrap --variant=minbase $SUITE from $MIRROR into $BASE (once; cached)"
  rm -rf "$BASE.partial"
  mkdir -p "$(dirname "$BASE")"
  debootstrap --variant=minbase "$SUITE" "$BASE.partial" "$MIRROR" >"$BASE.log" 2>&1 ||
    { tail -n 20 "$BASE.log" >&2; skip "debootstrap could not make a Debian root here (log: $BASE.log)"; }
  mv "$BASE.partial" "$BASE"
fi

WORK="$(mktemp -d /var/tmp/dynoview-deb-test.XXXXXX)"
ROOTFS="$WORK/root"
cleanup() {
  if mountpoint -q "$ROOTFS/proc" 2>/dev/null; then umount "$ROOTFS/proc" || umount -l "$ROOTFS/proc"; fi
  if [ "${DEB_TEST_KEEP:-0}" = 1 ]; then
    echo "kept the test root: $ROOTFS"
  elif ! mountpoint -q "$ROOTFS/proc" 2>/dev/null; then  # never delete through a mount
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT INT TERM
step "fresh copy of the clean root: $ROOTFS"
cp -a "$BASE" "$ROOTFS"
mount -t proc proc "$ROOTFS/proc" || skip "cannot mount /proc in the test root (a container without that right)"
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf" 2>/dev/null || true
cp "$DEB" "$ROOTFS/tmp/"
IN="chroot $ROOTFS env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive"

# Every path in the root, less what apt, dpkg and the kernel change by themselves.
snapshot() {
  (cd "$ROOTFS" && find . -xdev \
    \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./run -o -path ./tmp \
       -o -path ./var/lib/apt -o -path ./var/cache -o -path ./var/log -o -path ./var/lib/dpkg \
       -o -path ./etc/resolv.conf \) -prune -o -print) | sort
}

step "apt-get install ./$(basename "$DEB") (its Depends from $MIRROR)"
$IN apt-get update -qq
$IN apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$DEB")" >"$WORK/install.log" 2>&1 ||
  { tail -n 30 "$WORK/install.log" >&2; die "apt-get install failed"; }
grep -c '^Unpacking' "$WORK/install.log" | sed 's/^/packages unpacked: /'
$IN dpkg -L dynoview | sort >"$WORK/owned"
snapshot >"$WORK/before"

step "dynoview --version, --smoke (offscreen, empty environment), audit --demo"
$IN sh -c 'command -v dynoview' | grep -qx /usr/bin/dynoview || die "/usr/bin/dynoview missing"
$IN dynoview --version | tee "$WORK/version"
grep -q "DynoView" "$WORK/version" || die "--version said nothing"
mkdir -p "$ROOTFS/tmp/home"
if ! chroot "$ROOTFS" env -i HOME=/tmp/home PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen \
    dynoview --smoke >"$WORK/smoke.log" 2>&1; then
  tail -n 40 "$WORK/smoke.log" >&2; die "dynoview --smoke failed"
fi
grep -E '^smoke:' "$WORK/smoke.log" || true
grep -q "smoke: table accounts shows" "$WORK/smoke.log" || { cat "$WORK/smoke.log" >&2; die "--smoke never showed the table"; }
rc=0
chroot "$ROOTFS" env -i HOME=/tmp/home PATH=/usr/bin:/bin dynoview audit --demo --table accounts \
  >"$WORK/audit.log" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q ORPHAN_LOCK "$WORK/audit.log" ||
  { tail -n 20 "$WORK/audit.log" >&2; die "audit --demo: exit $rc, expected 1 with ORPHAN_LOCK"; }
echo "audit --demo: exit 1, orphan locks found"
desktop="$ROOTFS/usr/share/applications/io.github.dynoview.DynoView.desktop"
[ -f "$desktop" ] && [ -f "$ROOTFS/usr/share/metainfo/io.github.dynoview.DynoView.metainfo.xml" ] &&
  [ -f "$ROOTFS/usr/share/icons/hicolor/256x256/apps/io.github.dynoview.DynoView.png" ] ||
  die "desktop entry, metainfo or icon not where desktops look"
rm -rf "$ROOTFS/tmp/home"  # the user's own files (settings, logs) are theirs, not the package's

step "apt-get purge dynoview"
$IN apt-get purge -y -qq dynoview >"$WORK/purge.log" 2>&1 ||
  { tail -n 20 "$WORK/purge.log" >&2; die "apt-get purge failed"; }
$IN dpkg -s dynoview >/dev/null 2>&1 && die "dpkg still knows dynoview after purge"
snapshot >"$WORK/after"

# Left behind: a path that was the package's or is new since the install. A folder the package
# shared with others (/usr/share/icons/hicolor/48x48/apps) stays, owned by those packages.
comm -13 "$WORK/before" "$WORK/after" >"$WORK/new"
sed 's|^\.||' "$WORK/after" >"$WORK/after.abs"
comm -12 "$WORK/owned" "$WORK/after.abs" >"$WORK/kept"
left=""
while IFS= read -r path; do
  [ -n "$path" ] || continue
  if [ -d "$ROOTFS$path" ] && [ ! -L "$ROOTFS$path" ] && $IN dpkg -S "$path" >/dev/null 2>&1; then
    continue  # another installed package owns this folder too
  fi
  left="$left
  $path"
done <"$WORK/kept"
if [ -s "$WORK/new" ] || [ -n "$left" ]; then
  echo "left behind after purge:$left" >&2
  sed 's/^\./  new: /' "$WORK/new" >&2
  die "files left behind"
fi
echo "purge left nothing: $(wc -l <"$WORK/owned") paths the package owned are gone or still owned by other packages"
[ ! -e "$ROOTFS/opt/dynoview" ] && [ ! -e "$ROOTFS/usr/bin/dynoview" ] || die "/opt/dynoview or /usr/bin/dynoview remains"
step "ok: installed, ran and purged cleanly in $(( $(date +%s) - started )) s"
