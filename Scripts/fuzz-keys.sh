#!/usr/bin/env bash
# A long run of the catalog's key fuzzer (KeyFuzzTests): FUZZ_KEYS keys
# (default 1,000,000; `make test` runs 100,000), FUZZ_SEED=N replays a seed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
"$swift" build --build-tests --package-path Examples/Catalog
export SWIFT_BACKTRACE=interactive=no CATALOG_FUZZ_KEYS=${FUZZ_KEYS:-1000000}
[ -n "${FUZZ_SEED:-}" ] && export CATALOG_FUZZ_SEED=$FUZZ_SEED
"$swift" test --skip-build --package-path Examples/Catalog --filter KeyFuzzTests
