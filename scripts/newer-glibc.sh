#!/usr/bin/env bash
# Runs the project's pinned Node 22 under a newer glibc (Debian 13's, 2.41), so that
# uWebSockets.js (its Linux builds need glibc >= 2.38) loads on a Debian 12 machine (glibc 2.36).
# See STACK-NOTES, "uWebSockets.js". The system is not touched: Debian 13's libc6 package
# is fetched with apt-get under private state into .cache/glibc/ (git-ignored) and unpacked there;
# Node is then started through that glibc's dynamic loader.
#
#   scripts/newer-glibc.sh <node arguments...>   exec Node 22 under the newer glibc
#   scripts/newer-glibc.sh                       print the command prefix (and prepare the glibc)
#
# Example: scripts/newer-glibc.sh node_modules/ava/entrypoints/cli.js tests/realtime
# Overrides: NODE_BINARY (the Node executable), DEBIAN_MIRROR (e.g. http://deb.debian.org/debian).
# Caveat: a child process started with process.execPath (the loader) escapes the arrangement;
# worker threads (AVA's default) stay inside it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache/glibc"
RELEASE="trixie"
LIBDIR="$CACHE/root/usr/lib/x86_64-linux-gnu"
LOADER="$LIBDIR/ld-linux-x86-64.so.2"

fail() {
  echo "newer-glibc: $*" >&2
  exit 1
}

# --- Only Debian on x86-64 is supported: the package and the loader name are Debian's amd64 ones.
[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] || fail "needs Linux on x86_64 (this is $(uname -s) $(uname -m))"
[ -r /etc/debian_version ] && command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
  fail "needs a Debian system with apt-get and dpkg-deb"

# --- The pinned Node 22: the real ELF binary of the `node` npm package (not the system Node 20).
NODE_BIN="${NODE_BINARY:-$ROOT/node_modules/node/bin/node}"
[ -e "$NODE_BIN" ] || fail "no Node binary at $NODE_BIN (run npm ci, or set NODE_BINARY)"
NODE_BIN="$(readlink -f "$NODE_BIN")"
[ "$(head -c 4 "$NODE_BIN" | tail -c 3)" = ELF ] || fail "$NODE_BIN is not an ELF binary (set NODE_BINARY to the real node executable)"

# --- The Debian mirror the system already uses (one-line .list or deb822 .sources format).
debian_mirror() {
  local files=()
  [ -f /etc/apt/sources.list ] && files+=(/etc/apt/sources.list)
  for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do [ -f "$f" ] && files+=("$f"); done
  [ ${#files[@]} -gt 0 ] || return 0
  # Every URI of an enabled source, then the first whose path is .../debian (not debian-security).
  sed -nE -e 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([a-z]+:\/\/[^[:space:]]+).*/\2/p' \
    -e 's/^[[:space:]]*URIs:[[:space:]]*(.*)/\1/p' "${files[@]}" |
    tr ' ' '\n' | sed -E 's:/+$::' | grep -E '^https?://[^[:space:]]+/debian$' | head -n 1 || true
}

prepare() {
  local mirror apt_dir deb unpack
  mirror="${DEBIAN_MIRROR:-$(debian_mirror)}"
  [ -n "$mirror" ] || fail "no Debian mirror (a .../debian URI) found in /etc/apt/sources.list or /etc/apt/sources.list.d/; set DEBIAN_MIRROR"
  apt_dir="$CACHE/apt"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$CACHE/download"
  local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  local signed=""
  [ -f "$keyring" ] && signed="[signed-by=$keyring] "
  echo "deb ${signed}$mirror $RELEASE main" >"$apt_dir/sources.list"
  # Private sources, lists and cache: the system's apt state is neither read nor changed.
  local apt_opts=(
    -o "Dir::Etc::sourcelist=$apt_dir/sources.list"
    -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$apt_dir/lists"
    -o "Dir::Cache=$apt_dir/cache"
    -o "Dir::Cache::pkgcache="
    -o "Dir::Cache::srcpkgcache="
    -o "APT::Architecture=amd64"
    -o "Debug::NoLocking=1"
  )
  # As root apt downloads as the _apt user, who cannot write into the project: keep root.
  [ "$(id -u)" = 0 ] && apt_opts+=(-o "APT::Sandbox::User=root")
  echo "newer-glibc: fetching libc6 from $mirror $RELEASE into $CACHE" >&2
  apt-get "${apt_opts[@]}" -qq update >&2 || fail "apt-get update against $mirror $RELEASE failed (network? mirror?)"
  rm -f "$CACHE/download/"*.deb
  (cd "$CACHE/download" && apt-get "${apt_opts[@]}" -qq download "libc6/$RELEASE" >&2) || fail "apt-get download libc6/$RELEASE failed"
  deb="$(ls "$CACHE/download/"libc6_*_amd64.deb 2>/dev/null | head -n 1)"
  [ -n "$deb" ] || fail "apt-get download produced no libc6 package"
  # Unpack beside the target, then move into place, so an interrupted run leaves no half tree.
  unpack="$(mktemp -d "$CACHE/unpack.XXXXXX")"
  dpkg-deb -x "$deb" "$unpack" || fail "dpkg-deb -x $deb failed"
  [ -x "$unpack/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ] || fail "$deb has no usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
  rm -rf "$CACHE/root"
  mv "$unpack" "$CACHE/root"
}

# Idempotent: fetch only when the unpacked loader is missing or broken.
if ! [ -x "$LOADER" ] || ! "$LOADER" --version >/dev/null 2>&1; then
  prepare
fi
version="$("$LOADER" --version 2>/dev/null | head -n 1)" || fail "the unpacked loader does not run: $LOADER"

RUN=("$LOADER" --library-path "$LIBDIR:/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu" "$NODE_BIN")
if [ $# -eq 0 ]; then
  echo "# $version" >&2
  printf '%q ' "${RUN[@]}"
  echo
  exit 0
fi
exec "${RUN[@]}" "$@"
