#!/usr/bin/env bash
# Builds the release binary and links it into ~/.local/bin (or $COUNTERSIGN_BIN_DIR), so that
# `countersign` works as a command. Run the commands from this project folder: their defaults
# (seed.sql, server-certs/, data/) are relative to it.
# Usage: scripts/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
scripts/build-release.sh
bin="${COUNTERSIGN_BIN_DIR:-$HOME/.local/bin}"
mkdir -p "$bin"
ln -sf "$PWD/.build/release/countersign" "$bin/countersign"
echo "linked $bin/countersign -> $PWD/.build/release/countersign ($("$bin/countersign" --version))"
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "$bin is not on your PATH. Add it, then open a new shell:"
     echo "  echo 'export PATH=\"$bin:\$PATH\"' >> ~/.bashrc   # or ~/.zshrc, ~/.profile" ;;
esac
