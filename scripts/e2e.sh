#!/usr/bin/env bash
# Browser end-to-end tests in Debian's Chromium, driven by Playwright:
#
# 1. against the production build, served as a deployment serves it: the
#    backend bundle (`scripts/backend-bundle.sh`, which builds the app into
#    it) started with NODE_ENV=production, the app served by the backend's
#    app plugin on http://localhost:7007; tests tagged `@guest` signed in as
#    the guest, then tests tagged `@platform` with
#    app-config.platform-admin.yaml;
# 2. a smoke test (`@smoke`) through the README's start command
#    (`scripts/start.sh`: the development servers on ports 3000 and 7007),
#    so the command a newcomer runs stays covered.
#
# All phases run on one local fleet (real kube-apiservers and the fleet
# simulator): the one given in FLOTILLA_FLEET_DIR when it runs (test.sh
# passes the integration suite's, reset to the scenario), else a fresh one in
# .fleet-e2e (ports 28440..), stopped at the end. The bundle comes from
# FLOTILLA_BUNDLE_DIR when set, else it is built here. Writes a Playwright
# JSON report to $1/e2e.json and screenshots to $1/e2e/.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"
RESULTS_DIR="${1:-$FLOTILLA_ROOT/test-results}"
mkdir -p "$RESULTS_DIR/e2e"
CHROMIUM="${FLOTILLA_CHROMIUM:-/usr/bin/chromium}"
BACKEND_URL=http://localhost:7007
DEV_APP_URL=http://localhost:3000
REPORTS=(e2e-guest.json e2e-platform.json e2e-smoke.json)

# `phase <name> <seconds>`: one line of the test command's timing table.
phase() { printf '%s\t%s\n' "$1" "$2" >>"$RESULTS_DIR/timings.tsv"; }

write_failure() {
  echo "{\"stats\":{\"expected\":0,\"unexpected\":1,\"flaky\":0,\"skipped\":0},\"errors\":[{\"message\":\"$1\"}]}" >"$RESULTS_DIR/e2e.json"
}

if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Chromium from Debian's packages"
    started=$SECONDS
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
    phase "e2e: install Chromium" $((SECONDS - started))
  fi
fi
if [ ! -x "$CHROMIUM" ]; then
  log "Chromium is missing at $CHROMIUM and could not be installed"
  write_failure "Chromium missing"
  exit 1
fi

APP_PID=""
OWN_FLEET=""
OWN_BUNDLE=""
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
  [ -z "$OWN_FLEET" ] || bash scripts/fleet.sh down >>"$RESULTS_DIR/fleet.log" 2>&1
  [ -z "$OWN_BUNDLE" ] || rm -rf "$OWN_BUNDLE"
}
trap stop_all EXIT

# The fleet: the caller's (reset to the scenario by the caller), or a fresh
# one of our own (the tests move replicas and scale clusters, so they start
# from the scenario's state).
if [ -n "${FLOTILLA_FLEET_DIR:-}" ] && bash scripts/fleet.sh status >/dev/null 2>&1; then
  log "e2e on the running fleet in $FLOTILLA_FLEET_DIR"
else
  export FLOTILLA_FLEET_DIR="$FLOTILLA_ROOT/.fleet-e2e"
  export FLOTILLA_FLEET_PORT_BASE=28440
  OWN_FLEET=1
  bash scripts/fleet.sh down >/dev/null 2>&1
  rm -rf "$FLOTILLA_FLEET_DIR"
  log "starting the e2e fleet (log: $RESULTS_DIR/fleet.log)"
  started=$SECONDS
  if ! bash scripts/fleet.sh up >"$RESULTS_DIR/fleet.log" 2>&1; then
    log "the fleet did not start; see $RESULTS_DIR/fleet.log"
    tail -n 30 "$RESULTS_DIR/fleet.log" >&2
    write_failure "fleet did not start"
    exit 1
  fi
  phase "e2e: fleet up" $((SECONDS - started))
