#!/usr/bin/env bash
# `make test-portable`: the framework, Notes and Top on the portable path
# (what macOS runs), forced on Linux with SHOJI_PORTABLE: frames composed in
# a temporary file instead of a memfd, the event loop on dispatch sources
# and dispatchMain() instead of polling the main queue's descriptor (README
# "Platforms"). Notes without its SSH server, as on a Mac; Top without its
# end-to-end tests. The framework in .build-portable/shoji, the two apps
# in .build-portable/examples (their dependencies compiled once for both).
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=$PWD/.build-portable
flags=(-Xswiftc -DSHOJI_PORTABLE -Xcc -DSHOJI_PORTABLE)
export SHOJI_PORTABLE=1 SWIFT_BACKTRACE=interactive=no
portable() {  # NAME PACKAGE [swift test arguments...]
    local name=$1 package=$2
    shift 2
    # A folder shared by two root packages: the last one's plan is written again.
    rm -f "$scratch/$name/debug.yaml" "$scratch/$name"/*/debug/description.json
    "$swift" build --build-tests "${flags[@]}" --scratch-path "$scratch/$name" --package-path "$package"
    "$swift" test --skip-build "${flags[@]}" --scratch-path "$scratch/$name" --package-path "$package" "$@"
}
portable shoji .
portable examples Examples/Notes
portable examples Examples/Top --skip EndToEndTests
