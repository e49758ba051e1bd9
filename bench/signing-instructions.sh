#!/usr/bin/env bash
# Instructions per signature check, counted by callgrind: repeatable whatever else the machine
# does, unlike the timings of SigningBenchmark. For each measurement of bench/SigningBenchmark, it
# runs N and 2N iterations and prints (I(2N) - I(N)) / N, so start-up costs cancel out, and the
# ratio to MD5 alone over the same bytes (the goal of issue 8: at most 3×).
#
#   bench/signing-instructions.sh [N]     N defaults to 2000
set -euo pipefail
cd "$(dirname "$0")/.."
readonly count=${1:-2000}
command -v valgrind >/dev/null || scripts/install-dependencies.sh valgrind
swift build -c release --product SigningBenchmark >/dev/null
readonly binary=.build/release/SigningBenchmark

# Total instructions of one run: `binary --count $1 $2` under callgrind.
instructions() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" --count "$1" "$2" >/dev/null 2>&1
    sed -n 's/^summary: //p' "$out"
    rm -f "$out"
}

md5=0
for index in 0 1 2 3; do
    label=$("$binary" --count 1 "$index" | sed 's/: 1 runs.*//')
    per=$(( ($(instructions $((2 * count)) "$index") - $(instructions "$count" "$index")) / count ))
    [[ $index -eq 0 ]] && md5=$per
    printf '%-42s %8d instructions  %s× MD5\n' "$label" "$per" "$(awk -v a="$per" -v b="$md5" 'BEGIN { printf "%.2f", a / b }')"
done
