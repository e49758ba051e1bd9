#!/usr/bin/env bash
# Side-by-side benchmark: Countersign against nginx, in the same run, on this machine.
#
# Pinned scenarios run each server with one worker on core 0 and wrk on core 1; rounds interleave
# (Countersign, nginx, Countersign, nginx, ...) and the table reports the median of the rounds, with
# core 0's utilisation sampled from /proc/stat during each run, so "requests per second per busy
# server core" stays comparable when wrk saturates its own core. nginx returns a static body of the
# same size as Countersign's answer, with the same certificate (ECDSA P-256) and TLS settings, and
# both servers write a buffered access log.
#
#   1 ping        signed GET /api/v1/ping, keep-alive
#   2 checkin     signed, authenticated GET /api/v1/checkin (token looked up in SQLite), keep-alive
#   3 newconn     (2) with a new TLS connection per request, session resumption on
#   4 fullhs      (2) with a new TLS connection per request, resumption off (a full handshake each)
#   5 idle        10,000 idle TLS connections: resident memory per connection
#   6 machine     (2) with two workers each and wrk, all unpinned
#
# Usage: bench/run.sh [seconds per run, default 8] [rounds, default 3] [idle connections, default 10000]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
idle_count="${3:-10000}"
scripts/install-dependencies.sh wrk nginx-light >/dev/null
swift build -c release --product countersign 2>&1 | tail -1
ulimit -n "$(ulimit -Hn)"

work="$(mktemp -d /tmp/countersign-bench-XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for file in "$work"/nginx*.pid; do [ -f "$file" ] && kill "$(cat "$file")" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
bin=.build/release/countersign
certs="$work/certs"
$bin certs --certs "$certs" >/dev/null
cp seed.sql "$work/seed.sql"

start_countersign() { # PORT CPU-LIST EVENT-LOOPS RESUMPTION
  local port=$1 cpus=$2 loops=$3 resumption=$4
  local launcher=(taskset -c "$cpus")
  [ "$cpus" = all ] && launcher=()
  "${launcher[@]}" $bin serve --port "$port" --host 127.0.0.1 --event-loops "$loops" --certs "$certs" \
    --db "$work/db.sqlite" --seed "$work/seed.sql" --session-resumption "$resumption" --log-format json \
    > "$work/countersign-$port.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -s --cacert "$certs/ca.pem" "https://localhost:$port/healthz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "countersign on $port did not start" >&2; cat "$work/countersign-$port.log" >&2; exit 1
}

# Countersign instances: resumption on (main), resumption off, and two unpinned loops.
start_countersign 18443 0 1 on
start_countersign 18445 0 1 off
start_countersign 18447 all 2 on
cs_pid=${pids[0]}

# A token and the signed headers, computed with the server's own signer.
$bin call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port 18443 --certs "$certs" \
  --state-dir "$work/state" --db "$work/db.sqlite" >/dev/null
token=$(cat "$work/state/token")
sign() { $bin sign --secret dev-secret-please-change --method GET --path "$1" "${@:2}" | sed -n 's/^signature: //p'; }
ping_signature=$(sign /api/v1/ping --header 'X-API-VERSION: 1.0')
checkin_signature=$(sign /api/v1/checkin --header 'X-API-VERSION: 1.0' --header "Authorization: Bearer $token")
ping_headers=(-H "X-API-VERSION: 1.0" -H "X-SIGNATURE: $ping_signature")
checkin_headers=(-H "X-API-VERSION: 1.0" -H "Authorization: Bearer $token" -H "X-SIGNATURE: $checkin_signature")
ping_body=$(curl -s --cacert "$certs/ca.pem" "${ping_headers[@]}" https://localhost:18443/api/v1/ping)
checkin_body=$(curl -s --cacert "$certs/ca.pem" "${checkin_headers[@]}" https://localhost:18443/api/v1/checkin)
case "$checkin_body" in *'"code":0'*) ;; *) echo "signed check-in failed: $checkin_body" >&2; exit 1 ;; esac

# nginx: the same bodies as static responses; one pinned worker (tickets on / off), and two unpinned.
write_nginx() { # NAME WORKERS AFFINITY PORT TICKETS
  cat > "$work/$1.conf" <<NGINX
worker_processes $2;
$3
pid $work/$1.pid;
error_log $work/$1-error.log;
daemon on;
worker_rlimit_nofile 30000;
events { worker_connections 20000; }
http {
  access_log $work/$1-access.log combined buffer=64k flush=1s;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_tickets $5;
  ssl_session_cache off;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  server {
    listen 127.0.0.1:$4 ssl;
    ssl_certificate $certs/server.pem;
    ssl_certificate_key $certs/server.key;
    default_type application/json;
    location = /api/v1/ping { return 200 '$ping_body'; }
    location = /api/v1/checkin { return 200 '$checkin_body'; }
  }
}
NGINX
  nginx -c "$work/$1.conf" -e "$work/$1-error.log"
}
write_nginx nginx 1 "worker_cpu_affinity 01;" 18444 on
write_nginx nginx-full 1 "worker_cpu_affinity 01;" 18446 off
write_nginx nginx-machine 2 "" 18448 on
sleep 0.5
nginx_worker=$(pgrep -P "$(cat "$work/nginx.pid")" | head -1)