fi

# The production build: the backend bundle with the app in it.
BUNDLE_DIR="${FLOTILLA_BUNDLE_DIR:-}"
if [ -z "$BUNDLE_DIR" ]; then
  OWN_BUNDLE="$(mktemp -d)"
  BUNDLE_DIR="$OWN_BUNDLE"
  started=$SECONDS
  if ! bash scripts/backend-bundle.sh "$BUNDLE_DIR" >&2; then
    write_failure "the backend bundle could not be built"
    exit 1
  fi
  phase "e2e: build" $((SECONDS - started))
fi
# Served from the backend's own origin, as a deployment serves it.
E2E_CONFIG="$BUNDLE_DIR/app-config.e2e.yaml"
cat >"$E2E_CONFIG" <<EOF
app:
  baseUrl: $BACKEND_URL
backend:
  baseUrl: $BACKEND_URL
  cors:
    origin: $BACKEND_URL
auth:
  providers:
    guest:
      # The demo's guest sign-in, in a production build (NODE_ENV=production).
      dangerouslyAllowOutsideDevelopment: true
multiCluster:
  # The first refresh runs before the catalog has read the demo's clusters:
  # the tests start after the next one, 5 s later instead of 30 s.
  refresh:
    frequency: { seconds: 5 }
EOF

wait_for() {
  local url="$1" seconds="$2"
  for _ in $(seq 1 "$seconds"); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 1
  done
  return 1
}

guest_token() {
  curl -fsS "$BACKEND_URL/api/auth/guest/refresh" 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(JSON.parse(s).backstageIdentity.token)}catch{}})'
}

catalog_has_demo() {
  curl -fsS -o /dev/null -H "Authorization: Bearer $1" \
    "$BACKEND_URL/api/catalog/entities/by-name/component/default/search-api"
}

# `poll_until CHECK`: runs CHECK (a function given a guest's token) every 2 s
# until it succeeds, for at most 8 minutes.
poll_until() {
  local token
  for _ in $(seq 1 240); do
    token="$(guest_token)"
    [ -n "$token" ] && "$1" "$token" && return 0
    sleep 2
  done
  return 1
}
# The backend answers before the catalog has read the demo files and the
# inventory has refreshed from the fleet; the tests start once all are in:
# the ten clusters the catalog declares, the five healthy Karmada members,
# the ten Cluster API workload clusters, and the fabrics detected in the
# members' API servers (on a loaded machine the first detection through the
# Karmada proxy can time out; the next refresh brings it).
demo_ready() {
  catalog_has_demo "$1" &&
    curl -fsS -H "Authorization: Bearer $1" \
      "$BACKEND_URL/api/multi-cluster/clusters?limit=1&source=catalog" 2>/dev/null | grep -q '"totalCount": *10' &&
    curl -fsS -H "Authorization: Bearer $1" \
      "$BACKEND_URL/api/multi-cluster/clusters?limit=1&source=karmada&health=healthy" 2>/dev/null | grep -q '"totalCount": *5' &&
    curl -fsS -H "Authorization: Bearer $1" \
      "$BACKEND_URL/api/multi-cluster/clusters?limit=1&source=cluster-api" 2>/dev/null | grep -q '"totalCount": *10' &&
    curl -fsS -H "Authorization: Bearer $1" \
      "$BACKEND_URL/api/multi-cluster/connectivity" 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const sets=JSON.parse(s).clusterSets??[];process.exit(sets.find(x=>x.name==="prod-eu")?.clusters.length===3&&sets.find(x=>x.name==="prod-global")?.clusters.length===3?0:1)})'
}
wait_for_demo() { poll_until demo_ready; }
wait_for_catalog() { poll_until catalog_has_demo; }

