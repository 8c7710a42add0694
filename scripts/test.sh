#!/usr/bin/env bash
# The one test command (README "Test it", and .ci/run): static checks, unit and integration tests
# on SQLite and PostgreSQL, then the end-to-end tests in Chromium against a SQLite and a
# PostgreSQL build of the server. Starts and stops its own PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
# Each stage says when it starts, in minutes since the start (the suite's budget is 30 minutes).
step() { printf '\n==> %s (at %d:%02d)\n' "$*" $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)); }

step "System packages (Chromium, PostgreSQL, poppler-utils, promtool)"
bash scripts/ensure-system-deps.sh

step "Lint, format, types"
npm run lint
npm run format:check
npm run typecheck

step "Start PostgreSQL"
PG_URL=$(bash scripts/pg.sh start)
trap 'bash scripts/pg.sh stop || true' EXIT
echo "PostgreSQL at $PG_URL"

step "Unit tests of packages/domain, with its coverage"
# Coverage costs every test it watches about a third more time; only the rules package has a
# coverage target, and its own tests reach it (99 % of lines), so only they run with it.
npx vitest run --project domain --coverage

step "Unit and integration tests (SQLite and PostgreSQL)"
# Four workers on two cores: the files mostly wait (servers they start, PostgreSQL, jsdom and
# module loading), so two workers kept the cores half idle (server files 10.8 -> 6.7 min, web
# and sync 8.5 -> 5.5 min measured on 2026-12-05, every test passing).
TEST_DATABASE_URL="$PG_URL" REQUIRE_PG=1 npx vitest run --project sync --project server --project web --maxWorkers=4

step "Build the web app"
npm run build

step "Byte budget of the first screens (apps/web/byte-budget.json)"
npm run check:bytes

step "End-to-end tests in Chromium (SQLite and PostgreSQL servers)"
E2E_DATABASE_URL="$PG_URL" npm run test:e2e

step "Done"
