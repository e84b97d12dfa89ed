#!/usr/bin/env bash
# The typed client as it is published: ESM and CommonJS builds, each with its type declarations.
set -euo pipefail
cd "$(dirname "$0")/../clients/sdk"
rm -rf dist
tsc -p tsconfig.esm.json
tsc -p tsconfig.cjs.json
# The CommonJS folder says so, since the package itself is ESM.
echo '{ "type": "commonjs" }' > dist/cjs/package.json
