#!/usr/bin/env bash
# The scratch folder a package of this repository builds in, for every
# script that builds one (`make test`, `make sanitize`, the browser test,
# the pictures):
#
#   Scripts/scratch-path.sh PACKAGE   (SCRATCH, default .build-packages)
#
# The root's own .build; the catalog's folder of its own inside SCRATCH
# (SCRATCH/catalog); every other package SCRATCH itself, so swift-nio,
# swift-crypto and BoringSSL compile once for all of them.
#
# The catalog apart: when a root package is resolved, SwiftPM removes the
# checkouts of the shared folder that root does not depend on, and the next
# root that does checks them out again, as new files it compiles again. The
# catalog alone depends on swift-nio-ssl (a BoringSSL of its own),
# AsyncHTTPClient, PostgresNIO, GRDB and a dozen more: sharing the folder,
# a CI run compiled them three times (`make test`, then each sanitizer, once
# `make docs` had resolved ShojiSSH), about 1,200 compiler runs each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SCRATCH:-$root/.build-packages}
package=$(cd "${1:?which package?}" && pwd)
case $package in
"$root") echo "$root/.build" ;;
"$root/Examples/Catalog") echo "$shared/catalog" ;;
*) echo "$shared" ;;
esac
