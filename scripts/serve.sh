#!/usr/bin/env bash
# Runs Countersign on the embedded defaults: https://localhost:8443, data/countersign.sqlite created
# from seed.sql, certificates generated in server-certs/. Any `countersign serve` flag may follow.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
scripts/build-release.sh
exec .build/release/countersign serve "$@"