cpu0() { grep '^cpu0 ' /proc/stat; }
run() { # run SERVER SCENARIO PORT PATH [wrk options...]
  local server=$1 scenario=$2 port=$3 path=$4
  shift 4
  local before after output
  before=$(cpu0)
  local launcher=(taskset -c 1)
  [ "$scenario" = 6-machine ] && launcher=()
  output=$("${launcher[@]}" wrk -d"${duration}s" --latency "$@" "https://127.0.0.1:$port$path" 2>&1)
  after=$(cpu0)
  python3 - "$server" "$scenario" "$before" "$after" "$output" >> "$work/results.tsv" <<'PY'
import re, sys
server, scenario, before, after, output = sys.argv[1:6]
b = [int(x) for x in before.split()[1:]]; a = [int(x) for x in after.split()[1:]]
delta = [y - x for x, y in zip(b, a)]
busy = 1 - (delta[3] + delta[4]) / max(1, sum(delta))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
def ms(label):
    m = re.search(r"^\s+" + label + r"\s+([\d.]+)(us|ms|s)\b", output, re.M)
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
errors = re.search(r"Socket errors: (.*)", output)
print("\t".join([server, scenario, f"{rps:.0f}", f"{ms('50%'):.2f}", f"{ms('99%'):.2f}", f"{busy:.3f}",
                 non2xx.group(1) if non2xx else "0", errors.group(1).strip() if errors else "-"]))
PY
}

# 5: idle connections first, while both servers are fresh (after load, malloc keeps freed memory).
idle() { # SERVER PORT PIDS
  read -r before after opened < <(taskset -c 1 python3 bench/idle_connections.py 127.0.0.1 "$2" "$3" "$idle_count" "$certs/ca.pem")
  printf '%s\t%s\t%s\t%s\n' "$1" "$before" "$after" "$opened" >> "$work/idle.tsv"
}
idle countersign 18443 "$cs_pid"
idle nginx 18444 "$nginx_worker"

for round in $(seq "$rounds"); do
  for server in countersign nginx; do
    if [ $server = countersign ]; then keep=18443; full=18445; else keep=18444; full=18446; fi
    run $server 1-ping "$keep" /api/v1/ping -t1 -c64 "${ping_headers[@]}"
    run $server 2-checkin "$keep" /api/v1/checkin -t1 -c64 "${checkin_headers[@]}"
    run $server 3-newconn "$keep" /api/v1/checkin -t1 -c64 -H "Connection: close" "${checkin_headers[@]}"
    run $server 4-fullhs "$full" /api/v1/checkin -t1 -c64 -H "Connection: close" "${checkin_headers[@]}"
  done
  for server in countersign nginx; do
    if [ $server = countersign ]; then port=18447; else port=18448; fi
    run $server 6-machine "$port" /api/v1/checkin -t2 -c128 "${checkin_headers[@]}"
  done
done


python3 - "$work/results.tsv" "$work/idle.tsv" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
table = {}
for server, scenario, rps, p50, p99, busy, non2xx, errors in rows:
    table.setdefault((scenario, server), []).append((float(rps), float(p50), float(p99), float(busy), int(non2xx), errors))
print(f"{'scenario':<11} {'server':<12} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'core0':>6} {'req/s/core':>10} {'ratio':>6} {'p99 ratio':>9}  non-2xx")
for scenario in sorted({key[0] for key in table}):
    stats = {}
    for server in ("countersign", "nginx"):
        runs = table[(scenario, server)]
        stats[server] = dict(
            rps=statistics.median(r[0] for r in runs), p50=statistics.median(r[1] for r in runs),
            p99=statistics.median(r[2] for r in runs), busy=statistics.median(r[3] for r in runs),
            per_core=statistics.median(r[0] / max(r[3], 0.01) for r in runs), non2xx=sum(r[4] for r in runs))
    for server in ("countersign", "nginx"):
        s, n = stats[server], stats["nginx"]
        whole_machine = scenario.startswith("6")
        ratio = s["rps"] / n["rps"] if whole_machine else s["per_core"] / n["per_core"]
        per_core = "-" if whole_machine else f"{s['per_core']:.0f}"
        print(f"{scenario:<11} {server:<12} {s['rps']:>8.0f} {s['p50']:>7.2f} {s['p99']:>7.2f} {s['busy']:>6.2f} {per_core:>10} {ratio:>6.2f} {s['p99'] / n['p99']:>9.2f}  {s['non2xx']}")
idle = {row[0]: row[1:] for row in (line.split() for line in open(sys.argv[2]))}
per = {}
for server, (before, after, opened) in idle.items():
    per[server] = (int(after) - int(before)) / max(1, int(opened))
    print(f"5-idle      {server:<12} {int(opened):>8} connections, RSS {int(before)} -> {int(after)} KiB, {per[server]:.1f} KiB per connection")
print(f"5-idle      ratio (countersign / nginx per connection): {per['countersign'] / max(per['nginx'], 0.01):.2f}")
print("(ratio: req/s per busy core relative to nginx, whole-machine req/s for scenario 6; p99 ratio: lower is better)")
PY
