#!/usr/bin/env bash
# Instructions per signed, authenticated check-in (scenario 2 or 3 of bench/run.sh), counted by
# callgrind over the whole server process (every thread: the loop and the journal writer) after a
# warm-up, for Countersign and then for nginx answering the same request with the same body as a
# static response (one worker, no master process, the same certificate, a buffered access log).
# Counts do not depend on what else the machine does, unlike timings.
#
#   bench/request-instructions.sh [keepalive|h2|newconn] [MEASURED]
#
# keepalive (default): 4 keep-alive connections, MEASURED rounds of 4 requests (default 500).
# h2: the same over 4 HTTP/2 connections, one stream each per round (nginx with `http2` on its
# listener); the client is Python's `h2`, installed by scripts/install-python-peers.sh.
# newconn: a new TLS connection per request, resuming the previous session (scenario 3),
# MEASURED connections (default 500): the count then includes the handshake.
# BENCH_PATH=/api/v1/... measures a signed GET of that path instead (a stub's, with
# COUNTERSIGN_STUBS=folder: the server reads its COUNTERSIGN_* variables).
# PROFILE=file keeps Countersign's callgrind profile there (read it with
# `callgrind_annotate --inclusive=yes file`).
set -euo pipefail
cd "$(dirname "$0")/.."
readonly mode=${1:-keepalive}
readonly measured=${2:-500}
readonly path=${BENCH_PATH:-/api/v1/checkin}
[[ $mode == keepalive || $mode == h2 || $mode == newconn ]] || { echo "usage: $0 [keepalive|h2|newconn] [MEASURED]" >&2; exit 2; }
command -v valgrind >/dev/null || scripts/install-dependencies.sh valgrind
command -v nginx >/dev/null || scripts/install-dependencies.sh nginx-light
python=python3
if [[ $mode == h2 ]]; then
  scripts/install-python-peers.sh
  python=.build/venv-peers/bin/python
fi
scripts/build-release.sh 2>&1 | tail -1

work=$(mktemp -d /tmp/countersign-instructions-XXXXXX)
server=""
cleanup() {
  if [[ -n $server ]]; then kill "$server" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$work"
}
# Stops the server `measure` has measured. `measure` runs in a subshell (`< <(...)`), which can
# neither reap it nor clear `server`: left to the exit trap, a `kill` of the server already gone
# failed and, under `set -e`, ended the trap before the scratch folder was removed.
stop_server() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
}
trap cleanup EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information of the release build: strip it
# (function names remain).
bin=$work/countersign
strip --strip-debug -o "$bin" .build/release/countersign
$bin certs --certs "$work/certs" >/dev/null
cp seed.sql "$work/seed.sql"
port=$((20000 + RANDOM % 20000))

wait_until_up() { # URL
  for _ in $(seq 300); do
    curl -s --cacert "$work/certs/ca.pem" "$1" >/dev/null 2>&1 && return
    sleep 0.2
  done
  echo "the server did not start" >&2; exit 1
}

# Runs the client against the server ($1: countersign or nginx) on $port (pid $server) under
# callgrind; prints "requests resumed instructions".
measure() {
  local counts requests resumed dump settle=none
  # Countersign's journal thread writes each request's row after the answer: the client waits
  # until it has caught up before zeroing and before dumping.
  [[ $1 == countersign ]] && settle=journal
  counts=$($python bench/instructions_client.py "$mode" $port "$work/certs/ca.pem" "$token" "$signature" 50 "$measured" \
    $settle "callgrind_control -z $server >/dev/null 2>&1" "callgrind_control -d $server >/dev/null 2>&1" "$path")
  read -r requests resumed <<<"$counts"
  dump=$(ls "$work/$1.out".* | head -1)
  [[ $1 == countersign && -n ${PROFILE:-} ]] && cp "$dump" "$PROFILE"
  echo "$requests $resumed $(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')"
}

# --idle-timeout 1h: the client's journal-count connection waits through the whole measured part.
valgrind --tool=callgrind --callgrind-out-file="$work/countersign.out" \
  "$bin" serve --port $port --host 127.0.0.1 --event-loops 1 --certs "$work/certs" --db "$work/db.sqlite" \
  --seed "$work/seed.sql" --session-resumption on --log-format json --idle-timeout 1h > "$work/server.log" 2>&1 &
server=$!
wait_until_up "https://localhost:$port/healthz"
$bin call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port $port --certs "$work/certs" \
  --state-dir "$work/state" --db "$work/db.sqlite" >/dev/null
token=$(cat "$work/state/token")
signature=$($bin sign --secret dev-secret-please-change --method GET --path "$path" \
  --header 'X-API-VERSION: 1.0' --header "Authorization: Bearer $token" | sed -n 's/^signature: //p')
body=$(curl -s --cacert "$work/certs/ca.pem" -H 'X-API-VERSION: 1.0' -H "Authorization: Bearer $token" \
  -H "X-SIGNATURE: $signature" "https://localhost:$port$path")
read -r requests resumed countersign < <(measure countersign)
stop_server

# nginx: the same answer as a static response.
cat > "$work/nginx.conf" <<NGINX
worker_processes 1;
master_process off;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log $work/nginx-access.log combined buffer=64k flush=1s;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_tickets on;
  ssl_session_cache off;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$port ssl$([[ $mode == h2 ]] && echo " http2");
    ssl_certificate $work/certs/server.pem;
    ssl_certificate_key $work/certs/server.key;
    default_type application/json;
    location = $path { return 200 '$body'; }
  }
}
NGINX
valgrind --tool=callgrind --callgrind-out-file="$work/nginx.out" nginx -c "$work/nginx.conf" -e "$work/nginx-error.log" \
  > "$work/nginx.log" 2>&1 &
server=$!
wait_until_up "https://localhost:$port$path"
read -r nginx_requests nginx_resumed nginx < <(measure nginx)
stop_server

connections="over 4 keep-alive connections"
[[ $mode == h2 ]] && connections="over 4 HTTP/2 connections, one stream each at a time"
[[ $mode == newconn ]] && connections="each on a new connection (resumed: Countersign $resumed, nginx $nginx_resumed)"
echo "$mode: $requests requests $connections"
printf '%-12s %14s %18s\n' server instructions "per request"
printf '%-12s %14s %18s\n' countersign "$countersign" $((countersign / requests)) nginx "$nginx" $((nginx / nginx_requests))
awk -v c="$countersign" -v n="$nginx" -v rc="$requests" -v rn="$nginx_requests" \
  'BEGIN { printf "ratio (nginx / Countersign instructions per request, higher is better): %.2f\n", (n / rn) / (c / rc) }'
