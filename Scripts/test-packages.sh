#!/usr/bin/env bash
# `make test` after `make check`: ShojiSSH's tests, ShojiWeb's and each
# example's (unit, headless screen, end to end through tmux and ssh), built
# with the import check (a target may import only what it declares, so an
# app's presenters target that imported curses fails with a message naming
# it, not by accident of build order).
#
#   Scripts/test-packages.sh PACKAGE...   (SWIFT; SCRATCH, default .build-packages)
#
# Every package builds in one scratch folder: swift-nio, swift-crypto and
# BoringSSL compile once for all of them, not once per package.
# A package's EndToEndTests target runs on its own, after its other tests:
# its tests are synchronous, so their waits (tmux, ssh, processes) hold
# Swift's cooperative threads, as many as there are cores, and beside them
# an async test with a bound on time (a store's idle timeout, a wait that
# must overlap others) could wait seconds for a thread.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
export SWIFT_BACKTRACE=interactive=no
for package in "$@"; do
    echo "== $package"
    scratch=$(Scripts/scratch-path.sh "$package")
    rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json  # the last root package's plan is written again
    "$swift" build --build-tests --explicit-target-dependency-import-check error \
        --package-path "$package" --scratch-path "$scratch"
    if [ -d "$package/Tests/EndToEndTests" ]; then
        "$swift" test --skip-build --package-path "$package" --scratch-path "$scratch" --skip EndToEndTests
        "$swift" test --skip-build --package-path "$package" --scratch-path "$scratch" --filter EndToEndTests
    else
        "$swift" test --skip-build --package-path "$package" --scratch-path "$scratch"
    fi
done
