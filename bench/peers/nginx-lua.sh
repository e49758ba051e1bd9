# shellcheck shell=bash disable=SC2034,SC2154 # used by, and given by, the scripts that source this file
# Sourced by the bench scripts (after bench/common.sh): the same-work peer, nginx + ngx_http_lua as an
# OpenResty or Kong engineer would write the check-in (peer.lua, nginx.conf.tmpl, copied from the
# shared bench-peers contract). Per request it recomputes the MD5 signature over the sorted keys,
# looks the bearer token up in SQLite by its SHA-256, reads the user's recent check-ins and answers
# the envelope with cjson, writing a buffered access log. One worker pinned to core 0.

lua_peer_packages=(nginx libnginx-mod-http-lua lua-cjson lua-dbi-sqlite3)

# start_lua_peer NAME PORT DATABASE [http2]: DATABASE is Countersign's own file (the token must be
# in it already: log in through Countersign first). The master's pid is in $work/NAME/nginx.pid.
start_lua_peer() {
  local name=$1 port=$2 database=$3 http2=${4:-}
  local run=$work/$name listen_options=""
  [ -n "$http2" ] && listen_options="http2 "
  mkdir -p "$run/body"
  sed -e "s#@RUN@#$run#g; s#@HERE@#$PWD/bench/peers#g; s#@DB@#$database#g; s#@PORT@#$port#g; s#@CERTS@#$certs#g" \
      -e "s#\(listen 127.0.0.1:$port ssl \)#\1$listen_options#" bench/peers/nginx.conf.tmpl > "$run/nginx.conf"
  PEER_SECRET=$secret nginx -p "$run" -c "$run/nginx.conf" -e "$run/error.log" -g "daemon on; \
load_module /usr/lib/nginx/modules/ndk_http_module.so; load_module /usr/lib/nginx/modules/ngx_http_lua_module.so;"
  wait_for_url "https://localhost:$port/" "the nginx + Lua peer on $port" "$run/error.log"
  expect_checkin_answer "the nginx + Lua peer" \
    "$(curl -s --cacert "$certs/ca.pem" "${checkin_headers[@]}" "https://localhost:$port/api/v1/checkin")"
}
