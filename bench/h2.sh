#!/usr/bin/env bash
# HTTP/2 scenarios: the signed, authenticated GET /api/v1/checkin of bench/run.sh over h2, sent by
# h2load (Debian's nghttp2-client), pinned as bench/run.sh pins: each server with one worker or
# loop on core 0, h2load -t1 on core 1, rounds interleaved, medians of the rounds.
#
#   h2-64x10    64 connections, 10 concurrent streams on each
#   h2-1x100    1 connection, 100 concurrent streams
#
# Servers: Countersign, the same-work nginx + Lua peer and nginx static (both with `http2` on their
# TLS listener). Countersign's rows are skipped, with a message, while its ALPN does not offer h2.
# h2load prints no percentiles: p50 and p99 come from its per-request --log-file.
#
# Usage: bench/h2.sh [seconds per run, default 8] [rounds, default 3]   (or bench/run.sh h2 ...)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
source bench/common.sh
source bench/peers/nginx-static.sh
source bench/peers/nginx-lua.sh
bench_prepare nghttp2-client "${lua_peer_packages[@]}"

read -r cs_port nginx_port lua_port < <(free_ports 3)
start_countersign "$cs_port" 0 1 on
sign_checkin "$cs_port" "$work/db.sqlite"
start_nginx_static nginx-h2 1 "worker_cpu_affinity 01;" "$nginx_port" on http2
start_lua_peer lua-peer-h2 "$lua_port" "$work/db.sqlite" http2
declare -A port=([countersign]=$cs_port [nginx]=$nginx_port [lua-peer]=$lua_port)
declare -A server_pid=([countersign]=${pids[0]} [nginx]=$(nginx_worker "$work/nginx-h2.pid")
  [lua-peer]=$(nginx_worker "$work/lua-peer-h2/nginx.pid"))

# negotiated SERVER: the HTTP version curl agrees on when it offers h2 in ALPN ("2" or "1.1").
negotiated() {
  curl --http2 -s -o /dev/null -w '%{http_version}' --cacert "$certs/ca.pem" "https://localhost:${port[$1]}/healthz"
}
servers=()
for server in countersign lua-peer nginx; do
  version=$(negotiated "$server")
  if [ "$version" = 2 ]; then
    servers+=("$server")
  else
    echo "skipping $server: its TLS listener does not offer h2 in ALPN (curl --http2 negotiated HTTP/$version)"
  fi
done
[ "${#servers[@]}" -gt 0 ] || { echo "no server offers h2" >&2; exit 1; }

h2_headers=()
while read -r line; do h2_headers+=(-H "$line"); done <<< "$checkin_header_lines"
run_h2() { # run_h2 SERVER SCENARIO CONNECTIONS STREAMS
  measured "$1" "$2" "${server_pid[$1]}" h2load taskset -c 1 h2load -t1 -c"$3" -m"$4" -D"$duration" \
    --log-file="$work/h2load.log" "${h2_headers[@]}" "https://127.0.0.1:${port[$1]}/api/v1/checkin"
}
for round in $(seq "$rounds"); do
  echo "round $round of $rounds"
  for server in "${servers[@]}"; do
    run_h2 "$server" h2-64x10 64 10
    run_h2 "$server" h2-1x100 1 100
  done
done
python3 bench/report.py "$work/results.tsv"
