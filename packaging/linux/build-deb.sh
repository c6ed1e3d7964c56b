#!/bin/sh
# The .deb, built with dpkg-deb: the bundle in /opt/jojotte-score, the command
# /usr/bin/jojotte-score, the desktop file, AppStream file and icons in /usr/share, and
# Depends on the system libraries Qt needs (the runtime list of system-libraries.sh).
#   sh packaging/linux/build-deb.sh BUNDLE VERSION ARCH OUT_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bundle=$1 version=$2 arch=$3 out=$4
package=jojotte-score
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root

mkdir -p "$root/opt" "$root/usr/bin" "$root/DEBIAN"
cp -R "$bundle" "$root/opt/$package"
ln -s "/opt/$package/$package" "$root/usr/bin/$package"
sh "$here/stage-share.sh" "$root/usr/share"
doc=$root/usr/share/doc/$package
install -D -m 644 "$here/copyright" "$doc/copyright"
sed "s/@VERSION@/$version/; s/@DATE@/$(date -R -d @"${SOURCE_DATE_EPOCH:-$(date +%s)}")/" \
  "$here/changelog.Debian" | gzip -9n >"$doc/changelog.Debian.gz"
install -D -m 644 "$here/jojotte-score.1" "$root/usr/share/man/man1/$package.1"
gzip -9n "$root/usr/share/man/man1/$package.1"
install -D -m 644 "$here/lintian-overrides" "$root/usr/share/lintian/overrides/$package"

# Plain permissions: directories and the program 755, everything else 644.
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/opt/$package/$package"

runtime=$(sed -n '/^runtime="/,/"$/p' "$here/../system-libraries.sh" | tr -d '"' \
  | sed 's/^runtime=//' | tr -s ' \n' '\n' | grep . | paste -sd, | sed 's/,/, /g')
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" \
  -e "s/@DEPENDS@/$runtime/" "$here/control" >"$root/DEBIAN/control"

dpkg-deb --root-owner-group -Zxz --build "$root" "$out/${package}_${version}-1_$arch.deb" >/dev/null
echo "$out/${package}_${version}-1_$arch.deb"
