#!/usr/bin/env bash
# Starts the demo: the local fleet of real Kubernetes API servers (reused when
# it already runs; see scripts/fleet.sh), then Backstage on it: backend on
# http://localhost:7007, frontend on http://localhost:3000 (SQLite in memory,
# guest sign-in), configured for the fleet as a platform team configures real
# clusters (.fleet/app-config.yaml, written by `fleet.sh up`).
# Extra arguments go to `backstage-cli repo start`, e.g.
#   bash scripts/start.sh --config app-config.yaml --config app-config.platform-admin.yaml
# Relative --config paths are taken from where you run the command; the
# fleet's configuration always comes last.
set -euo pipefail
args=()
configs=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config)
      args+=("$1" "$(realpath -m -- "$2")")
      configs=$((configs + 1))
      shift 2
      ;;
    --config=*)
      args+=("--config=$(realpath -m -- "${1#--config=}")")
      configs=$((configs + 1))
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
if [ "$configs" = 0 ]; then
  args+=(--config "$FLOTILLA_ROOT/app-config.yaml")
  [ -f app-config.local.yaml ] && args+=(--config "$FLOTILLA_ROOT/app-config.local.yaml")
fi
started=$SECONDS
bash scripts/fleet.sh up
echo "[start] fleet ready after $((SECONDS - started)) s; starting Backstage" >&2
args+=(--config "${FLOTILLA_FLEET_DIR:-$FLOTILLA_ROOT/.fleet}/app-config.yaml")
exec yarn start "${args[@]}"
