#!/usr/bin/env bash
# Every picture of a screen the documentation shows, drawn
# again from the apps: the browser's screenshot of the catalog
# (web-test.sh), then each example's picture tests with SHOJI_RECORD_SVG=1
# (SVGs in ShojiAppKit.docc/Resources, shown by the README and the
# articles). `make test` fails when an SVG is stale.
#
#   Scripts/pictures.sh [PACKAGE:SUITE...]   (SWIFT; SCRATCH, default .build-packages)
#
# With no argument, every example's picture suite.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
[ $# -eq 0 ] && set -- Examples/Catalog:CatalogPictureTests Examples/Notes:NotesPictureTests Examples/Files:FilesPictureTests
Scripts/deps.sh tests
SWIFT=$swift Scripts/web-test.sh ShojiWeb/Sources/ShojiWeb/ShojiWeb.docc/Resources/catalog-in-a-browser.png
for entry in "$@"; do
    package=${entry%%:*}
    suite=${entry#*:}
    echo "== $suite"
    scratch=$(Scripts/scratch-path.sh "$package")
    "$swift" build --build-tests --explicit-target-dependency-import-check error \
        --package-path "$package" --scratch-path "$scratch"
    SHOJI_RECORD_SVG=1 SWIFT_BACKTRACE=interactive=no "$swift" test --skip-build \
        --package-path "$package" --scratch-path "$scratch" --filter "$suite"
done
