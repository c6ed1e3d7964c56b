#!/bin/sh
# Prints the Debian mirror this system's apt uses, for debootstrap (.ci/debian-quick-start,
# packaging/windows/wine10-root.sh): the URI of the apt source that carries the system's own
# release (its VERSION_CODENAME in /etc/os-release, component main), read from
# /etc/apt/sources.list.d/*.sources (deb822), /etc/apt/sources.list.d/*.list and
# /etc/apt/sources.list. $DEBIAN_MIRROR, when set, is printed instead. The repository names
# no mirror: the system's configuration says where Debian comes from.
#
#   mirror=$(sh packaging/debian-mirror.sh)
set -eu
if [ -n "${DEBIAN_MIRROR:-}" ]; then
  printf '%s\n' "$DEBIAN_MIRROR"
  exit 0
fi
apt=${APT_SOURCES:-/etc/apt}  # another folder laid out as /etc/apt (the tests')
os_release=${OS_RELEASE:-/etc/os-release}
codename=$(sed -n 's/^VERSION_CODENAME=//p' "$os_release" 2>/dev/null | tr -d '"' | head -n 1)
system=$(sed -n 's/^ID=//p' "$os_release" 2>/dev/null | tr -d '"' | head -n 1)
if [ "$system" != debian ] || [ -z "$codename" ]; then
  echo "sh $0: not a Debian system ($os_release): set DEBIAN_MIRROR to Debian's mirror" >&2
  exit 1
fi

# One line "TYPE URI SUITE COMPONENT..." for each source, from both formats.
sources() {
  for file in "$apt"/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    # deb822: paragraphs of "Field: value" lines; a value may go on in indented lines.
    awk '
      function flush(  t, u, s, type, uri, suite, nt, nu, ns) {
        if (enabled != "no") {
          nt = split(f["types"], type, " "); nu = split(f["uris"], uri, " ")
          ns = split(f["suites"], suite, " ")
          for (t = 1; t <= nt; t++) for (u = 1; u <= nu; u++) for (s = 1; s <= ns; s++)
            print type[t], uri[u], suite[s], f["components"]
        }
        delete f; enabled = ""; field = ""
      }
      /^#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { if (field != "") f[field] = f[field] " " $0; next }
      {
        field = tolower(substr($0, 1, index($0, ":") - 1))
        f[field] = substr($0, index($0, ":") + 1)
        if (field == "enabled") { enabled = f[field]; gsub(/[ \t]/, "", enabled) }
      }
      END { flush() }
    ' "$file"
  done
  for file in "$apt"/sources.list "$apt"/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    # One-line style: "deb [options] URI SUITE COMPONENT...".
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$file" | awk 'NF >= 3 { print }'
  done
}

mirror=$(sources | awk -v codename="$codename" '
  $1 == "deb" && $3 == codename {
    for (i = 4; i <= NF; i++) if ($i == "main") { print $2; exit }
  }')
case "$mirror" in
  http://* | https://* | file:/*) printf '%s\n' "${mirror%/}" ;;
  *)
    echo "sh $0: no apt source for Debian $codename (main) in $apt: set DEBIAN_MIRROR" >&2
    exit 1
    ;;
esac
