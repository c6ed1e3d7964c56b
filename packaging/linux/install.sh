#!/bin/sh
# Installs jojotte-score for this user, from the folder this script is in:
#   the program in ~/.local/lib/jojotte-score, the command ~/.local/bin/jojotte-score,
#   the menu entry and the icons in ~/.local/share (applications, metainfo, icons).
# Your sittings are not touched (they live in ~/.local/share/jojotte-score).
#   sh install.sh              install (again, replacing an earlier copy)
#   sh install.sh --uninstall  remove what install.sh installed
set -eu
here=$(cd "$(dirname "$0")" && pwd)
id=io.github.jojotte_score.JojotteScore
data=${XDG_DATA_HOME:-$HOME/.local/share}
program=$HOME/.local/lib/jojotte-score
command=$HOME/.local/bin/jojotte-score

refresh() {
  command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database -q "$data/applications" || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 \
    && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$program"
  rm -f "$command" "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
  find "$data/icons/hicolor" -name "$id.*" -delete 2>/dev/null || true
  refresh
  echo "jojotte-score removed (your sittings in $data/jojotte-score are kept)"
  exit 0
fi

rm -rf "$program"
mkdir -p "$(dirname "$program")" "$(dirname "$command")"
cp -R "$here/jojotte-score" "$program"
ln -sf "$program/jojotte-score" "$command"
(cd "$here/share" && find . -type f) | while read -r file; do
  mkdir -p "$data/$(dirname "$file")"
  cp "$here/share/$file" "$data/$file"
done
# The menu starts the program by its full path: ~/.local/bin is not always on the PATH.
sed -i "s|^Exec=jojotte-score|Exec=$program/jojotte-score|" "$data/applications/$id.desktop"
refresh
echo "jojotte-score installed: $command, and in the menu under Games"
