#!/usr/bin/env bash
# Builds what a service's image would hold, without a container engine, and starts it once:
# the Dockerfile's prune step, a production-only install from the pruned lock file, the pruned
# sources and the compiled service; then `node services/<service>/dist/server.js` until /ready
# answers, against the PostgreSQL in DATABASE_URL (a fresh database is made and dropped).
#
#   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres deploy/scripts/replay-image.sh insights
set -euo pipefail
service="${1:?usage: replay-image.sh <service>}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL server}"
[ -f "$root/services/$service/dist/server.js" ] || { echo "run npm run build first" >&2; exit 1; }

work="$(mktemp -d)"
database="replay_${service}_$$"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql "$DATABASE_URL" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "[$service] prune"
(cd "$root" && npx turbo prune "@tracemap/$service" --docker --out-dir "$work/pruned" >/dev/null)
echo "[$service] production install"
mkdir "$work/app" && cp -r "$work/pruned/json/." "$work/app/"
(cd "$work/app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)
cp -r "$work/pruned/full/." "$work/app/"
cp -r "$root/services/$service/dist" "$work/app/services/$service/dist"
for dev in typescript tsx jest esbuild; do
  [ ! -e "$work/app/node_modules/$dev" ] || { echo "[$service] $dev is installed: not a production tree" >&2; exit 1; }
done

psql "$DATABASE_URL" -qc "CREATE DATABASE $database" >/dev/null
port=$((20000 + RANDOM % 20000))
key() { head -c 32 /dev/urandom | base64; }
token() { head -c 24 /dev/urandom | base64 | tr -d '/+='; }
# Throwaway settings: enough for each service's config to load; peers are unreachable on purpose.
env -i PATH="$PATH" NODE_ENV=production HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn \
  DATABASE_URL="${DATABASE_URL%/*}/$database" PUBLIC_URL=http://localhost:8080 \
  AUTH_URL=http://127.0.0.1:9 ACCOUNT_URL=http://127.0.0.1:9 COMPANY_URL=http://127.0.0.1:9 \
  SUBSCRIPTION_URL=http://127.0.0.1:9 AUTH_SESSION_CHECK=false \
  INTERNAL_SERVICE_TOKEN="$(token)" AUTH_PUBLIC_KEY="tm_public_$(token)" AUTH_SERVICE_ROLE_KEY="tm_service_$(token)" \
  STRIPE_SECRET_KEY="sk_test_$(token)" STRIPE_WEBHOOK_SECRET="whsec_$(token)" STRIPE_API_BASE=http://127.0.0.1:9 \
  INSIGHTS_SECRET_KEY="$(key)" INTEGRATIONS_SECRET_KEY="$(key)" \
  FRONTEND_ROOT="$root" \
  bash -c "cd '$work/app' && exec node services/$service/dist/server.js" &
pid=$!
ready_path=/ready
[ "$service" = gateway ] && ready_path=/health
for _ in $(seq 1 300); do
  if curl -sf "http://127.0.0.1:$port$ready_path" >/dev/null; then
    echo "[$service] ready on :$port from $(du -sh "$work/app/node_modules" | cut -f1) of production dependencies"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "[$service] exited before it was ready" >&2; exit 1; }
  sleep 0.2
done
echo "[$service] not ready within 60 s" >&2
exit 1
