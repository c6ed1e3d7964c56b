#!/usr/bin/env bash
# Builds every artefact of a release into dist/ (or $DIST):
#   jojotte_score-VERSION.tar.gz and jojotte_score-VERSION-py3-none-any.whl   (python -m build)
#   jojotte-score-VERSION-linux-ARCH.tar.gz   the one-folder bundle with install.sh
#   jojotte-score_VERSION_ARCH.deb            the bundle in /opt, the command in /usr/bin
# The sdist and the wheel are each installed in a clean virtual environment and run; the
# bundle is frozen by PyInstaller from the installed wheel, not from the source tree.
#
#   bash packaging/build.sh          build (a few minutes; needs PyPI for the build tools)
#   bash packaging/build.sh --test   build, then check: lintian, the smoke tests of the
#                                    bundle and the tarball, the .deb installed with apt,
#                                    run and removed again (as root; CI does this)
# The system tools come from: sh packaging/system-libraries.sh tests build
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIST=${DIST:-$ROOT/dist}
WORK=${WORK:-$ROOT/build/packaging}
PYTHON=${PYTHON:-python3}
test_after=false
case "${1:-}" in
  --test) test_after=true ;;
  "") ;;
  *) echo "usage: bash $0 [--test]" >&2; exit 2 ;;
esac

VERSION=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' jojotte_score/__init__.py)
ARCH=$(dpkg --print-architecture 2>/dev/null || uname -m)
EXAMPLE=$ROOT/tests/data/german-example.json
step() { printf '\n== %s\n' "$*"; }

rm -rf "$DIST" "$WORK"
mkdir -p "$DIST" "$WORK"

step "sdist and wheel (python -m build)"
"$PYTHON" -m venv "$WORK/tools"
"$WORK/tools/bin/pip" install -q "build>=1.2"
"$WORK/tools/bin/python" -m build --outdir "$DIST" . >"$WORK/build.log"
wheel=$(ls "$DIST"/jojotte_score-"$VERSION"-*.whl)
sdist=$DIST/jojotte_score-$VERSION.tar.gz

# Each in a clean virtual environment, run from outside the source tree.
for artefact in "$wheel" "$sdist"; do
  name=$(basename "$artefact")
  step "$name in a clean virtual environment"
  venv=$WORK/venv-${name##*.}
  "$PYTHON" -m venv "$venv"
  "$venv/bin/pip" install -q "$artefact"
  (
    cd "$WORK"
    "$venv/bin/jojotte-score" --version
    "$venv/bin/jojotte-score" score "$EXAMPLE" | "$venv/bin/python" -c \
      'import json, sys; assert json.load(sys.stdin)["rubbers"][0]["totals"] == [755, 655]'
    # The compiled German catalogue is package data: the example explained in German.
    LANGUAGE=de "$venv/bin/jojotte-score" explain "$EXAMPLE" \
      | diff - "$ROOT/tests/data/german-example.explain.de.txt"
    QT_QPA_PLATFORM=offscreen "$venv/bin/jojotte-score" --quit-after-start \
      --data-dir "$WORK/data-${name##*.}"
  )
done

step "the bundle (PyInstaller, from the installed wheel)"
"$WORK/venv-whl/bin/pip" install -q "$wheel[build]"
"$WORK/venv-whl/bin/pyinstaller" --noconfirm --log-level WARN --distpath "$WORK/bundle" \
  --workpath "$WORK/pyinstaller" packaging/jojotte-score.spec
bundle=$WORK/bundle/jojotte-score

step "the Linux tarball"
bash packaging/linux/build-tarball.sh "$bundle" "$VERSION" "$ARCH" "$DIST"

step "the .deb"
bash packaging/linux/build-deb.sh "$bundle" "$VERSION" "$ARCH" "$DIST"

step "built"
(cd "$DIST" && ls -l)
printf 'bundle unpacked: %s\n' "$(du -sh "$bundle" | cut -f1)"

if $test_after; then
  bash packaging/linux/check-packages.sh "$DIST" "$bundle" "$VERSION" "$ARCH"
fi
