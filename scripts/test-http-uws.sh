#!/usr/bin/env bash
# The HTTP-facing suites again, on the uWebSockets.js HTTP transport (CAD_TEST_HTTP_ENGINE=uws):
# the same test files as on Koa, not copies (tests/support/http-engine.ts). `npm test` runs the whole
# suite on Koa first and this as its third part. Where uWS does not load in this Node (its binary
# needs glibc >= 2.38), the files run under Debian 13's glibc (scripts/newer-glibc.sh).
#
#   scripts/test-http-uws.sh [AVA options...] [files or folders...]
#
# Given files or folders (or globs), only the listed files among them run, so that `npm test -- <file>`
# runs that file on both transports, and a file of another suite on Koa alone. AVA's options
# (--tap, --match, ...) go through.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The pinned Node 22 (the `node` npm package) before any other, as under `npm test`.
PATH="$PWD/node_modules/.bin:$PATH"

# Every file whose tests reach the service through its HTTP transport: the HTTP suites, the isolation,
# bad-input and idempotency suites on each store (tests/suites/, run from tests/http/*.<store>.test.ts),
# the scope matrix (tests/suites/api-isolation.suite.ts), the route fuzzing of `npm test`
# (`npm run fuzz` adds the embedded store's), and the pages in a browser. Left out, since they
# start no service: tests/http/idempotency-answers.test.ts (the ledger's rules, called directly),
# tests/http/static-pages.test.ts (the page middleware on an app of its own),
# tests/fuzz/reply-invariants.test.ts and tests/fuzz/schema-arbitrary.test.ts (the fuzzer's own checks).
# tests/e2e/test-summary.test.ts checks that no such file is missing.
FILES=(
  tests/http/access-token.test.ts
  tests/http/admin-isolation.memory.test.ts
  tests/http/admin-isolation.pglite.test.ts
  tests/http/admin-isolation.postgres.test.ts
  tests/http/admin-page.test.ts
  tests/http/admin-reads.memory.test.ts
  tests/http/admin-reads.postgres.test.ts
  tests/http/admin-surface.test.ts
  tests/http/api-documents.test.ts
  tests/http/api-isolation.memory.test.ts
  tests/http/api-isolation.pglite.test.ts
  tests/http/api-isolation.postgres.test.ts
  tests/http/api-pagination.test.ts
  tests/http/api-routes.test.ts
  tests/http/bad-input.memory.test.ts
  tests/http/bad-input.pglite.test.ts
  tests/http/bad-input.postgres.test.ts
  tests/http/bridge-dispatch.test.ts
  tests/http/bridge-gate.test.ts
  tests/http/bridge-guards.test.ts
  tests/http/bridge-identity-duty.test.ts
  tests/http/bridge-records.test.ts
  tests/http/bridge-session.test.ts
  tests/http/dispatch-board-routes.test.ts
  tests/http/effect-failures.test.ts
  tests/http/idempotency.memory.test.ts
  tests/http/idempotency.pglite.test.ts
  tests/http/idempotency.postgres.test.ts
  tests/http/mdt-isolation.memory.test.ts
  tests/http/mdt-isolation.pglite.test.ts
  tests/http/mdt-isolation.postgres.test.ts
  tests/http/mdt-routes.test.ts
  tests/http/metrics.test.ts
  tests/http/one-table-two-transports.test.ts
  tests/http/parser-refusals.test.ts
  tests/http/external-sign-in.memory.test.ts
  tests/http/external-sign-in.pglite.test.ts
  tests/http/external-sign-in.postgres.test.ts
  tests/http/passkey-budget.test.ts
  tests/http/people.memory.test.ts
  tests/http/people.pglite.test.ts
  tests/http/people.postgres.test.ts
  tests/http/published-rules.test.ts
  tests/http/slow-clients.test.ts
  tests/http/token-exchange.test.ts
  tests/http/trusted-proxy.test.ts
  tests/http/verified-tokens.test.ts
  tests/http/access-log.test.ts
  tests/http/board-evening.memory.test.ts
  tests/http/board-evening.pglite.test.ts
  tests/http/board-evening.postgres.test.ts
  tests/http/character-owners.memory.test.ts
  tests/http/character-owners.pglite.test.ts
  tests/http/character-owners.postgres.test.ts
  tests/http/mdt-pairing.memory.test.ts
  tests/http/mdt-pairing.pglite.test.ts
  tests/http/mdt-pairing.postgres.test.ts
  tests/http/mdt-sign-out.memory.test.ts
  tests/http/mdt-sign-out.pglite.test.ts
  tests/http/mdt-sign-out.postgres.test.ts
  tests/http/players.memory.test.ts
  tests/http/players.pglite.test.ts
  tests/http/players.postgres.test.ts
  tests/http/trusted-link.memory.test.ts
  tests/http/trusted-link.pglite.test.ts
  tests/http/trusted-link.postgres.test.ts
  tests/http/admin-records.memory.test.ts
  tests/http/admin-records.pglite.test.ts
  tests/http/admin-records.postgres.test.ts
  tests/http/member-removal.test.ts
  tests/fuzz/all-routes.postgres.test.ts
  tests/fuzz/integration-routes.memory.test.ts
  tests/fuzz/operator-routes.memory.test.ts
  tests/browser/admin-hostile-text.test.ts
  tests/browser/admin-page.test.ts
  tests/browser/dispatch-board.test.ts
  tests/browser/mdt-page.test.ts
  tests/browser/external-sign-in.test.ts
  tests/browser/passkeys.test.ts
  tests/browser/people.test.ts
  tests/browser/dispatch-board-evening.test.ts
  tests/browser/mdt-pairing.test.ts
  tests/browser/players.test.ts
  tests/browser/roster-owners.test.ts
  tests/browser/trusted-link.test.ts
  tests/browser/admin-evening.test.ts
  tests/browser/admin-records.test.ts
  tests/browser/member-removal.test.ts
  # Not a suite of the Koa half's: the uws transport where uWS loads (its other branch runs there).
  tests/composition/http-engine.test.ts
)

