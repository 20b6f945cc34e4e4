#!/usr/bin/env bash
# The browser test (`make test` runs it): the catalog, built in the packages' scratch folder, served
# by `catalog web` and driven by ShojiWeb/Tests/Browser/browser_test.py in
# Debian's chromium, headless, through Selenium and chromium-driver (the
# page, a filter, Enter, a resize, the tab closed and its app gone, a wrong
# token and a foreign Origin refused); then hostile_test.py on raw sockets
# (an oversized frame, 5,000 resizes, a slow reader, 1,000 idle sockets,
# request heads sent a byte a second, sessions that never type).
# An argument saves the browser's screenshot there (Scripts/pictures.sh passes
# the serving article's picture).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=$(Scripts/scratch-path.sh Examples/Catalog)
# The shared scratch folder's llbuild manifest can outlive a switch of root
# package (a build of Catalog once ran Notes' plan): it is written again.
rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json
"$SWIFT" build --package-path Examples/Catalog --scratch-path "$scratch" --product catalog
python3 ShojiWeb/Tests/Browser/browser_test.py --app "$scratch/debug/catalog" ${1:+--screenshot "$1"}
python3 ShojiWeb/Tests/Browser/hostile_test.py --app "$scratch/debug/catalog"
