#!/usr/bin/env bash
# Installs the Debian packages Countersign builds and runs with, when missing (idempotent).
# Usage: scripts/install-dependencies.sh [extra packages...]
set -euo pipefail
needed=(libssl-dev libsqlite3-dev libnghttp2-dev nghttp2-client tzdata curl openssl "$@")
missing=()
for package in "${needed[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "installing: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "swift is not on PATH: install the Swift 6 toolchain (https://swift.org/install)" >&2; exit 1; }
