#!/bin/sh
# The Linux tarball: the bundle, install.sh and the desktop files and icons it installs.
#   sh packaging/linux/build-tarball.sh BUNDLE VERSION ARCH OUT_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bundle=$1 version=$2 arch=$3 out=$4
name=jojotte-score-$version-linux-$arch
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/$name"
cp -R "$bundle" "$stage/$name/jojotte-score"
install -m 755 "$here/install.sh" "$stage/$name/install.sh"
sh "$here/stage-share.sh" "$stage/$name/share"
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
