#!/usr/bin/env bash
# The integration suite (packages/fleet-integration): the real Backstage
# backend, with PostgreSQL, against a fresh local fleet of real
# kube-apiservers with the upstream CRDs and Flotilla's least-privileged RBAC
# (deploy/rbac). Starts the fleet in .fleet-it (ports from 30440), runs the
# suite, and stops the fleet. A fleet that cannot start fails the suite: it
# never skips.
#
# Usage: bash scripts/integration.sh [results-dir] [jest arguments...]
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
source "$FLOTILLA_ROOT/scripts/postgres.sh"
cd "$FLOTILLA_ROOT"
RESULTS_DIR="${1:-$FLOTILLA_ROOT/test-results}"
shift || true
mkdir -p "$RESULTS_DIR/integration"
REPORT="$RESULTS_DIR/integration.json"
rm -f "$REPORT"
export FLOTILLA_FLEET_DIR="$FLOTILLA_ROOT/.fleet-it"
export FLOTILLA_FLEET_PORT_BASE=30440

fail_report() {
  echo "{\"numPassedTests\":0,\"numFailedTests\":1,\"testResults\":[{\"status\":\"failed\",\"message\":\"$1\",\"assertionResults\":[]}]}" >"$REPORT"
}
# `phase <name> <seconds>`: one line of the test command's timing table.
phase() { printf '%s\t%s\n' "$1" "$2" >>"$RESULTS_DIR/timings.tsv"; }
# With FLOTILLA_IT_RESET_FLEET the fleet outlives the suite, reset to the
# scenario it started with (test.sh runs the browser tests on it next).
stop_fleet() {
  if [ -n "${FLOTILLA_IT_RESET_FLEET:-}" ]; then
    local started=$SECONDS
    bash scripts/fleet.sh reset >>"$RESULTS_DIR/integration/fleet.log" 2>&1 ||
      bash scripts/fleet.sh down >>"$RESULTS_DIR/integration/fleet.log" 2>&1
    phase "fleet reset" $((SECONDS - started))
  elif [ -z "${FLOTILLA_IT_KEEP_FLEET:-}" ]; then
    bash scripts/fleet.sh down >>"$RESULTS_DIR/integration/fleet.log" 2>&1
  fi
}
trap stop_fleet EXIT

ensure_postgres
# Backends an interrupted run left behind would answer for this run's.
for port in $(seq 7130 7150); do fuser -k "$port/tcp" >/dev/null 2>&1 || true; done
if [ -z "${FLOTILLA_POSTGRES_URL:-}" ]; then
  log "the integration suite needs PostgreSQL on 127.0.0.1:5432"
  fail_report "no PostgreSQL"
  exit 1
fi

if [ -z "${FLOTILLA_IT_KEEP_FLEET:-}" ]; then
  bash scripts/fleet.sh down >/dev/null 2>&1
  rm -rf "$FLOTILLA_FLEET_DIR"
fi
# A new machine builds kube-apiserver first (once; cached outside the clone).
started=$SECONDS
if ! bash scripts/kube-assets.sh >/dev/null 2>"$RESULTS_DIR/integration/kube-assets.log"; then
  tail -n 30 "$RESULTS_DIR/integration/kube-assets.log" >&2
  fail_report "no kube-apiserver"
  exit 1
fi
[ $((SECONDS - started)) -lt 5 ] || phase "kube-apiserver build" $((SECONDS - started))
log "starting the integration fleet (log: $RESULTS_DIR/integration/fleet.log)"
started=$SECONDS
if ! bash scripts/fleet.sh up >"$RESULTS_DIR/integration/fleet.log" 2>&1; then
  tail -n 30 "$RESULTS_DIR/integration/fleet.log" >&2
  log "the integration fleet did not start"
  fail_report "the fleet did not start"
  exit 1
fi
log "integration fleet up in $((SECONDS - started)) s"
if [ -n "${FLOTILLA_IT_RESET_FLEET:-}" ] &&
  ! bash scripts/fleet.sh snapshot >>"$RESULTS_DIR/integration/fleet.log" 2>&1; then
  log "could not keep a snapshot of the integration fleet"
  fail_report "no fleet snapshot"
  exit 1
fi
phase "fleet up" $((SECONDS - started))
started=$SECONDS

FLOTILLA_TEST_FLEET_DIR="$FLOTILLA_FLEET_DIR" FLOTILLA_TEST_LOG_DIR="$RESULTS_DIR/integration" \
  yarn workspace @flotilla/fleet-integration test:fleet --ci --watchAll=false \
  --json --outputFile="$REPORT" "$@" 2>&1 | tee "$RESULTS_DIR/integration.log" |
  grep -E '^(PASS|FAIL)|Tests:|●' || true
[ -s "$REPORT" ] || fail_report "the suite wrote no report"
phase integration $((SECONDS - started))
# A backend a failed test left behind must not hold its port for the next run.
for port in $(seq 7130 7160); do fuser -k "$port/tcp" >/dev/null 2>&1 || true; done
