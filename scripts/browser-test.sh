#!/usr/bin/env bash
# Runs the admin console's browser tests (Tests/Browser) in headless Chromium with Selenium,
# against the debug build (.build/debug/countersign; build it first). Installs Debian's
# chromium and chromium-driver when missing, and Selenium once into .build/venv-browser.
# Writes the screenshots console-*.png to .build/screenshots; CONSOLE_SCREENSHOTS=docs/images
# scripts/browser-test.sh refreshes the copies the docs show.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/install-dependencies.sh python3-venv chromium chromium-driver
venv="$root/.build/venv-browser"
package="selenium>=4.11,<5"
python="${PYTHON:-python3}"
if ! { [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import selenium' >/dev/null 2>&1; }; then
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input "$package"
fi
[ -x .build/debug/countersign ] || { echo "browser-test: build first (swift build)" >&2; exit 2; }
# Selenium Manager must not look for a browser or a driver on the network: both are Debian's.
export SE_OFFLINE=true
# Every Tests/Browser/console_*_test.py, or the tests named (e.g. console_mocks_test.MocksTests).
[ $# -gt 0 ] || set -- discover --start-directory Tests/Browser --pattern 'console_*_test.py'
PYTHONPATH="$root/Tests/Browser" exec "$venv/bin/python" -m unittest "$@" --verbose
