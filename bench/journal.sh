#!/usr/bin/env bash
# What the request journal costs: signed GET /api/v1/ping over TLS keep-alive, one event loop,
# with the journal on (the default 10,000 entries) and off (--journal-size 0), in the same run.
#
# Both servers run pinned to core 0 and wrk runs pinned to core 1. Rounds alternate (on, off,
# on, off, ...) and the script prints each round and the medians: requests per second, and the
# server's CPU time per request (from /proc/PID/stat), which stays comparable when other work
# shares the machine. The signature is computed once with `countersign sign` and sent with -H,
# so wrk needs no Lua.
#
# Usage: bench/journal.sh [seconds per run, default 8] [rounds, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
bin="${COUNTERSIGN_BIN:-.build/release/countersign}"
[ -n "${COUNTERSIGN_BIN:-}" ] || scripts/build-release.sh 2>&1 | tail -1

work="$(mktemp -d /tmp/countersign-journal-bench-XXXXXX)"
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" certs --certs "$work/certs" >/dev/null

start() { # start NAME PORT EXTRA...
  local name=$1 port=$2
  shift 2
  taskset -c 0 "$bin" serve --port "$port" --host 127.0.0.1 --event-loops 1 --certs "$work/certs" \
    --db "$work/$name.sqlite" --stubs "$work/no-stubs" --log-format json "$@" > "$work/$name.log" 2>&1 &
  pids+=($!)
}
start on 18461
start off 18462 --journal-size 0
for _ in $(seq 50); do
  curl -sf --cacert "$work/certs/ca.pem" https://localhost:18461/healthz >/dev/null 2>&1 \
    && curl -sf --cacert "$work/certs/ca.pem" https://localhost:18462/healthz >/dev/null 2>&1 && break
  sleep 0.1
done

signature=$("$bin" sign --secret dev-secret-please-change --method GET --path /api/v1/ping \
  --header 'X-API-VERSION: 1.0' | sed -n 's/^signature: //p')
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
run() { # run PORT PID: prints "requests/s CPU-microseconds/request"
  local before after output
  before=$(cpu_ticks "$2")
  output=$(taskset -c 1 wrk -t1 -c64 -d"${duration}s" -H 'X-API-VERSION: 1.0' -H "X-SIGNATURE: $signature" \
    "https://127.0.0.1:$1/api/v1/ping")
  after=$(cpu_ticks "$2")
  if grep -q "Non-2xx" <<< "$output"; then echo "wrk saw errors: $output" >&2; exit 1; fi
  awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    /requests in/ { requests = $1 } /Requests\/sec/ { rps = $2 }
    END { printf "%s %.1f\n", rps, ticks / hz * 1e6 / requests }' <<< "$output"
}

on_rps=(); off_rps=(); on_cpu=(); off_cpu=()
for round in $(seq "$rounds"); do
  read -r rps cpu < <(run 18461 "${pids[0]}"); on_rps+=("$rps"); on_cpu+=("$cpu")
  read -r rps cpu < <(run 18462 "${pids[1]}"); off_rps+=("$rps"); off_cpu+=("$cpu")
  echo "round $round: journal on ${on_rps[-1]} req/s (${on_cpu[-1]} µs CPU/request), off ${off_rps[-1]} req/s (${off_cpu[-1]} µs CPU/request)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (a / b - 1) * 100 }'; }
# Each round's on/off pair ran back to back: the median of the pairs' ratios is the least
# disturbed by other work on the machine.
ratios=()
for i in "${!on_cpu[@]}"; do ratios+=("$(awk -v a="${on_cpu[$i]}" -v b="${off_cpu[$i]}" 'BEGIN { printf "%.4f", a / b }')"); done
m_on_rps=$(median "${on_rps[@]}"); m_off_rps=$(median "${off_rps[@]}")
m_on_cpu=$(median "${on_cpu[@]}"); m_off_cpu=$(median "${off_cpu[@]}")
entries=$(curl -s --cacert "$work/certs/ca.pem" -X POST https://localhost:18461/__admin/requests/count | tr -dc '0-9')
echo "median requests/s: journal on $m_on_rps, off $m_off_rps (the journal costs $(percent "$m_off_rps" "$m_on_rps")% of throughput)"
echo "median CPU per request: journal on $m_on_cpu µs, off $m_off_cpu µs; median of the rounds' ratios: the journal costs $(percent "$(median "${ratios[@]}")" 1)%"
echo "journal entries kept: $entries (bounded by --journal-size)"
