#!/bin/sh
# Installs, on Debian and Ubuntu, the system packages jojotte-score needs when they are
# missing. Does nothing when everything is there or when the system has no apt-get.
# Every group includes what `python3 -m venv` needs: Debian's own python3 makes virtual
# environments only with python3-venv (Debian ships ensurepip apart), and a system with no
# python3 at all gets it that way.
#
#   sh packaging/system-libraries.sh              the libraries Qt needs to show the window
#   sh packaging/system-libraries.sh tests        ... and the tools the tests use (with
#                                                 the accessibility bus and Debian's pyatspi,
#                                                 to read the window as a screen reader does,
#                                                 and Syncthing: two instances on loopback)
#   sh packaging/system-libraries.sh tests build  ... and the tools that build the packages
#   sh packaging/system-libraries.sh tests browser  ... and Debian's chromium and its
#                                                 WebDriver, for the shared page's tests in a
#                                                 real browser (about 150 MB; CI installs it,
#                                                 the tests skip without it)
#   sh packaging/system-libraries.sh tests desktop  ... and a Wayland compositor (weston) and
#                                                 a printer queue (CUPS with cups-pdf), for
#                                                 the tests of the window on Wayland and of
#                                                 printing (CI installs them, the tests skip
#                                                 without them)
#
# The runtime list is what the Qt modules and plugins the app loads (the Wayland platform
# with its shell, title bars and EGL integration; the xcb platform and its GL integrations;
# CUPS printing) need from the system, found by following their DT_NEEDED
# entries (what ldd resolves): python3 packaging/qt_libraries.py prints them, and
# tests/packaging/test_system_libraries.py fails when one is not listed here. The same list
# is the Depends of the .deb (packaging/linux/build-deb.sh).
set -eu

runtime="libc6 libgcc-s1 libstdc++6 zlib1g libzstd1 libglib2.0-0 libdbus-1-3
libfontconfig1 libfreetype6 fonts-dejavu-core libegl1 libgl1 libx11-6 libx11-xcb1
libxkbcommon0 libxkbcommon-x11-0 libxcb1 libxcb-cursor0 libxcb-glx0 libxcb-icccm4
libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render0 libxcb-render-util0
libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libcups2
libwayland-client0 libwayland-cursor0 libwayland-egl1"
tests="poppler-utils xvfb xauth x11-utils xdotool desktop-file-utils appstream
at-spi2-core dbus-bin python3-pyatspi syncthing"
build="binutils lintian"
browser="chromium chromium-driver"
desktop="weston cups printer-driver-cups-pdf"

packages="$runtime"
for group in "$@"; do
  case "$group" in
    tests) packages="$packages $tests" ;;
    build) packages="$packages $build" ;;
    browser) packages="$packages $browser" ;;
    desktop) packages="$packages $desktop" ;;
    *) echo "usage: sh $0 [tests] [build] [browser] [desktop]" >&2; exit 2 ;;
  esac
done

command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || exit 0

# The python3 on PATH (an active virtual environment's, if any) makes the virtual
# environment: the system's own (or one built on it) without ensurepip needs its -venv.
if ! command -v python3 >/dev/null 2>&1; then
  packages="python3-venv $packages"
elif ! python3 -c "import ensurepip" >/dev/null 2>&1 &&
  python3 -c "import sys; sys.exit(sys.base_prefix != '/usr')" 2>/dev/null; then
  packages="python$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv $packages"
fi

# The installed packages and the names they provide: since Debian 13 (the 64-bit time_t
# transition) libglib2.0-0 is installed as libglib2.0-0t64, which provides the old name.
installed=$(dpkg-query -W -f='${db:Status-Abbrev}|${Package}|${Provides}\n' 2>/dev/null |
  awk -F'|' '$1 ~ /^ii/ {
    print $2
    count = split($3, provided, ", ")
    for (i = 1; i <= count; i++) { sub(/ .*/, "", provided[i]); print provided[i] }
  }')
missing=""
for package in $packages; do
  if ! printf '%s\n' "$installed" | grep -qxF "$package"; then
    missing="$missing $package"
  fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    run="sudo"
  else
    echo "jojotte-score needs these system packages; install them as root:$missing" >&2
    exit 1
  fi
else
  run=""
fi
export DEBIAN_FRONTEND=noninteractive
# An install or removal that was cut off (a machine switched off, a session ended mid-way)
# leaves dpkg "interrupted", and apt-get then refuses every install until someone runs
# dpkg --configure -a: do that first, as apt's own message asks. dpkg keeps the journal of
# the cut-off work in its updates folder; --audit names packages left half-way.
admindir=${DPKG_ADMINDIR:-/var/lib/dpkg}
if [ -n "$(ls -A "$admindir/updates" 2>/dev/null)" ] || [ -n "$(dpkg --audit 2>/dev/null)" ]; then
  echo "dpkg was interrupted earlier; finishing its work first: dpkg --configure -a" >&2
  $run dpkg --configure -a
fi
# While another apt (an automatic update, say) holds dpkg's lock, wait up to five minutes for
# it rather than stop at once with "Could not get lock".
$run apt-get update -qq
# shellcheck disable=SC2086 # the package list is meant to split into words
$run apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends $missing
