#!/usr/bin/env bash
# Side-by-side benchmark: Countersign against the servers a user or an engineer would pick instead,
# in the same run, on this machine.
#
#   nginx static   nginx answering the same bytes as a static body: the TLS + HTTP floor
#   nginx+Lua      the same work in nginx + ngx_http_lua (signature, SQLite token and check-in
#                  lookups, cjson envelope, buffered access log): bench/peers/nginx-lua.sh
#   WireMock       WireMock 2.35.1 standalone on JDK 17, one stub with the same bytes, its JIT warmed
#                  for $WARMUP seconds (default 25) before the rounds: bench/peers/wiremock.sh
#
# Pinned scenarios run each server with one worker, loop or processor on core 0 and wrk -t1 on
# core 1; rounds interleave (Countersign, nginx+Lua, nginx, WireMock, Countersign, ...) and the table
# reports the median of the rounds, with core 0's utilisation sampled from /proc/stat during each
# run, so "requests per second per busy server core" stays comparable when wrk saturates its own
# core, and each server's resident memory sampled halfway through each run. All servers use the
# same certificate (ECDSA P-256) and answer the same signed, authenticated GET /api/v1/checkin.
#
#   1 ping        signed GET /api/v1/ping, keep-alive                          Countersign, nginx
#   2 checkin     signed, authenticated GET /api/v1/checkin, keep-alive        all four
#   3 newconn     (2) with a new TLS connection per request, resumption on     all four
#   4 fullhs      (2) with a new TLS connection per request, resumption off    Countersign, nginx
#   5 idle        idle TLS connections: resident memory per connection         all four
#   6 machine     (2) with two workers each and wrk -t2, all unpinned          Countersign, nginx
#
# Usage: bench/run.sh [seconds per run, default 8] [rounds, default 3] [idle connections, default 10000]
#        bench/run.sh soak [seconds, default 600] [req/s, default 6000]   the journal soak (bench/soak.sh)
#        bench/run.sh h2 [seconds per run, default 8] [rounds, default 3] HTTP/2 scenarios (bench/h2.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  soak) shift; exec bench/soak.sh "$@" ;;
  h2) shift; exec bench/h2.sh "$@" ;;
esac
duration="${1:-8}"
rounds="${2:-3}"
idle_count="${3:-10000}"
warmup="${WARMUP:-25}"
source bench/common.sh
source bench/peers/nginx-static.sh
source bench/peers/nginx-lua.sh
source bench/peers/wiremock.sh
bench_prepare wrk "${lua_peer_packages[@]}" "${wiremock_packages[@]}"
fetch_wiremock

read -r cs_port cs_full_port cs_machine_port nginx_port nginx_full_port nginx_machine_port lua_port wiremock_port \
  < <(free_ports 8)
# Countersign instances: resumption on (main), resumption off, and two unpinned loops.
start_countersign "$cs_port" 0 1 on
start_countersign "$cs_full_port" 0 1 off
start_countersign "$cs_machine_port" all 2 on
sign_checkin "$cs_port" "$work/db.sqlite"
ping_signature=$($bin sign --secret "$secret" --method GET --path /api/v1/ping --header 'X-API-VERSION: 1.0' \
  | sed -n 's/^signature: //p')
ping_headers=(-H "X-API-VERSION: 1.0" -H "X-SIGNATURE: $ping_signature")
ping_body=$(curl -s --cacert "$certs/ca.pem" "${ping_headers[@]}" "https://localhost:$cs_port/api/v1/ping")

# 5: idle connections, each server in a fresh process of its own that is stopped afterwards (after
# load, malloc keeps freed memory; and the memory the idle connections took would stay in the RSS of
# the servers measured under load).
idle() { # idle SERVER PORT PID
  local before after open opened seconds
  read -r before after open opened seconds < <(taskset -c 1 python3 bench/idle_connections.py 127.0.0.1 "$2" "$3" \
    "$idle_count" "$certs/ca.pem")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$before" "$after" "$open" "$opened" "$seconds" >> "$work/idle.tsv"
}
read -r idle_port < <(free_ports 1)
start_countersign "$idle_port" 0 1 on
idle countersign "$idle_port" "${pids[-1]}"
stop_process "${pids[-1]}"
start_lua_peer lua-idle "$idle_port" "$work/db.sqlite"
idle lua-peer "$idle_port" "$(nginx_worker "$work/lua-idle/nginx.pid")"
stop_nginx "$work/lua-idle/nginx.pid"
start_nginx_static nginx-idle 1 "worker_cpu_affinity 01;" "$idle_port" on
idle nginx "$idle_port" "$(nginx_worker "$work/nginx-idle.pid")"
stop_nginx "$work/nginx-idle.pid"
start_wiremock wiremock-idle "$idle_port" 0
idle wiremock "$idle_port" "$wiremock_pid"
stop_process "$wiremock_pid"

