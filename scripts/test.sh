#!/usr/bin/env bash
# Sets everything up and runs every check and test suite of the repository:
# type check, lint, formatting, every package's tests (database tests on SQLite
# and a real PostgreSQL), the integration suite against real kube-apiservers
# and the browser end-to-end tests.
# Ends with one line "N passed, N failed" and exits non-zero if anything failed.
set -uo pipefail
# Whatever happens (a setup step that exits), the run ends with the summary line.
summary_printed=""
BUNDLE_DIR=""
cleanup() {
  [ -z "$BUNDLE_DIR" ] || rm -rf "$BUNDLE_DIR"
  [ -n "$summary_printed" ] || echo "0 passed, 1 failed"
}
trap cleanup EXIT
install_started=$SECONDS
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
source "$FLOTILLA_ROOT/scripts/postgres.sh"
cd "$FLOTILLA_ROOT"

RESULTS_DIR="$FLOTILLA_ROOT/test-results"
rm -rf "$RESULTS_DIR" && mkdir -p "$RESULTS_DIR"
passed=0
failed=0
failures=()

# `phase <name> <seconds>`: one line of the timing table printed at the end
# (scripts/test-timings.js); integration.sh and e2e.sh add their own.
phase() { printf '%s\t%s\n' "$1" "$2" >>"$RESULTS_DIR/timings.tsv"; }
phase install $((SECONDS - install_started))

# A check that is not a test runner (tsc, lint, prettier) counts as one test.
run_check() {
  local name="$1"
  shift
  log "check: $name"
  local started=$SECONDS status=0
  "$@" >"$RESULTS_DIR/$name.log" 2>&1 || status=$?
  phase "$name" $((SECONDS - started))
  count_check "$name" "$status" $((SECONDS - started))
}

count_check() {
  local name="$1" status="$2" seconds="$3"
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
    log "check: $name passed (${seconds}s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    tail -n 60 "$RESULTS_DIR/$name.log"
    log "check: $name FAILED (${seconds}s, log in test-results/$name.log)"
  fi
}

# A check that runs beside the next one: each of these checks keeps one core
# busy, so two at once take the time of the longer on two cores.
# `start_check_beside NAME CMD...`, later `finish_check NAME`.
declare -A CHECK_PIDS=()
start_check_beside() {
  local name="$1"
  shift
  log "check: $name (beside)"
  (
    started=$SECONDS status=0
    "$@" >"$RESULTS_DIR/$name.log" 2>&1 || status=$?
    echo "$status $((SECONDS - started))" >"$RESULTS_DIR/$name.status"
  ) &
  CHECK_PIDS[$name]=$!
}

# Counts a check run elsewhere that wrote NAME.status ("STATUS SECONDS");
# a check that wrote none did not run and fails.
count_status_file() {
  local name="$1" status=1 seconds=0
  [ ! -s "$RESULTS_DIR/$name.status" ] || read -r status seconds <"$RESULTS_DIR/$name.status"
  phase "$name" "$seconds"
  count_check "$name" "$status" "$seconds"
}

finish_check() {
  local name="$1" status=1 seconds=0 waited=$SECONDS
  wait "${CHECK_PIDS[$name]}" || true
  # Its time beyond the check it ran beside counts in the total.
  [ $((SECONDS - waited)) = 0 ] || phase "$name (waited for)" $((SECONDS - waited))
  [ ! -s "$RESULTS_DIR/$name.status" ] || read -r status seconds <"$RESULTS_DIR/$name.status"
  phase "$name (beside)" "$seconds"
  count_check "$name" "$status" "$seconds"
}

# Adds the counts of a Jest JSON report; a report that is missing counts as a failure.
add_jest_report() {
  local name="$1" report="$2"
  if [ ! -s "$report" ]; then
    failed=$((failed + 1))
    failures+=("$name (no report)")
    return
  fi
  local counts
  counts="$(node -e '
    const r = require(process.argv[1]);
    const suitesFailedToRun = r.testResults.filter(t => t.status === "failed" && t.assertionResults.length === 0).length;
    console.log(r.numPassedTests, r.numFailedTests + suitesFailedToRun);
  ' "$report")"
  local p f
  read -r p f <<<"$counts"
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$f" = 0 ] || failures+=("$name ($f failed)")
  log "$name: $p passed, $f failed"
}

# Adds the counts of a Playwright JSON report (flaky tests passed on retry).
add_playwright_report() {
  local name="$1" report="$2"
  if [ ! -s "$report" ]; then
    failed=$((failed + 1))
    failures+=("$name (no report)")
    return
  fi
  local p f
  read -r p f <<<"$(node -e '
    const s = require(process.argv[1]).stats;
    console.log(s.expected + s.flaky, s.unexpected);
  ' "$report")"
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$f" = 0 ] || failures+=("$name ($f failed)")
  log "$name: $p passed, $f failed"
}

ensure_postgres
export BACKSTAGE_TEST_DISABLE_DOCKER=1

