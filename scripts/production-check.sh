#!/usr/bin/env bash
# Checks the built backend as it runs in production: builds packages/backend
# (`backstage-cli package build`, the bundle a Docker image is made of), starts
# it with NODE_ENV=production, app-config.production.yaml and PostgreSQL, and
# asserts that what a client sees never carries a stack trace, a file path or
# a database's own words:
#   - a hostile request is a short 400;
#   - an unknown route is a short 404;
#   - other plugins' errors (auth, catalog, Scaffolder, MCP) are as clean, and
#     a malformed body is not echoed;
#   - an internal failure (a table renamed under the running backend) is a 500
#     that says only "An internal error occurred, logId=...".
# Run by scripts/test.sh (it needs PostgreSQL on 127.0.0.1:5432, user postgres),
# which passes the bundle it built once (FLOTILLA_BUNDLE_DIR); run alone, the
# check builds its own.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$FLOTILLA_ROOT"

PORT="${FLOTILLA_PRODUCTION_CHECK_PORT:-7017}"
BASE="http://localhost:$PORT"
DB_PREFIX="flotilla_production_check_"
PSQL=(psql -q -h 127.0.0.1 -p 5432 -U postgres)
WORK="$(mktemp -d)"
BACKEND_PID=""

drop_databases() {
  "${PSQL[@]}" -d postgres -tAc "SELECT datname FROM pg_database WHERE datname LIKE '${DB_PREFIX}%'" 2>/dev/null |
    while read -r db; do "${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null; done
}
cleanup() {
  [ -z "$BACKEND_PID" ] || kill "$BACKEND_PID" 2>/dev/null
  wait "$BACKEND_PID" 2>/dev/null
  drop_databases
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "production check FAILED: $*" >&2
  [ ! -f "$WORK/backend.log" ] || tail -n 30 "$WORK/backend.log" >&2
  exit 1
}

BUNDLE_DIR="${FLOTILLA_BUNDLE_DIR:-$WORK}"
if [ -z "${FLOTILLA_BUNDLE_DIR:-}" ]; then
  bash scripts/backend-bundle.sh "$WORK" || fail "the backend bundle could not be made"
fi
cat >"$WORK/app-config.check.yaml" <<EOF
app:
  baseUrl: $BASE
backend:
  baseUrl: $BASE
  listen: ':$PORT'
  database:
    prefix: $DB_PREFIX
auth:
  providers:
    guest:
      dangerouslyAllowOutsideDevelopment: true
multiCluster:
  # The inventory's first refresh runs before the catalog has read the
  # example clusters; the check asks for one after the next refresh, 5 s
  # later instead of 30 s.
  refresh:
    frequency: { seconds: 5 }
EOF

drop_databases
log "starting the built backend with NODE_ENV=production on $BASE"
(
  cd "$BUNDLE_DIR/app" &&
    # The production sign-in (GitHub) needs an OAuth app to start; the check
    # signs in as the guest it enables above, so any id and secret will do.
    NODE_ENV=production POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=5432 POSTGRES_USER=postgres POSTGRES_PASSWORD= \
      AUTH_GITHUB_CLIENT_ID=production-check AUTH_GITHUB_CLIENT_SECRET=production-check \
      exec node packages/backend --config app-config.yaml --config app-config.production.yaml \
      --config "$WORK/app-config.check.yaml"
) >"$WORK/backend.log" 2>&1 &
BACKEND_PID=$!
for _ in $(seq 1 180); do
  curl -fsS -o /dev/null "$BASE/.backstage/health/v1/readiness" 2>/dev/null && break
  kill -0 "$BACKEND_PID" 2>/dev/null || fail "the backend exited"
  sleep 1
done
curl -fsS -o /dev/null "$BASE/.backstage/health/v1/readiness" || fail "the backend never became ready"

TOKEN="$(curl -fsS "$BASE/api/auth/guest/refresh" | node -pe 'JSON.parse(require("fs").readFileSync(0)).backstageIdentity.token')" ||
  fail "no guest token"
