#!/usr/bin/env bash
# retry.sh WHAT COMMAND...: runs COMMAND; if it fails (a registry hiccup), says so in one line and
# runs it once more; if that fails too, ends with one line naming WHAT and what to do.
set -uo pipefail
what=$1
shift
"$@" && exit 0
echo "warning: $what failed, retrying once" >&2
"$@" && exit 0
status=$?
echo "error: $what failed twice (exit $status); check that the registry is reachable and run the command again: $*" >&2
exit "$status"
