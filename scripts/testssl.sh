#!/usr/bin/env bash
# Scans Countersign's TLS with testssl.sh (the Debian package): protocols, cipher suites, forward secrecy
# and known vulnerabilities. Prints testssl's report, then a summary of every finding of severity MEDIUM
# or higher, and exits 1 if there is any.
#
# Usage: scripts/testssl.sh [serve flags]  starts a throwaway server (release binary if built, else debug)
#                                         on a free port, with temporary certificates and database; the
#                                         flags are passed on (e.g. --key-type rsa-2048)
#        PORT=8443 scripts/testssl.sh     scans the server already running on localhost:PORT
# Environment: COUNTERSIGN_BINARY=path   the binary to start (default .build/release or .build/debug)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v testssl >/dev/null || ! command -v python3 >/dev/null; then
  scripts/install-dependencies.sh testssl.sh python3
fi

work=$(mktemp -d /tmp/countersign-testssl-XXXXXX)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

port="${PORT:-}"
if [ -z "$port" ]; then
  binary="${COUNTERSIGN_BINARY:-}"
  if [ -z "$binary" ]; then
    for candidate in .build/release/countersign .build/debug/countersign; do
      if [ -x "$candidate" ]; then binary=$candidate; break; fi
    done
  fi
  if [ -z "$binary" ]; then
    swift build --product countersign
    binary=.build/debug/countersign
  fi
  "$binary" serve --host 127.0.0.1 --port 0 --certs "$work/certs" --db "$work/countersign.sqlite" \
    --seed seed.sql --openapi docs/openapi.yaml --event-loops 2 "$@" >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    port=$(sed -n 's/.*listening listener=main url=https:\/\/[^ ]*:\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { echo "the server did not print its port:" >&2; cat "$work/server.log" >&2; exit 1; }
  echo "started $binary on port $port (certificates and database in $work)"
fi

# --protocols: SSLv2 to TLS 1.3; --std: cipher categories (NULL, export, RC4, 3DES, CBC...);
# --each-cipher: every suite the server accepts; --fs: forward secrecy; --vulnerable: Heartbleed, ROBOT,
# renegotiation, CRIME, BREACH, POODLE, SWEET32, FREAK, DROWN, LOGJAM, BEAST, LUCKY13, RC4...
testssl_status=0
testssl --quiet --color 0 --warnings batch --severity MEDIUM --jsonfile "$work/findings.json" \
  --protocols --std --each-cipher --fs --vulnerable --ip 127.0.0.1 "localhost:$port" || testssl_status=$?

[ -s "$work/findings.json" ] || { echo "testssl.sh wrote no findings file (exit $testssl_status)" >&2; exit 1; }
python3 - "$work/findings.json" <<'PY'
import json, sys

# FATAL: testssl.sh could not finish a check, which must not pass as "no findings".
ranks = {"MEDIUM": 1, "HIGH": 2, "CRITICAL": 3, "FATAL": 4}
findings = [f for f in json.load(open(sys.argv[1])) if f.get("severity") in ranks]
print()
print("== summary: findings of severity MEDIUM or higher ==")
for finding in sorted(findings, key=lambda f: -ranks[f["severity"]]):
    print(f'{finding["severity"]:8} {finding["id"]}: {finding["finding"]}')
print(f"{len(findings)} finding(s)")
sys.exit(1 if findings else 0)
PY
