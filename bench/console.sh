#!/usr/bin/env bash
# What an open console tab costs the request path: signed, authenticated GET /api/v1/checkin over
# TLS keep-alive (wrk -c64), one event loop pinned to core 0, wrk on core 1, in alternating rounds
# without and with a headless Chromium tab on /__admin/ui (also on core 1) polling the journal
# every 500 ms. Reports the median requests per second and the server's CPU time per request
# (from /proc/PID/stat), which stays comparable when wrk or the browser limit the rate.
# Usage: bench/console.sh [seconds per round, default 8] [rounds, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-8}"
rounds="${2:-3}"
scripts/install-dependencies.sh wrk chromium chromium-driver >/dev/null
[ -x .build/venv-browser/bin/python ] && .build/venv-browser/bin/python -c 'import selenium' 2>/dev/null \
  || { echo "run scripts/browser-test.sh once first (it installs Selenium into .build/venv-browser)" >&2; exit 2; }
scripts/build-release.sh 2>&1 | tail -1

work="$(mktemp -d /tmp/countersign-console-bench-XXXXXX)"
server_pid=""
cleanup() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT
bin=.build/release/countersign
$bin certs --certs "$work/certs" >/dev/null
taskset -c 0 $bin serve --port 18543 --host 127.0.0.1 --event-loops 1 --certs "$work/certs" --db "$work/db.sqlite" \
  --seed seed.sql --log-format json > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -s --cacert "$work/certs/ca.pem" https://localhost:18543/healthz >/dev/null 2>&1 && break; sleep 0.1; done

$bin call POST /api/v1/users/login -d phone=13800000000 -d 'password=Passw0rd!' --port 18543 --certs "$work/certs" \
  --state-dir "$work/state" >/dev/null
token=$(cat "$work/state/token")
signature=$($bin sign --db "$work/db.sqlite" --method GET --path /api/v1/checkin --header 'X-API-VERSION: 1.0' \
  --header "Authorization: Bearer $token" | sed -n 's/^signature: //p')
headers=(-H "X-API-VERSION: 1.0" -H "Authorization: Bearer $token" -H "X-SIGNATURE: $signature")
case "$(curl -s --cacert "$work/certs/ca.pem" "${headers[@]}" https://localhost:18543/api/v1/checkin)" in
  *'"code":0'*) ;; *) echo "signed check-in failed" >&2; exit 1 ;;
esac

cpu_ticks() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }
round() { # round on|off: prints "requests-per-second cpu-microseconds-per-request"
  local tab=""
  if [ "$1" = on ]; then
    taskset -c 1 .build/venv-browser/bin/python - "$duration" <<'PY' &
import sys, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"]:
    options.add_argument(argument)
options.accept_insecure_certs = True
driver = webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))
driver.get("https://127.0.0.1:18543/__admin/ui")
time.sleep(float(sys.argv[1]) + 6)
driver.quit()
PY
    tab=$!
    sleep 5  # the browser starts and its list goes live before wrk does
  fi
  local before after output
  before=$(cpu_ticks)
  output=$(taskset -c 1 wrk -t1 -c64 -d"${duration}s" "${headers[@]}" https://127.0.0.1:18543/api/v1/checkin 2>&1)
  after=$(cpu_ticks)
  [ -n "$tab" ] && wait "$tab"
  local rps requests
  rps=$(echo "$output" | awk '/Requests\/sec/ {print $2}')
  requests=$(echo "$output" | awk '/requests in/ {print $1}')
  echo "$rps $(( (after - before) * 1000000 / $(getconf CLK_TCK) / requests ))"
}

declare -a off_rps off_cpu on_rps on_cpu
for index in $(seq "$rounds"); do
  read -r r c < <(round off); off_rps+=("$r"); off_cpu+=("$c"); echo "round $index without a tab: $r requests/s, $c µs of server CPU per request"
  read -r r c < <(round on); on_rps+=("$r"); on_cpu+=("$c"); echo "round $index with a tab:    $r requests/s, $c µs of server CPU per request"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "| | without a tab | with a console tab |"
echo "|---|---|---|"
echo "| check-ins per second (median) | $(median "${off_rps[@]}") | $(median "${on_rps[@]}") |"
echo "| server CPU per request (µs, median) | $(median "${off_cpu[@]}") | $(median "${on_cpu[@]}") |"
