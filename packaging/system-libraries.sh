#!/bin/sh
# Installs the Debian packages Qt needs at run time (and poppler-utils, which the tests use
# to read PDFs), when they are missing. On a desktop they are usually present already; on a
# fresh Debian or Ubuntu machine this is what makes `import PySide6.QtWidgets` work.
# Does nothing when everything is there or when the system has no apt-get.
set -eu

packages="libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 fonts-dejavu-core poppler-utils"

command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || exit 0

missing=""
for package in $packages; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
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
$run apt-get update -qq
# shellcheck disable=SC2086 # the package list is meant to split into words
$run apt-get install -y -qq --no-install-recommends $missing
