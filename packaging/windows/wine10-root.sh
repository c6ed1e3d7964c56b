#!/usr/bin/env bash
# Makes a throw-away Debian 13 (trixie) root with Wine 10 and a Wine prefix in it, for the
# native-window test (Qt's "windows" platform): Debian 12's Wine 8 cannot draw it (Qt stops
# on a WinRT class Wine 8 lacks). packaging/windows/build.sh --test runs it as root:
#   bash packaging/windows/wine10-root.sh ROOT MIRROR
# Everything mounted while it works lives in a private mount namespace and goes with it.
set -euo pipefail
root=$1 mirror=$2
rm -rf "$root"
unshare --mount --propagation private \
  debootstrap --variant=minbase --include=wine,wine64 trixie "$root" "$mirror"
unshare --mount --propagation private sh -euc '
  root=$1
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  chroot "$root" env WINEPREFIX=/wine WINEARCH=win64 WINEDEBUG=-all \
    WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" wineboot --init
  chroot "$root" env WINEPREFIX=/wine WINEDEBUG=-all wineserver -w
  chroot "$root" wine --version
' sh "$root"