call() { curl -sS -o "$WORK/body" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$@"; }

# A body a client may see: short, no stack frame, no path on this machine,
# no words of the database.
assert_clean() {
  local what="$1" status="$2" expected="$3"
  [ "$status" = "$expected" ] || fail "$what answered $status, expected $expected: $(head -c 300 "$WORK/body")"
  node -e '
    const body = require("fs").readFileSync(process.argv[1], "utf8");
    const leaks = [/\n\s+at /, /\/(work|tmp|root|home|usr)\//, /node_modules/, /\.(ts|js):\d+/, /relation|syntax error|SQLITE|knex/i];
    const found = leaks.filter(leak => leak.test(body));
    if (body.length > 2048 || found.length) {
      console.error(`leaks ${found.join(" ")} in ${body.length} bytes: ${body.slice(0, 300)}`);
      process.exit(1);
    }' "$WORK/body" || fail "$what leaks internals"
  echo "  $what: $status, $(wc -c <"$WORK/body") bytes, nothing internal"
}

log "asserting what clients see"
status="$(call -X POST -H 'content-type: application/json' \
  -d '{"replicas":3,"resourceRequest":{"cpu":"1e10000000"}}' "$BASE/api/multi-cluster/placement/recommend")"
assert_clean "a hostile quantity" "$status" 400
status="$(call "$BASE/api/multi-cluster/no-such-route")"
assert_clean "an unknown route" "$status" 404

# Every plugin's errors, not only Flotilla's: the root error handler answers
# them (auth, catalog, Scaffolder, MCP), and a malformed body is not echoed.
node -e 'process.stdout.write("{\"jsonrpc\":\"2.0\",\"method\":" + "\"x".repeat(45000))' >"$WORK/malformed.json"
status="$(curl -sS -o "$WORK/body" -w '%{http_code}' "$BASE/api/catalog/entities?limit=1")"
assert_clean "the catalog without a token" "$status" 401
status="$(call "$BASE/api/catalog/entities/by-name/component/default/no-such-entity")"
assert_clean "the catalog: an unknown entity" "$status" 404
status="$(call -X POST -H 'content-type: application/json' -d '{"type":1}' "$BASE/api/catalog/locations")"
assert_clean "the catalog: an invalid location" "$status" 400
status="$(call "$BASE/api/auth/no-such-provider/start?env=development")"
assert_clean "auth: an unknown provider" "$status" 404
status="$(call -X POST -H 'content-type: application/json' -d '{"template":1}' "$BASE/api/scaffolder/v2/dry-run")"
assert_clean "the Scaffolder: an invalid dry run" "$status" 400
status="$(call -X POST -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' \
  --data-binary @"$WORK/malformed.json" "$BASE/api/mcp-actions/v1")"
assert_clean "MCP: a 90 kB malformed body" "$status" 400

# A cluster to ask for: the catalog's, once the catalog has read the example
# files and the inventory has refreshed (no fleet runs here; a cluster the
# catalog declares is listed all the same).
cluster=""
for _ in $(seq 1 90); do
  cluster="$(call "$BASE/api/multi-cluster/clusters?limit=1" >/dev/null &&
    node -pe 'JSON.parse(require("fs").readFileSync(process.argv[1])).items[0]?.name ?? ""' "$WORK/body")" || cluster=""
  [ -n "$cluster" ] && break
  sleep 2
done
[ -n "$cluster" ] || fail "no cluster listed"
"${PSQL[@]}" -d "${DB_PREFIX}multi-cluster" -c 'ALTER TABLE multi_cluster_history RENAME TO multi_cluster_history_moved' ||
  fail "could not break the history table"
status="$(call "$BASE/api/multi-cluster/clusters/$cluster/history")"
assert_clean "an internal failure" "$status" 500
grep -q 'An internal error occurred, logId=' "$WORK/body" || fail "the 500 does not give a log id: $(cat "$WORK/body")"
log_id="$(node -pe '/logId=(\w+)/.exec(require("fs").readFileSync(process.argv[1], "utf8"))[1]' "$WORK/body")"
grep -q "$log_id" "$WORK/backend.log" || fail "the log has no entry for logId=$log_id"
echo "  the details are in the backend's log under logId=$log_id"
echo "production check passed"
