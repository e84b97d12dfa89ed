#!/usr/bin/env bash
# The realtime tests of the uWebSockets.js engine, under a glibc new enough for its binary.
# `npm test` runs the whole suite first; where uWS does not load in that Node (glibc < 2.38), its
# tests were listed as skipped there, and this runs them under Debian 13's glibc (scripts/newer-glibc.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if node -e "require('uWebSockets.js')" 2>/dev/null; then
  echo "uWebSockets.js loads in this Node: its realtime tests ran with the rest of the suite."
  exit 0
fi
if ! problem=$(scripts/newer-glibc.sh 2>&1 >/dev/null); then
  echo "NOTICE: uWebSockets.js does not load here, and no newer glibc could be prepared, so the uws engine's realtime tests stay skipped:" >&2
  echo "  $problem" >&2
  exit 0
fi
echo "Running the uws engine's realtime tests under a newer glibc (scripts/newer-glibc.sh)."
exec scripts/newer-glibc.sh node_modules/ava/entrypoints/cli.js tests/realtime --match='uws engine*' "$@"
