#!/usr/bin/env bash
# `npm test`: the whole AVA suite (on the Koa HTTP transport), then the uWebSockets.js engine's
# realtime tests under a newer glibc (scripts/test-realtime-uws.sh), then the HTTP-facing suites on
# the uWebSockets.js HTTP transport (scripts/test-http-uws.sh), then one line that sums the three
# parts from AVA's own TAP summaries. Any part failing fails the run. Arguments go to the first
# part's AVA (a file, a --match) and to the third (which runs only its own files among those given);
# CAD_TEST_UWS_RERUN=skip leaves the second and third parts out.
# Every answer the tests' HTTP client receives, on both transports, is judged against the OpenAPI
# document (tests/support/openapi-check.ts); scripts/openapi-report.ts sums them up before the last
# line, and one undocumented status or body fails the run.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tap=$(mktemp -d)
trap 'rm -rf "$tap"' EXIT
export CAD_OPENAPI_REPORT="$tap/openapi"
mkdir -p "$CAD_OPENAPI_REPORT"

CAD_TEST_HTTP_ENGINE=koa ava --tap "$@" | tee "$tap/ava.tap"
ava_status=${PIPESTATUS[0]}
uws_status=0 http_status=0
if [ "${CAD_TEST_UWS_RERUN:-}" != skip ]; then
  CAD_TEST_HTTP_ENGINE=koa scripts/test-realtime-uws.sh --tap | tee "$tap/uws.tap"
  uws_status=${PIPESTATUS[0]}
  scripts/test-http-uws.sh --tap "$@" | tee "$tap/http.tap"
  http_status=${PIPESTATUS[0]}
fi

# The last `# pass N` (or skip, fail) of a TAP file; empty when the file has no summary.
count() { [ -f "$1" ] && grep -E "^# $2 [0-9]+$" "$1" | tail -1 | grep -Eo '[0-9]+$'; }
summed() { local n; n=$(count "$1" "$2"); echo "${n:-0}"; }

if [ -z "$(count "$tap/ava.tap" pass)" ]; then
  echo "All tests: no summary from AVA (it exited $ava_status before finishing): failed"
  exit 1
fi
pass=$(summed "$tap/ava.tap" pass) fail=$(summed "$tap/ava.tap" fail) skip=$(summed "$tap/ava.tap" skip)
rerun="uWS engine re-run: not run, see above"
if [ -n "$(count "$tap/uws.tap" pass)" ]; then
  upass=$(summed "$tap/uws.tap" pass) ufail=$(summed "$tap/uws.tap" fail) uskip=$(summed "$tap/uws.tap" skip)
  pass=$((pass + upass)) fail=$((fail + ufail))
  # The uws engine's tests were skipped in the first part and ran in the re-run: skipped counts only what ran nowhere.
  skip=$((skip > upass + ufail ? skip - upass - ufail : 0))
  rerun="uWS engine re-run: $upass passed, $ufail failed, $uskip skipped"
elif [ "${CAD_TEST_UWS_RERUN:-}" = skip ]; then
  rerun="uWS engine re-run: left out"
elif [ "$uws_status" -ne 0 ]; then
  rerun="uWS engine re-run: exited $uws_status without a summary"
  fail=$((fail + 1))
fi
# The HTTP-facing files ran on Koa in the first part and run again here: each run counts.
transport="uWS HTTP transport: not run, see above"
if [ -n "$(count "$tap/http.tap" pass)" ]; then
  hpass=$(summed "$tap/http.tap" pass) hfail=$(summed "$tap/http.tap" fail) hskip=$(summed "$tap/http.tap" skip)
  pass=$((pass + hpass)) fail=$((fail + hfail)) skip=$((skip + hskip))
  transport="uWS HTTP transport: $hpass passed, $hfail failed, $hskip skipped"
elif [ "${CAD_TEST_UWS_RERUN:-}" = skip ]; then
  transport="uWS HTTP transport: left out"
elif [ "$http_status" -ne 0 ]; then
  transport="uWS HTTP transport: exited $http_status without a summary"
  fail=$((fail + 1))
elif grep -q '^None of the files given' "$tap/http.tap"; then
  transport="uWS HTTP transport: none of the files given"
fi
node --import=tsx scripts/openapi-report.ts "$CAD_OPENAPI_REPORT"
openapi_status=$?
status=0
[ "$ava_status" -ne 0 ] || [ "$uws_status" -ne 0 ] || [ "$http_status" -ne 0 ] || [ "$fail" -ne 0 ] && status=1
note=""
[ "$status" -ne 0 ] && [ "$fail" -eq 0 ] && note=" and AVA exited $ava_status/$uws_status/$http_status: see above"
if [ "$openapi_status" -ne 0 ]; then
  status=1
  note="$note; answers the OpenAPI document does not describe: see above"
fi
# The failed tests by name, so a log read from its end shows which ones they were.
if [ "$fail" -ne 0 ]; then
  echo "Failed tests:"
  cat "$tap"/*.tap 2>/dev/null | grep -E '^not ok ' | sed -E 's/^not ok [0-9]+ - /  /' || true
fi
echo "All tests: $pass passed, $fail failed, $skip skipped ($rerun; $transport)$note"
exit "$status"
