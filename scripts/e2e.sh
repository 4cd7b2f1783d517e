#!/usr/bin/env bash
# Browser end-to-end tests: starts the demo with the README's start command on
# a local fleet of its own (real kube-apiservers and the fleet simulator, in
# .fleet-e2e on ports 28440.., started fresh and stopped at the end, so a
# running demo fleet is left alone), drives it with Playwright in Debian's
# Chromium, then restarts Backstage signed in as the platform team for the
# lifecycle tests. Writes a Playwright JSON report to $1/e2e.json and
# screenshots to $1/e2e/.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
RESULTS_DIR="${1:-$FLOTILLA_ROOT/test-results}"
mkdir -p "$RESULTS_DIR/e2e"
CHROMIUM="${FLOTILLA_CHROMIUM:-/usr/bin/chromium}"
export FLOTILLA_FLEET_DIR="$FLOTILLA_ROOT/.fleet-e2e"
export FLOTILLA_FLEET_PORT_BASE=28440

if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Chromium from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  fi
fi
if [ ! -x "$CHROMIUM" ]; then
  log "Chromium is missing at $CHROMIUM and could not be installed"
  echo '{"stats":{"expected":0,"unexpected":1,"flaky":0,"skipped":0},"errors":[{"message":"Chromium missing"}]}' >"$RESULTS_DIR/e2e.json"
  exit 1
fi

APP_PID=""
stop_app() {
  if [ -n "$APP_PID" ]; then
    kill -- -"$APP_PID" 2>/dev/null || kill "$APP_PID" 2>/dev/null
    wait "$APP_PID" 2>/dev/null
    APP_PID=""
  fi
  # Nothing may keep the ports for the next phase.
  for port in 3000 7007; do
    fuser -k "$port/tcp" >/dev/null 2>&1 || true
  done
}
stop_all() {
  stop_app
  bash scripts/fleet.sh down >>"$RESULTS_DIR/fleet.log" 2>&1
}
trap stop_all EXIT

# A fresh fleet: the tests move replicas and scale clusters, so they start
# from the scenario's state. The first run on a machine builds kube-apiserver
# (about 10 minutes on 2 cores; progress in fleet.log).
bash scripts/fleet.sh down >/dev/null 2>&1
rm -rf "$FLOTILLA_FLEET_DIR"
log "starting the e2e fleet (log: $RESULTS_DIR/fleet.log)"
fleet_started=$SECONDS
if ! bash scripts/fleet.sh up >"$RESULTS_DIR/fleet.log" 2>&1; then
  log "the fleet did not start; see $RESULTS_DIR/fleet.log"
  tail -n 30 "$RESULTS_DIR/fleet.log" >&2
  echo '{"stats":{"expected":0,"unexpected":1,"flaky":0,"skipped":0},"errors":[{"message":"fleet did not start"}]}' >"$RESULTS_DIR/e2e.json"
  exit 1
fi
log "fleet up in $((SECONDS - fleet_started)) s"
bash scripts/fleet.sh status >>"$RESULTS_DIR/fleet.log" 2>&1

wait_for() {
  local url="$1" seconds="$2"
  for _ in $(seq 1 "$seconds"); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 1
  done
  return 1
}

# The backend answers before the catalog has read the demo files and the
# inventory has refreshed from the fleet; the tests start once all are in:
# the ten clusters the catalog declares, the five healthy Karmada members,
# the ten Cluster API workload clusters, and the fabrics detected in the
# members' API servers (on a loaded machine the first detection through the
# Karmada proxy can time out; the next refresh brings it).
wait_for_demo() {
  local token
  for _ in $(seq 1 240); do
    token="$(curl -fsS http://localhost:7007/api/auth/guest/refresh 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(JSON.parse(s).backstageIdentity.token)}catch{}})')"
    if [ -n "$token" ] &&
      curl -fsS -o /dev/null -H "Authorization: Bearer $token" \
        http://localhost:7007/api/catalog/entities/by-name/component/default/search-api &&
      curl -fsS -H "Authorization: Bearer $token" \
        'http://localhost:7007/api/multi-cluster/clusters?limit=1&source=catalog' 2>/dev/null | grep -q '"totalCount": *10' &&
      curl -fsS -H "Authorization: Bearer $token" \
        'http://localhost:7007/api/multi-cluster/clusters?limit=1&source=karmada&health=healthy' 2>/dev/null | grep -q '"totalCount": *5' &&
      curl -fsS -H "Authorization: Bearer $token" \
        'http://localhost:7007/api/multi-cluster/clusters?limit=1&source=cluster-api' 2>/dev/null | grep -q '"totalCount": *10' &&
      curl -fsS -H "Authorization: Bearer $token" \
        'http://localhost:7007/api/multi-cluster/connectivity' 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const sets=JSON.parse(s).clusterSets??[];process.exit(sets.find(x=>x.name==="prod-eu")?.clusters.length===3&&sets.find(x=>x.name==="prod-global")?.clusters.length===3?0:1)})'; then
      return 0
    fi
    sleep 2
  done
  return 1
}

# Starts the app with the README's start command plus extra arguments.
start_app() {
  local log_file="$1"
  shift
  setsid bash scripts/start.sh "$@" >"$log_file" 2>&1 &
  APP_PID=$!
  if ! wait_for http://localhost:7007/.backstage/health/v1/readiness 300 ||
    ! wait_for http://localhost:3000 300 || ! wait_for_demo; then
    log "the app did not start; see $log_file"
    tail -n 40 "$log_file" >&2
    return 1
  fi
}

run_playwright() {
  local grep="$1" report="$2"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$report" FLOTILLA_CHROMIUM="$CHROMIUM" \
    FLOTILLA_E2E_OUTPUT="$RESULTS_DIR/e2e" \
    yarn playwright test --grep "$grep" --reporter=list,json 2>&1 | tee -a "$RESULTS_DIR/e2e.log"
}

: >"$RESULTS_DIR/e2e.log"
log "e2e phase 1: signed in as the guest (team-checkout)"
start_app "$RESULTS_DIR/app-guest.log" && run_playwright '@guest' "$RESULTS_DIR/e2e-guest.json"
stop_app

log "e2e phase 2: signed in as a platform-team member"
start_app "$RESULTS_DIR/app-platform.log" --config app-config.yaml --config app-config.platform-admin.yaml &&
  run_playwright '@platform' "$RESULTS_DIR/e2e-platform.json"
stop_app

# One report for test.sh: the sum of both phases (a phase that never ran counts as failed).
node -e '
  const fs = require("fs");
  const total = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const file of process.argv.slice(2)) {
    if (!fs.existsSync(file)) { total.unexpected += 1; continue; }
    const s = JSON.parse(fs.readFileSync(file, "utf8")).stats;
    for (const k of Object.keys(total)) total[k] += s[k] ?? 0;
  }
  fs.writeFileSync(process.argv[1], JSON.stringify({ stats: total }));
' "$RESULTS_DIR/e2e.json" "$RESULTS_DIR/e2e-guest.json" "$RESULTS_DIR/e2e-platform.json"
