#!/bin/sh
# Lays out the desktop integration under a share/ folder, as /usr/share or ~/.local/share
# hold it: applications/ID.desktop, metainfo/ID.metainfo.xml, and the icon in
# icons/hicolor/NxN/apps/ID.png (16 to 512) and icons/hicolor/scalable/apps/ID.svg.
#   sh packaging/linux/stage-share.sh SHARE_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
share=$1
id=io.github.jojotte_score.JojotteScore

install -D -m 644 "$here/$id.desktop" "$share/applications/$id.desktop"
install -D -m 644 "$here/$id.metainfo.xml" "$share/metainfo/$id.metainfo.xml"
for png in "$root"/resources/icons/jojotte-score-*.png; do
  size=${png##*-}
  size=${size%.png}
  install -D -m 644 "$png" "$share/icons/hicolor/${size}x${size}/apps/$id.png"
done
install -D -m 644 "$root/resources/icons/jojotte-score.svg" \
  "$share/icons/hicolor/scalable/apps/$id.svg"
