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
# The fleet comes up beside Backstage: `fleet.sh up` writes the fleet's
# configuration before any API server answers, and the inventory picks the
# clusters up as they answer. A fleet that fails to start says so here.
fleet_dir="${FLOTILLA_FLEET_DIR:-$FLOTILLA_ROOT/.fleet}"
fleet_config="$fleet_dir/app-config.yaml"
marker="$(mktemp)"
(
  started=$SECONDS
  if bash scripts/fleet.sh up; then
    echo "[start] fleet ready after $((SECONDS - started)) s" >&2
  else
    echo "[start] the fleet did not start (see above and $fleet_dir/logs)" >&2
  fi
) &
fleet_pid=$!
# This run's configuration (a machine that never built kube-apiserver builds
# it first, saying so).
while [ ! "$fleet_config" -nt "$marker" ] && kill -0 "$fleet_pid" 2>/dev/null; do
  sleep 1
done
rm -f "$marker"
[ -f "$fleet_config" ] || {
  echo "[start] no fleet configuration in $fleet_config" >&2
  exit 1
}
args+=(--config "$fleet_config")
exec yarn start "${args[@]}"
