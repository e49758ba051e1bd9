#!/usr/bin/env bash
# What proxy mode adds: the signed, authenticated GET /api/v1/checkin over TLS keep-alive, sent
# to a Countersign directly (the upstream) and through a second Countersign started with
# --proxy-to that upstream, in the same run. Rounds alternate (direct, proxied, ...); the script
# prints each round and the medians of requests per second and of wrk's p50 and p99 latency.
# The signature is computed once with `countersign sign` and sent with -H, so wrk needs no Lua.
#
# Usage: bench/proxy.sh [seconds per run, default 8] [rounds, default 3] [connections, default 32]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
connections="${3:-32}"
bin="${COUNTERSIGN_BIN:-.build/release/countersign}"
[ -n "${COUNTERSIGN_BIN:-}" ] || scripts/build-release.sh 2>&1 | tail -1
command -v wrk >/dev/null || scripts/install-dependencies.sh wrk >/dev/null

work="$(mktemp -d /tmp/countersign-proxy-bench-XXXXXX)"
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" certs --certs "$work/certs" >/dev/null
upstream=18471
proxy=18472

start() { # start NAME PORT EXTRA...
  local name=$1 port=$2
  shift 2
  "$bin" serve --port "$port" --host 127.0.0.1 --event-loops 1 --certs "$work/certs" \
    --db "$work/$name.sqlite" --stubs "$work/no-stubs" --log-format json "$@" > "$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -sf --cacert "$work/certs/ca.pem" "https://localhost:$port/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "$name did not start" >&2; cat "$work/$name.log" >&2; exit 1
}
start upstream $upstream
start proxy $proxy --proxy-to "https://localhost:$upstream" --proxy-ca "$work/certs/ca.pem" --proxy-max-connections 32

"$bin" call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port $upstream --certs "$work/certs" \
  --state-dir "$work/state" --db "$work/upstream.sqlite" >/dev/null
token=$(cat "$work/state/token")
signature=$("$bin" sign --secret dev-secret-please-change --method GET --path /api/v1/checkin --header 'X-API-VERSION: 1.0' \
  --header "Authorization: Bearer $token" | sed -n 's/^signature: //p')
headers=(-H 'X-API-VERSION: 1.0' -H "Authorization: Bearer $token" -H "X-SIGNATURE: $signature")
for port in $upstream $proxy; do
  answer=$(curl -s --cacert "$work/certs/ca.pem" "${headers[@]}" "https://localhost:$port/api/v1/checkin")
  [[ $answer == *'"code":0'* ]] || { echo "port $port did not answer the check-in: $answer" >&2; exit 1; }
done

milliseconds() { # wrk's "1.23ms", "456.00us" or "1.02s" as milliseconds
  awk -v value="$1" 'BEGIN {
    if (value ~ /us$/) { sub(/us$/, "", value); print value / 1000 }
    else if (value ~ /ms$/) { sub(/ms$/, "", value); print value + 0 }
    else { sub(/s$/, "", value); print value * 1000 } }'
}
run() { # run PORT: prints "requests/s p50-ms p99-ms"
  local output
  output=$(wrk -t1 -c"$connections" -d"${duration}s" --latency "${headers[@]}" "https://127.0.0.1:$1/api/v1/checkin")
  if grep -q "Non-2xx\|Socket errors" <<< "$output"; then echo "wrk saw errors: $output" >&2; exit 1; fi
  echo "$(awk '/Requests\/sec/ { print $2 }' <<< "$output")" \
    "$(milliseconds "$(awk '$1 == "50%" { print $2 }' <<< "$output")")" \
    "$(milliseconds "$(awk '$1 == "99%" { print $2 }' <<< "$output")")"
}

direct_rps=(); direct_p50=(); direct_p99=(); proxied_rps=(); proxied_p50=(); proxied_p99=()
for round in $(seq "$rounds"); do
  read -r rps p50 p99 < <(run $upstream); direct_rps+=("$rps"); direct_p50+=("$p50"); direct_p99+=("$p99")
  read -r rps p50 p99 < <(run $proxy); proxied_rps+=("$rps"); proxied_p50+=("$p50"); proxied_p99+=("$p99")
  echo "round $round: direct ${direct_rps[-1]} req/s (p50 ${direct_p50[-1]} ms, p99 ${direct_p99[-1]} ms)," \
    "proxied ${proxied_rps[-1]} req/s (p50 ${proxied_p50[-1]} ms, p99 ${proxied_p99[-1]} ms)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
d50=$(median "${direct_p50[@]}"); p50=$(median "${proxied_p50[@]}")
d99=$(median "${direct_p99[@]}"); p99=$(median "${proxied_p99[@]}")
echo "median: direct $(median "${direct_rps[@]}") req/s, proxied $(median "${proxied_rps[@]}") req/s;" \
  "p50 $d50 -> $p50 ms (+$(awk -v a="$d50" -v b="$p50" 'BEGIN { printf "%.2f", b - a }') ms)," \
  "p99 $d99 -> $p99 ms (+$(awk -v a="$d99" -v b="$p99" 'BEGIN { printf "%.2f", b - a }') ms)"
