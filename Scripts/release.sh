#!/usr/bin/env bash
# Optimised builds, as deployed and as measured: `make release` (the
# catalog) and Benchmarks/bench.sh (every app it measures).
#
#   Scripts/release.sh catalog|microbench|files|files-plain|top|top-plain
#
# The flags, and what each was measured to save, are the article "Running an
# app" (section "A release build"): the Swift runtime and Foundation linked
# statically; a position-independent executable, as it serves untrusted
# clients (RELEASE_LINK_FLAGS="-Xlinker -no-pie" links it position-dependent,
# for a faster start); `-z now`, so the loop never runs the loader's symbol
# lookups; `--no-export-dynamic`, as nothing looks the app's own symbols up;
# concrete generic metadata through accessors, not names the runtime
# demangles with a conformance scan; a link order per app
# (Benchmarks/link_order.py), which keeps the loop's code on few pages. On
# Linux only: ld64 knows neither `-z now` nor gold's ordering file.
#
# Products land in RELEASE_SCRATCH (.build-release): release/catalog,
# files/release/files, top-sections/release/top. top is built with every
# function in a section of its own, in a folder of its own, as SwiftPM does
# not always compile a module again when only the flags change; alone (no
# order) that spreads the loop's code further, so only with an order.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=${RELEASE_SCRATCH:-$PWD/.build-release}
# shellcheck disable=SC2206  # flags are words
link=(${RELEASE_LINK_FLAGS:-})
static=(-c release --static-swift-stdlib)
ordered=()
sections=()
if [ "$(uname -s)" = Linux ]; then
    static+=(-Xlinker -z -Xlinker now -Xlinker --no-export-dynamic)
    sections=(-Xswiftc -Xfrontend -Xswiftc -function-sections)
fi
order() { [ "$(uname -s)" = Linux ] && echo "-Xlinker --section-ordering-file=$PWD/$1/link-order.txt"; }
metadata=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
case ${1:-} in
catalog | microbench)
    product=catalog
    [ "$1" = microbench ] && product=catalog-microbench
    "$swift" build "${static[@]}" --scratch-path "$scratch" "${link[@]}" "${metadata[@]}" \
        --package-path Examples/Catalog --product "$product"
    ;;
files | files-plain)
    # shellcheck disable=SC2046  # the order is two words or none
    [ "$1" = files-plain ] || ordered=($(order Examples/Files))
    "$swift" build "${static[@]}" "${ordered[@]}" --scratch-path "$scratch/files" \
        --package-path Examples/Files --product files
    ;;
top | top-plain)
    # shellcheck disable=SC2046
    [ "$1" = top-plain ] || ordered=($(order Examples/Top))
    "$swift" build "${static[@]}" "${sections[@]}" "${ordered[@]}" --scratch-path "$scratch/top-sections" \
        --package-path Examples/Top --product top
    ;;
*)
    echo "release: what to build? catalog, microbench, files, files-plain, top or top-plain" >&2
    exit 2
    ;;
esac
