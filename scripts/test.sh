#!/usr/bin/env bash
# Builds with warnings as errors and runs every test (unit and end-to-end over TLS), then the
# admin console's browser tests in headless Chromium (scripts/browser-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh python3-venv chromium chromium-driver openjdk-17-jdk-headless
scripts/install-python-peers.sh
scripts/validate-openapi.sh
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
scripts/browser-test.sh
