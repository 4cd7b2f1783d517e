#!/usr/bin/env bash
# Sets everything up and starts the demo: backend on http://localhost:7007,
# frontend on http://localhost:3000 (SQLite in memory, guest sign-in, demo fleet).
# Extra arguments go to `backstage-cli repo start`, e.g.
#   bash scripts/start.sh --config app-config.yaml --config app-config.platform-admin.yaml
# Relative --config paths are taken from where you run the command.
set -euo pipefail
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --config)
      args+=("$1" "$(realpath -m -- "$2")")
      shift 2
      ;;
    --config=*)
      args+=("--config=$(realpath -m -- "${1#--config=}")")
      shift
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
exec yarn start ${args[@]+"${args[@]}"}
