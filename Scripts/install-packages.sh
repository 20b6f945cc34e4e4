#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are missing:
# with apt-get when run as root, else prints the command and fails. On a
# system without dpkg (macOS, another distribution) it checks nothing and
# says what the names are, for that system's own package manager: the
# framework itself needs only ncurses, which macOS's SDK has.
set -euo pipefail
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "no dpkg here: skipping the Debian packages ($*); install their equivalents if a step needs them"
    exit 0
fi
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
    echo "missing packages: ${missing[*]}"
    echo "run: sudo apt-get install -y ${missing[*]}"
    exit 1
fi
