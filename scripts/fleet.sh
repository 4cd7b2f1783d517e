#!/usr/bin/env bash
# The local fleet of real Kubernetes API servers (see scripts/fleet/):
#   bash scripts/fleet.sh up      start etcd and one kube-apiserver per cluster,
#                                 install their CRDs, write .fleet/kubeconfig
#   bash scripts/fleet.sh status  which API servers answer, with their memory
#   bash scripts/fleet.sh down    stop exactly the processes `up` started
# The binaries come from scripts/kube-assets.sh (KUBEBUILDER_ASSETS, a cache
# outside the clone, or a one-time build from Debian's source).
set -euo pipefail
command="${1:-status}"
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
case "$command" in
  up) exec node scripts/fleet/fleet.js up "$(bash scripts/kube-assets.sh)" ;;
  down | status) exec node scripts/fleet/fleet.js "$command" ;;
  *)
    echo "usage: bash scripts/fleet.sh up|down|status" >&2
    exit 2
    ;;
esac