# Starts the built backend, which serves the built app, with extra configs.
start_built_app() {
  local log_file="$1"
  shift
  local configs=(--config "$BUNDLE_DIR/app/app-config.yaml")
  for config in "$@"; do configs+=(--config "$(realpath "$config")"); done
  configs+=(--config "$FLOTILLA_FLEET_DIR/app-config.yaml" --config "$E2E_CONFIG")
  # The catalog reads the demo's files relative to packages/backend, as
  # under `yarn start`.
  (cd "$BUNDLE_DIR/app/packages/backend" &&
    NODE_ENV=production exec setsid node . "${configs[@]}") >"$log_file" 2>&1 &
  APP_PID=$!
  await_app "$log_file" "$BACKEND_URL" wait_for_demo
}

# Starts the demo with the README's start command plus extra arguments.
start_dev_app() {
  local log_file="$1"
  shift
  setsid bash scripts/start.sh "$@" >"$log_file" 2>&1 &
  APP_PID=$!
  await_app "$log_file" "$DEV_APP_URL" wait_for_catalog
}

# `await_app LOG URL CHECK`: the backend is ready, the app answers, CHECK passes.
await_app() {
  local log_file="$1" app_url="$2" check="$3" started=$SECONDS
  if ! wait_for "$BACKEND_URL/.backstage/health/v1/readiness" 300 ||
    ! wait_for "$app_url" 300 || ! "$check"; then
    log "the app did not start; see $log_file"
    tail -n 40 "$log_file" >&2
    return 1
  fi
  log "the app answers on $app_url after $((SECONDS - started)) s"
}

run_playwright() {
  local grep="$1" report="$2" url="$3"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$report" PLAYWRIGHT_URL="$url" FLOTILLA_CHROMIUM="$CHROMIUM" \
    FLOTILLA_E2E_OUTPUT="$RESULTS_DIR/e2e" \
    yarn playwright test --grep "$grep" --reporter=list,json 2>&1 | tee -a "$RESULTS_DIR/e2e.log"
}

: >"$RESULTS_DIR/e2e.log"
rm -f "${REPORTS[@]/#/$RESULTS_DIR/}"

log "e2e phase 1: the production build, signed in as the guest (team-checkout)"
started=$SECONDS
start_built_app "$RESULTS_DIR/app-guest.log" &&
  run_playwright '@guest' "$RESULTS_DIR/e2e-guest.json" "$BACKEND_URL"
stop_app
phase "e2e: guest" $((SECONDS - started))

log "e2e phase 2: the production build, signed in as a platform-team member"
started=$SECONDS
start_built_app "$RESULTS_DIR/app-platform.log" app-config.platform-admin.yaml &&
  run_playwright '@platform' "$RESULTS_DIR/e2e-platform.json" "$BACKEND_URL"
stop_app
phase "e2e: platform" $((SECONDS - started))

log "e2e phase 3: the README's start command (development servers), smoke test"
started=$SECONDS
start_dev_app "$RESULTS_DIR/app-dev.log" &&
  run_playwright '@smoke' "$RESULTS_DIR/e2e-smoke.json" "$DEV_APP_URL" &&
  # What the caller measures on the running development servers (test.sh:
  # the service-tab bench), so they start once.
  if [ -n "${FLOTILLA_E2E_WHILE_DEV_APP:-}" ]; then bash -c "$FLOTILLA_E2E_WHILE_DEV_APP"; fi
stop_app
phase "e2e: start command" $((SECONDS - started))

# One report for test.sh: the sum of the phases (a phase that never ran counts as failed).
node -e '
  const fs = require("fs");
  const total = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const file of process.argv.slice(2)) {
    if (!fs.existsSync(file)) { total.unexpected += 1; continue; }
    const s = JSON.parse(fs.readFileSync(file, "utf8")).stats;
    for (const k of Object.keys(total)) total[k] += s[k] ?? 0;
  }
  fs.writeFileSync(process.argv[1], JSON.stringify({ stats: total }));
' "$RESULTS_DIR/e2e.json" "${REPORTS[@]/#/$RESULTS_DIR/}"