# --- Split the arguments into AVA's options (with their values) and a selection of files.
options=() selection=()
while [ $# -gt 0 ]; do
  case "$1" in
    --match | -m | --concurrency | -c | --timeout | -T | --node-arguments | --config)
      options+=("$1")
      [ $# -gt 1 ] && options+=("$2") && shift
      ;;
    -*) options+=("$1") ;;
    *) selection+=("$1") ;;
  esac
  shift
done
if [ ${#selection[@]} -gt 0 ]; then
  chosen=()
  declare -A seen=()
  for arg in "${selection[@]}"; do
    path="${arg%/}"
    for file in "${FILES[@]}"; do
      # A listed file itself (also with AVA's :<line numbers>), a folder above it, or a glob matching it.
      # shellcheck disable=SC2053 # the argument may be a glob
      if [ "${path%:[0-9]*}" = "$file" ] || [[ "$file" == "$path"/* ]] || [[ "$file" == $path ]]; then
        [ "${path%:[0-9]*}" = "$file" ] && pick="$path" || pick="$file"
        [ -n "${seen[$pick]:-}" ] || chosen+=("$pick")
        seen[$pick]=1
      fi
    done
  done
  if [ ${#chosen[@]} -eq 0 ]; then
    echo "None of the files given runs on the uws HTTP transport (scripts/test-http-uws.sh lists those that do)."
    exit 0
  fi
  FILES=("${chosen[@]}")
fi

export CAD_TEST_HTTP_ENGINE=uws
# The service sets uWS's header limit to Node's 16 KiB before loading it, but AVA runs each file in a
# worker thread, whose process.env is its own copy: uWS, reading the process's environment, would
# keep its 4 KiB. So the limit the service runs with is set here, for the whole process.
export UWS_HTTP_MAX_HEADERS_SIZE="${UWS_HTTP_MAX_HEADERS_SIZE:-16384}"
what="${#FILES[@]} HTTP-facing test files"
[ ${#FILES[@]} -eq 1 ] && what="1 HTTP-facing test file"
if node -e "require('uWebSockets.js')" 2>/dev/null; then
  echo "Running $what on the uws HTTP transport (CAD_TEST_HTTP_ENGINE=uws)."
  exec node node_modules/ava/entrypoints/cli.js "${options[@]}" "${FILES[@]}"
fi
if ! problem=$(scripts/newer-glibc.sh 2>&1 >/dev/null); then
  echo "NOTICE: uWebSockets.js does not load here, and no newer glibc could be prepared, so the HTTP-facing suites did not run on the uws HTTP transport:" >&2
  echo "  $problem" >&2
  exit 0
fi
echo "Running $what on the uws HTTP transport (CAD_TEST_HTTP_ENGINE=uws), under a newer glibc (scripts/newer-glibc.sh)."
exec scripts/newer-glibc.sh node_modules/ava/entrypoints/cli.js "${options[@]}" "${FILES[@]}"
