#!/usr/bin/env bash
# apt-install.sh PACKAGE...: installs Debian packages, riding out a package mirror mid-sync.
# `apt-get update` failing on one index (e.g. "File has unexpected size ... Mirror sync in
# progress?") is warned about in one line and retried once, then the install goes on with the
# indexes that did download. Fails only when a package cannot be installed, naming it and the
# last apt error.
set -uo pipefail
[ $# -gt 0 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
trap 'rm -f "$log"' EXIT

first_error() {  # the line of apt's output that says what went wrong
  grep -m1 -E '^(E|Err):' "$log" || tail -n1 "$log"
}

for attempt in 1 2; do
  if apt-get update -qq >"$log" 2>&1; then break; fi
  if [ "$attempt" -eq 1 ]; then
    echo "warning: apt-get update failed, retrying once: $(first_error)" >&2
  else
    echo "warning: apt-get update failed again, installing from the indexes that downloaded: $(first_error)" >&2
  fi
done

if apt-get install -y -qq --no-install-recommends "$@" >"$log" 2>&1; then exit 0; fi
absent=()
for package in "$@"; do
  [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || absent+=("$package")
done
echo "error: could not install Debian package(s) ${absent[*]:-$*}: $(grep -E '^E:' "$log" | tail -n1)" >&2
echo "  retry later (a package mirror may be mid-sync), or install them by hand: apt-get install ${absent[*]:-$*}" >&2
exit 1
