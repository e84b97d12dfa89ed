#!/usr/bin/env bash
# Makes the upgrade test's fixture from a release: `scripts/make-upgrade-fixture.sh <commit>`.
# The release runs from a worktree of that commit (with this checkout's node_modules), once on the
# embedded database and once on PostgreSQL; tests/upgrade/upgrade-world.ts populates each through
# the HTTP routes; the embedded data is kept as the release's own backup (`cli backup`), the
# PostgreSQL data as a plain pg_dump. Needs PostgreSQL on 127.0.0.1:5432 (trust) and a free port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
commit=$(git rev-parse --short=12 "${1:?usage: make-upgrade-fixture.sh <commit>}")
out=tests/upgrade/fixtures
work=$(mktemp -d)
tree="$work/release"
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$work"; dropdb -h 127.0.0.1 -U postgres --if-exists "cad_upgrade_$commit" || true' EXIT
git worktree add --detach "$tree" "$commit" >/dev/null
ln -s "$PWD/node_modules" "$tree/node_modules"
key="cad_op_upgrade_fixture_$(printf '%s' "$commit" | sha256sum | cut -c1-32)"
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")

serve() { # serve <facts file> <env...>: starts the release, populates it, stops it
  local facts=$1; shift
  (cd "$tree" && exec env "$@" PORT="$port" CAD_BOOTSTRAP_KEY="$key" CAD_REALTIME_ENGINE=node node --import=tsx composition/server.ts >"$work/log" 2>&1) &
  local pid=$!
  for _ in $(seq 1 60); do grep -q 'listening on' "$work/log" && break; sleep 1; done
  node --import=tsx tests/upgrade/populate-cli.ts "http://127.0.0.1:$port" "$key" "$facts"
  kill -TERM "$pid"; wait "$pid" || true
}

serve "$out/release-$commit.embedded.facts.json" CAD_DATA_DIR="$work/data"
(cd "$tree" && CAD_DATA_DIR="$work/data" CAD_OPERATOR_KEY="$key" node --import=tsx composition/cli.ts backup "$PWD/../embedded.tgz" >/dev/null)
mv "$work/embedded.tgz" "$out/release-$commit.embedded.tgz"

createdb -h 127.0.0.1 -U postgres "cad_upgrade_$commit"
serve "$work/pg-facts.json" DATABASE_URL="postgresql://postgres@127.0.0.1:5432/cad_upgrade_$commit"
# The same population on both stores: one facts file serves both (ids differ; the checks read them by name).
node -e "const a=require('$work/pg-facts.json');require('fs').writeFileSync('$out/release-$commit.postgres.facts.json', JSON.stringify(a,null,2)+'\n')"
pg_dump -h 127.0.0.1 -U postgres --no-owner --no-privileges "cad_upgrade_$commit" >"$out/release-$commit.postgres.sql"
echo "$commit" >"$out/PREVIOUS_RELEASE"
ls -la "$out"
