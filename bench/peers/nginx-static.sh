# shellcheck shell=bash disable=SC2034,SC2154 # used by, and given by, the scripts that source this file
# Sourced by the bench scripts (after bench/common.sh): nginx answering the check-in (and the ping)
# with static bodies of the same bytes as Countersign's answers. It is the TLS + HTTP floor: the same
# certificate and TLS settings, a buffered access log, no signature, no database.

# start_nginx_static NAME WORKERS AFFINITY PORT TICKETS [http2]: AFFINITY is a
# worker_cpu_affinity line or empty; TICKETS on or off. The master's pid is in $work/NAME.pid.
# Needs $checkin_body (and $ping_body when set).
start_nginx_static() {
  local name=$1 workers=$2 affinity=$3 port=$4 tickets=$5 http2=${6:-}
  [ -n "$http2" ] && http2=" http2"
  cat > "$work/$name.conf" <<NGINX
worker_processes $workers;
$affinity
pid $work/$name.pid;
error_log $work/$name-error.log;
daemon on;
worker_rlimit_nofile 30000;
events { worker_connections 20000; }
http {
  access_log $work/$name-access.log combined buffer=64k flush=1s;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_tickets $tickets;
  ssl_session_cache off;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  server {
    listen 127.0.0.1:$port ssl$http2;
    ssl_certificate $certs/server.pem;
    ssl_certificate_key $certs/server.key;
    default_type application/json;
    location = /api/v1/ping { return 200 '${ping_body:-}'; }
    location = /api/v1/checkin { return 200 '$checkin_body'; }
  }
}
NGINX
  nginx -c "$work/$name.conf" -e "$work/$name-error.log"
}
