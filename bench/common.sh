# shellcheck shell=bash disable=SC2154 # $duration comes from the script that sources this file
# Sourced by bench/run.sh, bench/h2.sh and bench/soak.sh (run from the repository's root): the release
# binary, a scratch directory removed on exit with every server started in it, the certificate all
# servers share, Countersign instances, and the one signed, authenticated check-in they all answer.

bin=.build/release/countersign
secret=dev-secret-please-change # the default app's secret in seed.sql
pids=()

# bench_prepare PACKAGES...: installs what is missing, builds the release binary, makes $work and
# $certs (ECDSA P-256, signed by the development CA) and raises the open-files limit.
bench_prepare() {
  scripts/install-dependencies.sh "$@" >/dev/null
  scripts/build-release.sh 2>&1 | tail -1
  ulimit -n "$(ulimit -Hn)"
  work=$(mktemp -d /tmp/countersign-bench-XXXXXX)
  trap bench_cleanup EXIT
  certs=$work/certs
  $bin certs --certs "$certs" >/dev/null
  cp seed.sql "$work/seed.sql"
}

bench_cleanup() {
  local pid file
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  while read -r file; do kill "$(cat "$file")" 2>/dev/null || true; done < <(find "$work" -name '*.pid')
  wait 2>/dev/null || true
  rm -rf "$work"
}

# stop_process PID: stops a server started by these scripts and forgets it.
stop_process() {
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  local kept=() pid
  for pid in "${pids[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
  pids=("${kept[@]}")
}

# stop_nginx PID-FILE: stops the nginx whose master wrote PID-FILE, and waits until it has gone.
stop_nginx() {
  local master
  master=$(cat "$1")
  kill "$master" 2>/dev/null || true
  while kill -0 "$master" 2>/dev/null; do sleep 0.1; done
}

# wait_for_url URL NAME LOG: waits up to 60 s (a JVM pinned to a busy core starts slowly) for URL
# to answer over TLS.
wait_for_url() {
  for _ in $(seq 600); do
    curl -s --cacert "$certs/ca.pem" "$1" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "$2 did not start" >&2; cat "$3" >&2; exit 1
}

# free_ports N: N distinct ports from 20000-29999 that nothing on this machine is bound to (another
# user's server may hold a fixed one; SO_REUSEPORT listeners of the same user would even share it).
free_ports() {
  python3 - "$1" <<'PY'
import random, socket, sys
found = []
for port in random.sample(range(20000, 30000), 10000):
    probe = socket.socket()
    try:
        probe.bind(("0.0.0.0", port))
        found.append(port)
    except OSError:
        pass
    finally:
        probe.close()
    if len(found) == int(sys.argv[1]):
        break
print(" ".join(map(str, found)))
PY
}

# start_countersign PORT CPU-LIST EVENT-LOOPS RESUMPTION [serve options...]: CPU-LIST "all" leaves
# it unpinned. All instances share $work/db.sqlite unless the options name another --db.
start_countersign() {
  local port=$1 cpus=$2 loops=$3 resumption=$4
  shift 4
  local launcher=(taskset -c "$cpus")
  [ "$cpus" = all ] && launcher=()
  "${launcher[@]}" $bin serve --port "$port" --host 127.0.0.1 --event-loops "$loops" --certs "$certs" \
    --db "$work/db.sqlite" --seed "$work/seed.sql" --session-resumption "$resumption" --log-format json "$@" \
    > "$work/countersign-$port.log" 2>&1 &
  pids+=($!)
  wait_for_url "https://localhost:$port/healthz" "countersign on $port" "$work/countersign-$port.log"
}

# sign_checkin PORT DATABASE: logs the seed user in through Countersign on PORT and sets
# $token, $checkin_headers (curl/wrk -H arguments), $checkin_header_lines (one "name: value" a line,
# for h2load and hey) and $checkin_body (Countersign's answer: the bytes every peer sends back).
sign_checkin() {
  local port=$1
  $bin call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port "$port" --certs "$certs" \
    --state-dir "$work/state" --db "$2" >/dev/null
  token=$(cat "$work/state/token")
  local signature
  signature=$($bin sign --secret "$secret" --method GET --path /api/v1/checkin --header 'X-API-VERSION: 1.0' \
    --header "Authorization: Bearer $token" | sed -n 's/^signature: //p')
  checkin_header_lines=$'X-API-VERSION: 1.0\n'"Authorization: Bearer $token"$'\n'"X-SIGNATURE: $signature"
  checkin_headers=()
  local line
  while read -r line; do checkin_headers+=(-H "$line"); done <<< "$checkin_header_lines"
  checkin_body=$(curl -s --cacert "$certs/ca.pem" "${checkin_headers[@]}" "https://localhost:$port/api/v1/checkin")
  expect_checkin_answer countersign "$checkin_body"
}

# expect_checkin_answer NAME BODY: stops the run unless BODY is a successful check-in envelope.
expect_checkin_answer() {
  if [[ $2 != *'"code":0'[,\}]* || $2 != *'"can_checkin":'* ]]; then
    echo "$1 did not answer the signed check-in: $2" >&2; exit 1
  fi
}

# rss_kib PID: resident memory of one process, in KiB.
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# rss_sum PID[,PID...]: resident memory of the processes together, in KiB.
rss_sum() { local pid total=0; for pid in ${1//,/ }; do total=$((total + $(rss_kib "$pid"))); done; echo $total; }

# cpu0: the cpu0 line of /proc/stat (the pinned servers' core).
cpu0() { grep '^cpu0 ' /proc/stat; }

# measured SERVER SCENARIO PIDS wrk|h2load COMMAND...: runs COMMAND (a load of $duration seconds),
# reads core 0's counters around it and the servers' RSS halfway through, and appends the run's row
# (bench/measure.py) to $work/results.tsv. An h2load COMMAND writes its --log-file to $work/h2load.log.
measured() {
  local server=$1 scenario=$2 server_pids=$3 tool=$4
  shift 4
  local before after output sampler log=()
  [ "$tool" = h2load ] && log=("$work/h2load.log")
  (sleep "$(awk -v d="$duration" 'BEGIN { print d / 2 }')"; rss_sum "$server_pids") > "$work/rss-sample" &
  sampler=$!
  before=$(cpu0)
  output=$("$@" 2>&1) || true
  after=$(cpu0)
  wait "$sampler"
  python3 bench/measure.py "$tool" "$server" "$scenario" "$before" "$after" "$(cat "$work/rss-sample")" "${log[@]}" \
    <<< "$output" >> "$work/results.tsv"
}

# nginx_worker MASTER-PID-FILE: the pid of the single worker of an nginx started with that pid file.
nginx_worker() {
  for _ in $(seq 50); do
    pgrep -P "$(cat "$1" 2>/dev/null)" 2>/dev/null | head -1 && return
    sleep 0.1
  done
  echo "no nginx worker for $1" >&2; exit 1
}