# Chromium for the browser tests (Debian's package) installs beside the
# checks instead of before the browser tests; e2e.sh waits for it.
CHROMIUM_INSTALL_PID=""
if [ ! -x "${FLOTILLA_CHROMIUM:-/usr/bin/chromium}" ] && [ "$(id -u)" = 0 ] &&
  command -v apt-get >/dev/null 2>&1; then
  (
    started=$SECONDS
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
    phase "e2e: install Chromium (beside)" $((SECONDS - started))
  ) >"$RESULTS_DIR/chromium-install.log" 2>&1 &
  CHROMIUM_INSTALL_PID=$!
fi

run_check paths node scripts/check-paths.js
# One full type check: it writes the declarations (dist-types) the API
# reports are made from, so the API report check does not type-check again.
start_check_beside prettier yarn prettier --check .
run_check tsc yarn tsc --incremental false
finish_check prettier
start_check_beside lint yarn backstage-cli repo lint
run_check api-reports yarn build:api-reports:only --ci
finish_check lint

log "unit tests (every package)"
started=$SECONDS
yarn backstage-cli repo test --ci --watchAll=false --json --outputFile="$RESULTS_DIR/jest.json" 2>&1 | tee "$RESULTS_DIR/jest.log" | grep -E '^(PASS|FAIL)|Tests:|●' || true
phase unit $((SECONDS - started))
add_jest_report "unit tests" "$RESULTS_DIR/jest.json"

# Every benchmark once at its smallest size (bench:smoke): a bench whose
# setup broke, or that measured nothing, fails the run instead of printing
# a table. The figures come from `yarn bench`.
run_check bench-common yarn workspace @flotilla/plugin-multi-cluster-common bench:smoke
run_check bench-backend yarn workspace @flotilla/plugin-multi-cluster-backend bench:smoke

# The production build, once: the backend bundle with the app built into it,
# for the production check, the integration suite's backends and the
# browser tests.
BUNDLE_DIR="$(mktemp -d)"
run_check build bash scripts/backend-bundle.sh "$BUNDLE_DIR"
export FLOTILLA_BUNDLE_DIR="$BUNDLE_DIR"

if [ -n "$FLOTILLA_POSTGRES_URL" ]; then
  run_check production bash scripts/production-check.sh
else
  log "NOTE: the production check (built backend, NODE_ENV=production, PostgreSQL) was skipped: no PostgreSQL"
fi

# One fleet of real API servers for the integration suite and the browser
# tests: integration.sh leaves it running and reset to the scenario.
export FLOTILLA_FLEET_DIR="$FLOTILLA_ROOT/.fleet-it" FLOTILLA_FLEET_PORT_BASE=30440
log "integration suite (the real backend on PostgreSQL against a fleet of real kube-apiservers)"
FLOTILLA_IT_RESET_FLEET=1 bash "$FLOTILLA_ROOT/scripts/integration.sh" "$RESULTS_DIR"
add_jest_report "integration tests" "$RESULTS_DIR/integration.json"

log "end-to-end tests (Playwright in Chromium against the production build and the start command)"
[ -z "$CHROMIUM_INSTALL_PID" ] || wait "$CHROMIUM_INSTALL_PID" || tail -n 20 "$RESULTS_DIR/chromium-install.log" >&2
# The service-tab bench measures the development servers e2e.sh starts
# for its last phase, while they run.
FLOTILLA_E2E_WHILE_DEV_APP="started=\$SECONDS status=0
  FLOTILLA_BENCH_RUNNING_APP=1 yarn workspace @flotilla/plugin-multi-cluster bench:smoke \
    >'$RESULTS_DIR/bench-service-tab.log' 2>&1 || status=\$?
  echo \"\$status \$((SECONDS - started))\" >'$RESULTS_DIR/bench-service-tab.status'" \
  bash "$FLOTILLA_ROOT/scripts/e2e.sh" "$RESULTS_DIR"
count_status_file bench-service-tab
add_playwright_report "e2e tests" "$RESULTS_DIR/e2e.json"
bash scripts/fleet.sh down >>"$RESULTS_DIR/integration/fleet.log" 2>&1
# The fleet-scale bench brings up a fleet of its own: after the others are
# down (beside the suite, both fleets' CPU made each several times slower).
run_check bench-fleet-scale env -u FLOTILLA_FLEET_DIR FLOTILLA_FLEET_PORT_BASE=29440 \
  yarn workspace @flotilla/fleet-integration bench:smoke

[ -n "$FLOTILLA_POSTGRES_URL" ] || log "NOTE: PostgreSQL tests were skipped (see the warning above)"
if [ "${#failures[@]}" != 0 ]; then
  node scripts/test-failures.js "$RESULTS_DIR" >&2 || true
  log "failed: ${failures[*]}"
fi
log "timings (test-results/timings.json; slowest test files in test-results/slowest-tests.txt)"
node scripts/test-timings.js "$RESULTS_DIR" >&2 || true
summary_printed=1
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
