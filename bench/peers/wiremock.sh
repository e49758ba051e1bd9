# shellcheck shell=bash disable=SC2034,SC2154 # used by, and given by, the scripts that source this file
# Sourced by the bench scripts (after bench/common.sh): WireMock 2.35.1 standalone, the mock server
# most teams use, on Debian's JDK 17, over HTTPS with the same certificate, one stub answering the
# same envelope bytes as Countersign, request journal on (its default). One option is changed:
# `--use-chunked-encoding never`, so that every answer carries a Content-Length as Countersign's do;
# otherwise, under `Connection: close` (scenario 3), Jetty ends the body by closing the connection,
# which wrk counts as a read error instead of a response.
# Its jar ships inside the `wiremock` wheel on PyPI (2.7.0 bundles 2.35.1); it is fetched once with
# pip into .build/bench-peers/.

wiremock_packages=(default-jre-headless)
wiremock_wheel=wiremock==2.7.0
wiremock_jar=.build/bench-peers/wiremock-standalone-2.35.1.jar

# fetch_wiremock: puts the standalone jar at $wiremock_jar unless it is there already.
fetch_wiremock() {
  [ -f "$wiremock_jar" ] && return
  python3 -m pip --version >/dev/null 2>&1 || scripts/install-dependencies.sh python3-pip >/dev/null
  local download
  download=$(mktemp -d)
  python3 -m pip download --quiet --no-deps "$wiremock_wheel" -d "$download"
  mkdir -p "$(dirname "$wiremock_jar")"
  python3 - "$download"/wiremock-*.whl "$wiremock_jar" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open("wiremock/server/wiremock-standalone-2.35.1.jar") as jar, \
        open(sys.argv[2], "wb") as out:
    shutil.copyfileobj(jar, out)
PY
  rm -rf "$download"
}

# start_wiremock NAME PORT CPU: one JVM told it has one processor, pinned to CPU, HTTPS only, with
# its GC log in $work/NAME-gc.log (heap after each collection: where its journal lives). Sets
# $wiremock_pid. Needs $checkin_body.
start_wiremock() {
  local name=$1 port=$2 cpu=$3
  local root=$work/$name
  mkdir -p "$root/mappings" "$root/__files"
  openssl pkcs12 -export -in "$certs/server.pem" -inkey "$certs/server.key" -out "$root/server.p12" -passout pass:password
  python3 - "$checkin_body" > "$root/mappings/checkin.json" <<'PY'
import json, sys
print(json.dumps({"request": {"method": "GET", "urlPath": "/api/v1/checkin"},
                  "response": {"status": 200, "body": sys.argv[1],
                               "headers": {"Content-Type": "application/json; charset=utf-8"}}}))
PY
  taskset -c "$cpu" java -XX:ActiveProcessorCount=1 "-Xlog:gc:file=$work/$name-gc.log:timemillis" -jar "$wiremock_jar" \
    --disable-http --https-port "$port" --https-keystore "$root/server.p12" --keystore-type PKCS12 \
    --keystore-password password --key-manager-password password --root-dir "$root" --disable-banner \
    --use-chunked-encoding never \
    > "$work/$name.log" 2>&1 &
  wiremock_pid=$!
  pids+=("$wiremock_pid")
  wait_for_url "https://localhost:$port/__admin/health" "WireMock on $port" "$work/$name.log"
  expect_checkin_answer WireMock \
    "$(curl -s --cacert "$certs/ca.pem" "${checkin_headers[@]}" "https://localhost:$port/api/v1/checkin")"
}

# warm_wiremock PORT SECONDS: keep-alive check-ins from core 1, so that the JIT has compiled the
# request path before anything is measured. Its journal keeps these requests, as it would for a user.
warm_wiremock() {
  taskset -c 1 wrk -t1 -c64 -d"$2s" "${checkin_headers[@]}" "https://127.0.0.1:$1/api/v1/checkin" >/dev/null
}
