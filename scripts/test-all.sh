#!/usr/bin/env bash
# Runs every test: i18n parity, contracts, server on PGlite and on PostgreSQL, the WeChat Pay and operator platform simulators, web units,
# then the build, the local cluster and the end-to-end tests in Chromium. Prints one summary line at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
out=test-results
rm -rf "$out" && mkdir -p "$out"
failed=0
# each step's time, printed with the summary (docs/testing.md keeps the figures)
timings=()
current=""
t0=$(date +%s)
began=$t0
lap() { [[ -n "$current" ]] && timings+=("$(( $(date +%s) - t0 )) s  $current"); t0=$(date +%s); }
step() { lap; current="$1"; echo; echo "=== $1"; }
run() { "$@" || failed=1; }

step "build contracts"
run npx tsc -b packages/contracts

step "i18n catalogues"
run node scripts/check-i18n.mjs

step "contracts"
run npx vitest run --root packages/contracts --reporter=default --reporter=json --outputFile.json="$PWD/$out/contracts.json"

step "repository checks (module boundaries, imports, cycles, message catalogue)"
run npx vitest run --root tests --reporter=default --reporter=json --outputFile.json="$PWD/$out/repo.json"

step "server on PGlite"
run env RRP_TEST_DB=pglite npx vitest run --root apps/server --reporter=default --reporter=json --outputFile.json="$PWD/$out/server-pglite.json"

step "server on PostgreSQL"
if pg_isready -q -h 127.0.0.1; then
  run env RRP_TEST_DB=postgres npx vitest run --root apps/server --reporter=default --reporter=json --outputFile.json="$PWD/$out/server-postgres.json"
elif [[ "${CI:-}" == "true" ]]; then
  echo "PostgreSQL is not reachable at 127.0.0.1:5432" >&2
  failed=1
else
  echo "SKIPPED: PostgreSQL is not reachable at 127.0.0.1:5432 (set it up, or run in CI where it is required)"
fi

step "WeChat Pay simulator"
run npx vitest run --root apps/wechatpay-sim --reporter=default --reporter=json --outputFile.json="$PWD/$out/wechatpay-sim.json"

step "operator platform simulators (Control Center, OneLink)"
run npx vitest run --root apps/operator-sims --reporter=default --reporter=json --outputFile.json="$PWD/$out/operator-sims.json"

step "web"
run npx vitest run --root apps/web --reporter=default --reporter=json --outputFile.json="$PWD/$out/web.json"

step "build"
run npm run build --silent

step "local cluster (HAProxy, PgBouncer, read replica)"
run npx vitest run --config tests/cluster/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$PWD/$out/cluster.json"

step "end-to-end (Chromium)"
run npx playwright test -c e2e/playwright.config.ts

lap
echo
echo "=== time per step"
printf '%s\n' "${timings[@]}"
echo "total $(( $(date +%s) - began )) s"

node scripts/test-summary.mjs "$out" || failed=1
exit $failed
