#!/usr/bin/env bash
# The journal soak: signed, authenticated GET /api/v1/checkin at a fixed rate (6,000 req/s for 10
# minutes by default: WireMock users report running out of memory after 10-15 minutes at that rate)
# against Countersign and then WireMock 2.35.1, each alone on core 0 (one event loop; one JVM
# processor, its JIT warmed for $WARMUP s, default 25, then its journal cleared), with the load on
# core 1. Each server's resident memory and journal are sampled every second
# (bench/soak_sampler.py); the report (bench/soak_report.py) compares the first and the last
# minute's memory, the journal's bytes with Countersign's budget (--journal-bytes), and counts
# failed requests and journal entries lost without being counted.
#
# The fixed rate comes from hey (Debian's `hey`): WORKERS workers (default 200), each sending one
# request per tick of its own 1/(rate/WORKERS) s ticker over its own keep-alive connection, so the
# rate holds while a response takes less than WORKERS/rate (33 ms by default); the report says when
# the achieved rate fell short of the target. docs/performance.md says why hey.
#
# Usage: bench/soak.sh [seconds, default 600] [req/s, default 6000]   (or bench/run.sh soak ...)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-600}"
rate="${2:-6000}"
workers="${WORKERS:-200}"
warmup="${WARMUP:-25}"
journal_size=10000
journal_bytes=$((64 << 20))
source bench/common.sh
source bench/peers/wiremock.sh
bench_prepare hey "${wiremock_packages[@]}"
fetch_wiremock
per_worker=$(awk -v r="$rate" -v w="$workers" 'BEGIN { printf "%.4f", r / w }')

# soak NAME PORT PID [journal file]: the fixed-rate load and the sampler, side by side.
soak() {
  local name=$1 port=$2 pid=$3 journal_file=${4:-}
  local hey_headers=() line sampler
  while read -r line; do hey_headers+=(-H "$line"); done <<< "$checkin_header_lines"
  echo "soak: $name, ${duration} s at $rate req/s"
  taskset -c 1 python3 bench/soak_sampler.py "$name" "$port" "$pid" "$certs/ca.pem" $((duration + 2)) \
    "$work/$name-samples.tsv" ${journal_file:+"$journal_file"} &
  sampler=$!
  # -host: without it, hey sends "127.0.0.1:PORT" as the TLS server name, which Java refuses.
  taskset -c 1 hey -z "${duration}s" -c "$workers" -q "$per_worker" -t 10 -disable-compression -host localhost "${hey_headers[@]}" \
    "https://127.0.0.1:$port/api/v1/checkin" > "$work/$name-hey.txt" 2>&1
  wait "$sampler"
}

read -r cs_port wiremock_port < <(free_ports 2)
start_countersign "$cs_port" 0 1 on --journal-size "$journal_size" --journal-bytes "$journal_bytes"
countersign_pid=${pids[0]}
sign_checkin "$cs_port" "$work/db.sqlite"
curl -s --cacert "$certs/ca.pem" -X DELETE "https://localhost:$cs_port/__admin/requests" >/dev/null
# The server's own count of answers by status and code, before and after: hey keeps the status of
# its first million answers only.
curl -s --cacert "$certs/ca.pem" "https://localhost:$cs_port/metrics" > "$work/countersign-metrics-before.txt"
soak countersign "$cs_port" "$countersign_pid" "$work/db.journal.sqlite"
curl -s --cacert "$certs/ca.pem" "https://localhost:$cs_port/metrics" > "$work/countersign-metrics-after.txt"
kill "$countersign_pid"
wait "$countersign_pid" 2>/dev/null || true

start_wiremock wiremock "$wiremock_port" 0
echo "warming WireMock's JIT for $warmup s"
warm_wiremock "$wiremock_port" "$warmup"
curl -s --cacert "$certs/ca.pem" -X DELETE "https://localhost:$wiremock_port/__admin/requests" >/dev/null
soak wiremock "$wiremock_port" "$wiremock_pid"

python3 bench/soak_report.py "$duration" "$rate" "$journal_bytes" \
  countersign "$work/countersign-samples.tsv" "$work/countersign-hey.txt" "$work/countersign-$cs_port.log" \
  "$work/countersign-metrics-before.txt" "$work/countersign-metrics-after.txt" \
  wiremock "$work/wiremock-samples.tsv" "$work/wiremock-hey.txt" "$work/wiremock-gc.log"
