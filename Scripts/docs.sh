#!/usr/bin/env bash
# `make docs`: the DocC documentation of every framework module, ShojiSSH
# and ShojiWeb, warnings as errors, into .build-docs/site/<Module>.
#
#   Scripts/docs.sh MODULE...   (SWIFT; SCRATCH: the serving packages' scratch path)
#
# First every public declaration must have a /// comment and every symbol
# link must resolve. SHOJI_DOCS=1 adds swift-docc-plugin to the manifests for
# these commands only, so an app that depends on Shoji never resolves it.
# The framework's modules are built in the root's own scratch folder and
# ShojiSSH's and ShojiWeb's in the one `make test` builds them in: symbol
# graphs come from the modules those builds compiled, so nothing compiles
# twice (swift-nio and swift-crypto in a folder of their own took minutes).
# Open .build-docs/site/<Module>/index.html through a web server, or run
# `swift package --disable-sandbox preview-documentation --target ShojiAppKit`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=${SCRATCH:-$PWD/.build-packages}
python3 Scripts/doc-links.py
python3 Scripts/doc-comments.py
python3 Scripts/unused-public.py
site=.build-docs/site
mkdir -p "$site"
document() {  # PACKAGE SCRATCH TARGET
    SHOJI_DOCS=1 "$swift" package --package-path "$1" --scratch-path "$2" \
        --allow-writing-to-directory "$site" generate-documentation \
        --target "$3" --output-path "$site/$3" \
        --transform-for-static-hosting --hosting-base-path "$3" --warnings-as-errors
}
for module in "$@"; do
    document . "$PWD/.build" "$module"
done
# The package's own scratch folder is the shared one: the manifest that
# names the plugin is written again there, as web-test.sh does.
rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json
document ShojiSSH "$scratch" ShojiSSH
document ShojiSSH "$scratch" ShojiSessions
document ShojiWeb "$scratch" ShojiWeb
echo "documentation: $site/<Module>/index.html"
