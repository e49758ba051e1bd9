#!/usr/bin/env bash
# Instructions the server spends per signed, authenticated check-in (scenario 2 of bench/run.sh),
# counted by callgrind over the whole server process (every thread: the loop and the journal
# writer), after a warm-up. Counts do not depend on what else the machine does, unlike timings.
#
#   bench/request-instructions.sh [keepalive|newconn] [MEASURED]
#
# keepalive (default): 4 keep-alive connections, MEASURED rounds of 4 requests (default 500).
# newconn: a new TLS connection per request, resuming the previous session (scenario 3),
# MEASURED connections (default 500): the count then includes the handshake.
set -euo pipefail
cd "$(dirname "$0")/.."
readonly mode=${1:-keepalive}
readonly measured=${2:-500}
[[ $mode == keepalive || $mode == newconn ]] || { echo "usage: $0 [keepalive|newconn] [MEASURED]" >&2; exit 2; }
command -v valgrind >/dev/null || scripts/install-dependencies.sh valgrind
swift build -c release --product countersign 2>&1 | tail -1

work=$(mktemp -d /tmp/countersign-instructions-XXXXXX)
server=""
cleanup() { [[ -n $server ]] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information of the release build: strip it
# (function names remain).
bin=$work/countersign
strip --strip-debug -o "$bin" .build/release/countersign
$bin certs --certs "$work/certs" >/dev/null
cp seed.sql "$work/seed.sql"
port=$((20000 + RANDOM % 20000))
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
  "$bin" serve --port $port --host 127.0.0.1 --event-loops 1 --certs "$work/certs" --db "$work/db.sqlite" \
  --seed "$work/seed.sql" --session-resumption on --log-format json > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do
  curl -s --cacert "$work/certs/ca.pem" "https://localhost:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done

$bin call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port $port --certs "$work/certs" \
  --state-dir "$work/state" --db "$work/db.sqlite" >/dev/null
token=$(cat "$work/state/token")
signature=$($bin sign --secret dev-secret-please-change --method GET --path /api/v1/checkin \
  --header 'X-API-VERSION: 1.0' --header "Authorization: Bearer $token" | sed -n 's/^signature: //p')

counts=$(python3 bench/instructions_client.py "$mode" $port "$work/certs/ca.pem" "$token" "$signature" 50 "$measured" \
  "callgrind_control -z $server" "callgrind_control -d $server")
read -r requests resumed <<<"$counts"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
dump=$(ls "$work"/callgrind.out.* | head -1)
total=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
connections="over 4 keep-alive connections"
[[ $mode == newconn ]] && connections="each on a new connection ($resumed of them resumed a session)"
echo "$mode: $requests requests $connections: $total instructions, $((total / requests)) per request"
