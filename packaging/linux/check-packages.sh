#!/usr/bin/env bash
# Checks the built packages (packaging/build.sh --test runs it, as root):
#   lintian on the .deb (no errors allowed), the smoke tests of the bundle and the tarball,
#   the .deb installed with apt, its program run and its files checked, then purged and
#   nothing of it left behind. The tests run on the clone's .venv with its test tools
#   (packaging/test-python.sh), not on the first python3 on PATH.
#   bash packaging/linux/check-packages.sh DIST BUNDLE VERSION ARCH
set -euo pipefail
dist=$1 bundle=$2 version=$3 arch=$4
deb=$dist/jojotte-score_${version}-1_$arch.deb
tarball=$dist/jojotte-score-$version-linux-$arch.tar.gz
cd "$(dirname "$0")/../.."
step() { printf '\n== %s\n' "$*"; }
python=$(sh packaging/test-python.sh)

step "lintian $(basename "$deb")"
lintian --fail-on error --suppress-tags-from-file /dev/null "$deb" | tee "$dist/lintian.txt"
echo "lintian: $(grep -c '^E:' "$dist/lintian.txt" || true) errors, $(grep -c '^W:' "$dist/lintian.txt" || true) warnings"

step "smoke tests: the bundle and the tarball"
JOJOTTE_SCORE_BUNDLE=$bundle JOJOTTE_SCORE_TARBALL=$tarball \
  "$python" -m pytest -q -p no:cacheprovider tests/packaging/test_built_artefacts.py \
  -k "bundle or tarball"

step "the .deb: install with apt, run, purge"
if [ "$(id -u)" -ne 0 ]; then
  echo "installing the .deb needs root: skipped" >&2
  exit 0
fi
if dpkg-query -W jojotte-score >/dev/null 2>&1; then
  echo "jojotte-score is installed already; remove it first" >&2
  exit 1
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
dpkg-query -W -f='${Package} ${Version} ${Status}\n' jojotte-score
JOJOTTE_SCORE_INSTALLED=/usr/bin/jojotte-score \
  "$python" -m pytest -q -p no:cacheprovider tests/packaging/test_built_artefacts.py -k installed
files=$(dpkg-query -L jojotte-score | grep -v '^/\.$' || true)
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq jojotte-score >/dev/null
left=""
for file in $files; do
  case "$file" in /opt|/usr|/usr/bin|/usr/share|/usr/share/*/) continue ;; esac
  if [ -e "$file" ] && ! [ -d "$file" ]; then left="$left $file"; fi
done
if [ -n "$left" ] || [ -e /opt/jojotte-score ]; then
  echo "left behind after purge:$left" >&2
  exit 1
fi
echo "installed, ran and removed cleanly"
