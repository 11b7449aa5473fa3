#!/usr/bin/env bash
# The README's first command on a fresh clone, timed until `gamenight serve` answers HTTP
# (issue 38: "a one-minute install"). Usage: benchmarks/install_time.sh [CLONE_DIR]
# It clones this repository's HEAD into CLONE_DIR (default: a new temporary folder), runs
# `python3 -m venv .venv && . .venv/bin/activate && pip install .` there, starts
# `gamenight serve` on a free port and prints both times. The package caches (pip's) are
# whatever this machine has: run it twice to measure with them warm.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
clone="${1:-$(mktemp -d)/gamenight}"
git clone -q "$here" "$clone"
cd "$clone"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
start=$(date +%s.%N)
python3 -m venv .venv && . .venv/bin/activate && pip install -q .
installed=$(date +%s.%N)
gamenight serve --port "$port" > serve.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
until curl -sf "http://127.0.0.1:$port/" > /dev/null; do
    kill -0 $server 2>/dev/null || { cat serve.log; exit 1; }
    sleep 0.2
done
served=$(date +%s.%N)
python3 -c "print(f'installed in {$installed - $start:.1f} s; serving after {$served - $start:.1f} s')"