# nginx static: one pinned worker (tickets on / off) and two unpinned; the peers, pinned.
start_nginx_static nginx 1 "worker_cpu_affinity 01;" "$nginx_port" on
start_nginx_static nginx-full 1 "worker_cpu_affinity 01;" "$nginx_full_port" off
start_nginx_static nginx-machine 2 "" "$nginx_machine_port" on
start_lua_peer lua-peer "$lua_port" "$work/db.sqlite"
start_wiremock wiremock "$wiremock_port" 0

declare -A port=([countersign]=$cs_port [lua-peer]=$lua_port [nginx]=$nginx_port [wiremock]=$wiremock_port)
declare -A server_pid=([countersign]=${pids[0]} [lua-peer]=$(nginx_worker "$work/lua-peer/nginx.pid")
  [nginx]=$(nginx_worker "$work/nginx.pid") [wiremock]=$wiremock_pid)
declare -A full_port=([countersign]=$cs_full_port [nginx]=$nginx_full_port)
declare -A full_pid=([countersign]=${pids[1]} [nginx]=$(nginx_worker "$work/nginx-full.pid"))
declare -A machine_port=([countersign]=$cs_machine_port [nginx]=$nginx_machine_port)
declare -A machine_pids=([countersign]=${pids[2]} [nginx]=$(pgrep -P "$(cat "$work/nginx-machine.pid")" | paste -sd,))

run() { # run SERVER SCENARIO PORT PIDS PATH [wrk options...]: wrk on core 1 (both cores for scenario 6)
  local server=$1 scenario=$2 target=$3 server_pids=$4 path=$5
  shift 5
  local launcher=(taskset -c 1)
  [ "$scenario" = 6-machine ] && launcher=()
  measured "$server" "$scenario" "$server_pids" wrk "${launcher[@]}" wrk -d"${duration}s" --latency "$@" \
    "https://127.0.0.1:$target$path"
}

echo "warming WireMock's JIT for $warmup s"
warm_wiremock "$wiremock_port" "$warmup"

close=(-H "Connection: close")
for round in $(seq "$rounds"); do
  echo "round $round of $rounds"
  for server in countersign lua-peer nginx wiremock; do
    keep=${port[$server]} pid=${server_pid[$server]} fullhs_port=${full_port[$server]:-}
    if [ -n "$fullhs_port" ]; then run "$server" 1-ping "$keep" "$pid" /api/v1/ping -t1 -c64 "${ping_headers[@]}"; fi
    run "$server" 2-checkin "$keep" "$pid" /api/v1/checkin -t1 -c64 "${checkin_headers[@]}"
    run "$server" 3-newconn "$keep" "$pid" /api/v1/checkin -t1 -c64 "${close[@]}" "${checkin_headers[@]}"
    if [ -n "$fullhs_port" ]; then
      run "$server" 4-fullhs "$fullhs_port" "${full_pid[$server]}" /api/v1/checkin -t1 -c64 "${close[@]}" "${checkin_headers[@]}"
    fi
  done
  for server in countersign nginx; do
    run "$server" 6-machine "${machine_port[$server]}" "${machine_pids[$server]}" /api/v1/checkin -t2 -c128 \
      "${checkin_headers[@]}"
  done
done
for server in countersign lua-peer nginx wiremock; do
  printf '%s\t%s\n' "$server" "$(rss_kib "${server_pid[$server]}")" >> "$work/rss-after.tsv"
done

python3 bench/report.py "$work/results.tsv" "$work/idle.tsv" "$work/rss-after.tsv"
