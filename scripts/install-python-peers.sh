#!/usr/bin/env bash
# Installs the Python HTTP/2 peer the end-to-end tests use as a hostile client (h2 from PyPI, with its
# frame layer hyperframe and hpack) into .build/venv-peers, once. Quiet on success.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.build/venv-peers"
package="h2>=4.1,<5"
have_peer() { "$venv/bin/python" -c 'import h2, hpack, hyperframe' >/dev/null 2>&1; }
if [ -x "$venv/bin/python" ] && have_peer; then exit 0; fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input "$package"
have_peer || { echo "install-python-peers: cannot install $package" >&2; exit 2; }
