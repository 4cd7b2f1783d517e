#!/usr/bin/env bash
# Sourced by test.sh: makes a PostgreSQL server reachable for the database tests
# and exports the connection string Backstage's TestDatabases reads
# (BACKSTAGE_TEST_DATABASE_POSTGRES<major>_CONNECTION_STRING).
# Order: an already-set connection string; a server on 127.0.0.1:5432; a local
# cluster that is installed but stopped; Debian's postgresql package (as root).
# When none works, the PostgreSQL tests are skipped and this says so loudly.

PG_HOST="${FLOTILLA_PG_HOST:-127.0.0.1}"
PG_PORT="${FLOTILLA_PG_PORT:-5432}"
PG_USER="${FLOTILLA_PG_USER:-postgres}"

pg_ready() {
  command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 3
}

start_local_cluster() {
  command -v pg_ctlcluster >/dev/null 2>&1 || return 1
  local version
  version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$version" ] || return 1
  log "starting the local PostgreSQL $version cluster"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || return 1
  for _ in $(seq 1 20); do pg_ready && return 0; sleep 1; done
  return 1
}

install_postgres() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
  log "installing PostgreSQL from Debian's packages"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2 || return 1
  local version
  version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  # The tests connect over TCP as postgres without a password.
  sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/' "/etc/postgresql/$version/main/pg_hba.conf"
  start_local_cluster
}

ensure_postgres() {
  FLOTILLA_POSTGRES_URL=""
  if [ -n "$(env | grep -E '^BACKSTAGE_TEST_DATABASE_POSTGRES[0-9]+_CONNECTION_STRING=' | head -n 1)" ]; then
    log "using the PostgreSQL connection string from the environment"
    FLOTILLA_POSTGRES_URL="set"
    return 0
  fi
  pg_ready || start_local_cluster || install_postgres || true
  if ! pg_ready; then
    log "WARNING: no PostgreSQL server could be reached or installed: the PostgreSQL database tests are SKIPPED (SQLite still runs)"
    return 0
  fi
  local major
  major="$(psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -tAc 'SHOW server_version_num' 2>/dev/null | cut -c1-2)"
  if [ -z "$major" ]; then
    log "WARNING: PostgreSQL answers but user $PG_USER cannot log in: the PostgreSQL database tests are SKIPPED"
    return 0
  fi
  # Each plugin creates its own databases, so the test user needs CREATEDB.
  psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -tAc "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user" | grep -q t ||
    { log "WARNING: user $PG_USER lacks CREATEDB: the PostgreSQL database tests are SKIPPED"; return 0; }
  FLOTILLA_POSTGRES_URL="postgresql://$PG_USER@$PG_HOST:$PG_PORT"
  export "BACKSTAGE_TEST_DATABASE_POSTGRES${major}_CONNECTION_STRING=$FLOTILLA_POSTGRES_URL"
  log "database tests run on SQLite and PostgreSQL $major ($FLOTILLA_POSTGRES_URL)"
}
