#!/usr/bin/env bash
# The Debian packages each kind of work needs, installed when missing
# (Scripts/install-packages.sh: with apt-get as root, else the command to run).
#
#   Scripts/deps.sh apps|tests|web
#
# apps: what the apps need to build and run (`make deps`, `make run`).
# web: the xterm.js that `catalog web` serves (Debian's; ShojiWeb/README.md).
# tests: the apps' and the web's, and what only the tests and benchmarks
# need: end to end through tmux and ssh, strace, the cluster tests'
# PostgreSQL and HAProxy, the vi and less that Files opens files in, the
# sqlite3 the serve tests link a key with as the Account tab does, the htop
# and btop that the top benchmark measures top against, chromium and
# Selenium for the browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
apps=(libncurses-dev libsqlite3-dev)
web=(libjs-xterm node-xterm)
tests=(tmux openssh-client strace postgresql haproxy vim-tiny less sqlite3 htop btop chromium chromium-driver)
case ${1:-} in
apps) Scripts/install-packages.sh "${apps[@]}" ;;
web) Scripts/install-packages.sh "${web[@]}" ;;
tests)
    Scripts/install-packages.sh "${apps[@]}" "${web[@]}" "${tests[@]}"
    pip=(python3 -m pip install --user --quiet --disable-pip-version-check selenium)
    python3 -c 'import selenium' 2>/dev/null || "${pip[@]}" || "${pip[@]}" --break-system-packages
    ;;
*)
    echo "deps: which packages? apps, tests or web" >&2
    exit 2
    ;;
esac
