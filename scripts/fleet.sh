#!/usr/bin/env bash
# The local fleet of real Kubernetes API servers (see packages/fleet-simulator/src/fleetUp/):
#   bash scripts/fleet.sh up      start etcd and one kube-apiserver per cluster,
#                                 install their CRDs, write .fleet/kubeconfig
#   bash scripts/fleet.sh status  which API servers answer, with their memory
#   bash scripts/fleet.sh snapshot  keep a copy of the fleet's state (etcd's data)
#   bash scripts/fleet.sh reset   back to the snapshot (API servers and simulator restart)
#   bash scripts/fleet.sh down    stop exactly the processes `up` started
#   bash scripts/fleet.sh fault … inject a fault through the simulator, e.g.
#                                 `fault outage prod-eu-west-aws-1`, `fault restore …`,
#                                 `fault latency <cluster> <ms>`, `fault fail <cluster> 500`,
#                                 `fault partition|heal|not-ready|ready <cluster>`,
#                                 `fault probe <cluster> 503|off` (its /health endpoints), `fault clear`
# FLOTILLA_FLEET_DIR (default .fleet), FLOTILLA_FLEET_PORT_BASE (default 26440; below the ports Linux picks for outgoing connections, 32768-60999)
# and FLOTILLA_FLEET_ONLY (a comma-separated subset) select another fleet.
# The binaries come from scripts/kube-assets.sh (KUBEBUILDER_ASSETS, a cache
# outside the clone, or a one-time build from Debian's source).
set -euo pipefail
command="${1:-status}"
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
# The fleet's bring-up is TypeScript of the simulator, run from source as the
# simulator itself is.
FLEET_UP=packages/fleet-simulator/src/fleetUp/main.ts
case "$command" in
  up | snapshot | reset) exec node --require @backstage/cli/config/nodeTransform.cjs "$FLEET_UP" "$command" "$(bash scripts/kube-assets.sh)" ;;
  down | status) exec node --require @backstage/cli/config/nodeTransform.cjs "$FLEET_UP" "$command" ;;
  fault)
    shift
    export FLOTILLA_FLEET_DIR="$(realpath -m "${FLOTILLA_FLEET_DIR:-.fleet}")"
    cd packages/fleet-simulator
    exec node --require @backstage/cli/config/nodeTransform.cjs src/cli.ts "$@"
    ;;
  *)
    echo "usage: bash scripts/fleet.sh up|snapshot|reset|down|status|fault ..." >&2
    exit 2
    ;;
esac
