#!/usr/bin/env bash
# Side-by-side benchmark: Countersign against nginx, in the same run, on this machine.
#
# Each server runs one worker pinned to core 0; wrk runs pinned to core 1. Rounds interleave
# (Countersign, nginx, Countersign, nginx, ...) and the table reports the median of the rounds, with
# core 0's utilisation sampled from /proc/stat during each run, so that "requests per second per
# busy server core" can be compared even when wrk saturates its own core.
#
# Scenarios (same response size for both servers: the 15-byte /healthz JSON):
#   keepalive   GET /healthz over TLS keep-alive (wrk -c64)
#   newconn     GET /healthz with a new TLS connection per request (Connection: close; wrk resumes
#               TLS sessions, so this measures resumed handshakes)
#
# Usage: bench/run.sh [seconds per run, default 8] [rounds, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
scripts/install-dependencies.sh wrk nginx-light >/dev/null
swift build -c release --product countersign 2>&1 | tail -1

work="$(mktemp -d /tmp/countersign-bench-XXXXXX)"
trap 'kill $(jobs -p) 2>/dev/null || true; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"' EXIT
cs_port=18443
nginx_port=18444
bin=.build/release/countersign
$bin certs --certs "$work/certs" >/dev/null

taskset -c 0 $bin serve --port $cs_port --host 127.0.0.1 --event-loops 1 --certs "$work/certs" \
  --db "$work/db.sqlite" --log-format json > "$work/countersign.log" 2>&1 &
cs_pid=$!

cat > "$work/nginx.conf" <<NGINX
worker_processes 1;
worker_cpu_affinity 01;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
daemon on;
events { worker_connections 20000; }
http {
  # Both servers log one line per request, buffered (Countersign writes its lines every 100 ms).
  access_log $work/nginx-access.log combined buffer=64k flush=1s;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_tickets on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_port ssl;
    ssl_certificate $work/certs/server.pem;
    ssl_certificate_key $work/certs/server.key;
    location / { default_type application/json; return 200 '{"status":"ok"}'; }
  }
}
NGINX
nginx -c "$work/nginx.conf" -e "$work/nginx-error.log"
for _ in $(seq 50); do
  curl -sk "https://127.0.0.1:$cs_port/healthz" >/dev/null 2>&1 && curl -sk "https://127.0.0.1:$nginx_port/" >/dev/null 2>&1 && break
  sleep 0.1
done

# core0_busy START_FILE END_FILE: fraction of core 0 that was busy between two /proc/stat samples.
cpu0() { grep '^cpu0 ' /proc/stat; }
run() { # run NAME PORT SCENARIO
  local name=$1 port=$2 scenario=$3 extra=()
  [ "$scenario" = newconn ] && extra=(-H "Connection: close")
  local before after output
  before=$(cpu0)
  output=$(taskset -c 1 wrk -t1 -c64 -d"${duration}s" --latency "${extra[@]}" "https://127.0.0.1:$port/healthz" 2>&1)
  after=$(cpu0)
  python3 - "$name" "$scenario" "$before" "$after" "$output" >> "$work/results.tsv" <<'PY'
import re, sys
name, scenario, before, after, output = sys.argv[1:6]
b = [int(x) for x in before.split()[1:]]; a = [int(x) for x in after.split()[1:]]
delta = [y - x for x, y in zip(b, a)]
idle = delta[3] + delta[4]
busy = 1 - idle / max(1, sum(delta))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
def ms(label):
    m = re.search(r"^\s+" + label + r"\s+([\d.]+)(us|ms|s)", output, re.M)
    if not m: return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
socket_errors = re.search(r"Socket errors: (.*)", output)
print("\t".join([name, scenario, f"{rps:.0f}", f"{ms('50%'):.2f}", f"{ms('99%'):.2f}", f"{busy:.3f}",
                 errors.group(1) if errors else "0", (socket_errors.group(1).strip() if socket_errors else "-")]))
PY
}

for round in $(seq "$rounds"); do
  for scenario in keepalive newconn; do
    run countersign $cs_port $scenario
    run nginx $nginx_port $scenario
  done
done

python3 - "$work/results.tsv" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
table = {}
for name, scenario, rps, p50, p99, busy, non2xx, sockerr in rows:
    table.setdefault((scenario, name), []).append((float(rps), float(p50), float(p99), float(busy), int(non2xx), sockerr))
print(f"{'scenario':<10} {'server':<12} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'core0':>6} {'req/s/core':>11} {'ratio':>6}  non-2xx  socket errors (last round)")
for scenario in ("keepalive", "newconn"):
    medians = {}
    for name in ("countersign", "nginx"):
        runs = table[(scenario, name)]
        rps = statistics.median(r[0] for r in runs)
        per_core = statistics.median(r[0] / max(r[3], 0.01) for r in runs)
        medians[name] = (rps, statistics.median(r[1] for r in runs), statistics.median(r[2] for r in runs),
                         statistics.median(r[3] for r in runs), per_core, sum(r[4] for r in runs), runs[-1][5])
    for name in ("countersign", "nginx"):
        rps, p50, p99, busy, per_core, non2xx, sockerr = medians[name]
        ratio = per_core / medians["nginx"][4]
        print(f"{scenario:<10} {name:<12} {rps:>9.0f} {p50:>8.2f} {p99:>8.2f} {busy:>6.2f} {per_core:>11.0f} {ratio:>6.2f}  {non2xx:>7}  {sockerr}")
PY
kill $cs_pid
wait $cs_pid 2>/dev/null || true
