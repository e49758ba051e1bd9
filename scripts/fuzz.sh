#!/usr/bin/env bash
# Builds a libFuzzer harness from Fuzz/TARGET and runs it for SECONDS.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]   one target, e.g. scripts/fuzz.sh http 60
#   scripts/fuzz.sh all SECONDS                             every target in turn
#   scripts/fuzz.sh list                                    the targets
#
# Targets: http (HTTPRequestParser), http2 (HTTP2ServerSession over libnghttp2: frames in, requests
# and refusals out, answers drained), parameters (query, form and JSON bodies through
# Canonicalizer.parameters(of:)), json (JSONParser and JSONWriter round trip), canonical
# (parameters, canonicalize, verify and diagnose).
#
# Without SwiftPM: each module a harness needs is compiled once into a static library with
# `-sanitize=fuzzer,address` (coverage and AddressSanitizer), then the harness is linked against
# them. Everything lands in .build/fuzz/ and is rebuilt only when a source file changes.
# The committed seeds in Fuzz/TARGET/corpus are copied to .build/fuzz/corpus/TARGET, where the
# fuzzer adds what it finds. A crash leaves its input in .build/fuzz/artifacts/TARGET/ and makes
# the script fail; replay it with `.build/fuzz/bin/TARGET <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly targets=(http http2 parameters json canonical)
readonly out=.build/fuzz
readonly flags=(-O -g -swift-version 6 -warnings-as-errors -parse-as-library "-sanitize=fuzzer,address" -I "$out/modules"
                -I Sources/COpenSSL -I Sources/CNGHTTP2 -I "$out/modules/CLinux")

# The modules each target links, dependencies first.
modules_of() {
    case "$1" in
        http) echo JSON HTTP ;;
        http2) echo CLinux System JSON HTTP HTTP2 ;;
        json) echo JSON ;;
        parameters | canonical) echo JSON Crypto HTTP Signing ;;
        *) echo "unknown target '$1'; targets: ${targets[*]}" >&2; return 1 ;;
    esac
}

# Whether $1 is missing or older than any of the other files.
stale() {
    local product=$1
    shift
    [[ ! -e $product ]] && return 0
    local file
    for file in "$@"; do [[ $file -nt $product ]] && return 0; done
    return 1
}

# Compiles module $1 into a static library unless it is newer than its sources and than the
# libraries it depends on ($2...).
build_module() {
    local module=$1 library="$out/modules/lib$1.a"
    shift
    local sources=(Sources/"$module"/*.swift)
    if stale "$library" "${sources[@]}" "$@"; then
        echo "fuzz: compiling $module" >&2
        swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$module" \
            -emit-module-path "$out/modules/$module.swiftmodule" "${sources[@]}" -o "$library"
    fi
}

# Compiles the C module CLinux (System's Linux calls) into a static library, with a module map that
# lets Swift import it, unless the library is newer than its sources.
build_clinux() {
    local library="$out/modules/libCLinux.a"
    if stale "$library" Sources/CLinux/*.c Sources/CLinux/include/*.h; then
        echo "fuzz: compiling CLinux" >&2
        mkdir -p "$out/modules/CLinux"
        printf 'module CLinux {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CLinux/include/CLinux.h" \
            >"$out/modules/CLinux/module.modulemap"
        clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLinux/include -c Sources/CLinux/CLinux.c \
            -o "$out/modules/CLinux.o"
        rm -f "$library"
        ar rcs "$library" "$out/modules/CLinux.o"
    fi
}

build_target() {
    local target=$1 binary="$out/bin/$1" module
    local modules list
    list=$(modules_of "$target")
    read -ra modules <<<"$list"
    mkdir -p "$out/modules" "$out/bin"
    local libraries=()
    for module in "${modules[@]}"; do
        if [[ $module == CLinux ]]; then build_clinux; else build_module "$module" "${libraries[@]}"; fi
        libraries+=("$out/modules/lib$module.a")
    done
    local sources=(Fuzz/"$target"/*.swift Fuzz/Support/*.swift)
    if stale "$binary" "${sources[@]}" "${libraries[@]}"; then
        echo "fuzz: linking $target" >&2
        swiftc "${flags[@]}" -module-name "Fuzz_$target" "${sources[@]}" "${libraries[@]}" -lssl -lcrypto -lnghttp2 \
            -use-ld=lld -o "$binary"
    fi
}

# Runs one target; prints a summary line; fails when the fuzzer found a crash.
run_target() {
    local target=$1 seconds=$2
    shift 2
    build_target "$target"
    local corpus="$out/corpus/$target" artifacts="$out/artifacts/$target/" log="$out/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$out/logs"
    cp -n Fuzz/"$target"/corpus/* "$corpus"/ 2>/dev/null || true
    local options=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048
                   -artifact_prefix="$artifacts")
    echo "fuzz: running $target for ${seconds}s (log: $log)" >&2
    local status=0
    SWIFT_BACKTRACE=enable=no "$out/bin/$target" "${options[@]}" "$@" "$corpus" >"$log" 2>&1 || status=$?
    local runs speed rss coverage
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    echo "$target: ${runs:-?} executions, ${speed:-?}/s, ${coverage:-no coverage line}, corpus $(find "$corpus" -type f | wc -l) inputs, peak RSS ${rss:-?} MB, exit $status"
    if [[ $status -ne 0 ]]; then
        grep -m1 -E 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error|invariant broken' "$log" >&2 || true
        grep -o "Test unit written to .*" "$log" >&2 || true
    fi
    return "$status"
}

case "${1:-}" in
    list) printf '%s\n' "${targets[@]}" ;;
    all)
        [[ $# -eq 2 ]] || { echo "usage: $0 all SECONDS" >&2; exit 2; }
        failed=0
        for target in "${targets[@]}"; do run_target "$target" "$2" || failed=1; done
        exit "$failed"
        ;;
    "" | -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    *)
        [[ $# -ge 2 ]] || { echo "usage: $0 TARGET SECONDS [libFuzzer options...]" >&2; exit 2; }
        run_target "$@"
        ;;
esac
