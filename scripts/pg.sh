#!/usr/bin/env bash
# Starts or stops a throw-away PostgreSQL cluster for tests, on a port and socket of its own.
#   scripts/pg.sh start   -> prints the admin connection URL on stdout
#   scripts/pg.sh stop
# QA_PG_FSYNC=on gives a durable cluster (benchmarks of durable commits); tests run without fsync.
# Installs Debian's postgresql when it is missing and we run as root. initdb refuses root, so the
# cluster belongs to the postgres user (or the current user when not root).
set -euo pipefail

PG_PORT="${QA_PG_PORT:-54329}"
PG_ROOT="${QA_PG_ROOT:-/tmp/qa-pg-$PG_PORT}"
PG_DATA="$PG_ROOT/data"
PG_SOCK="$PG_ROOT/sock"
PG_LOG="$PG_ROOT/postgres.log"

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] && command -v pg_ctl >/dev/null 2>&1; then dir=$(dirname "$(command -v pg_ctl)"); fi
  echo "$dir"
}

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_installed() {
  if [ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ]; then return; fi
  if [ "$(id -u)" != "0" ]; then
    echo "PostgreSQL is not installed; install Debian's 'postgresql' package or run as root." >&2
    exit 1
  fi
  echo "Installing PostgreSQL from Debian's packages..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
}

start() {
  ensure_installed
  local bin
  bin=$(pg_bin)
  stop_quiet
  rm -rf "$PG_ROOT"
  mkdir -p "$PG_DATA" "$PG_SOCK"
  if [ "$(id -u)" = "0" ]; then chown -R postgres:postgres "$PG_ROOT"; fi
  as_owner "$bin/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_owner "$bin/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 \
    -o "-p $PG_PORT -k $PG_SOCK -c listen_addresses=127.0.0.1 -c fsync=${QA_PG_FSYNC:-off} -c max_connections=200" \
    start >/dev/null
  echo "postgres://postgres@127.0.0.1:$PG_PORT/postgres"
}

stop_quiet() {
  local bin
  bin=$(pg_bin)
  if [ -n "$bin" ] && [ -f "$PG_DATA/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop_quiet; rm -rf "$PG_ROOT" ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
