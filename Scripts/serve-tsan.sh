#!/bin/sh
# `catalog serve` built with ThreadSanitizer serving sessions end to end
# (Benchmarks/soak_server.py --sessions-check: 20 concurrent sessions that
# connect, type, are resized and leave by quit, hang-up or kill -9; one more
# left open across a SIGTERM shutdown). The server and every session's app
# (the same binary) write any report under a temporary log_path: none may
# appear. SESSIONS=N to change the count.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
catalog=$root/Examples/Catalog
logs=$(mktemp -d "${TMPDIR:-/tmp}/shoji-serve-tsan.XXXXXX")
trap 'rm -rf "$logs"' EXIT
nice -n "${NICE:-10}" "$swift" build --package-path "$catalog" --scratch-path "$catalog/.build-tsan" \
    --sanitize=thread --product catalog
export TSAN_OPTIONS="log_path=$logs/tsan:suppressions=$root/Sanitizers/tsan.supp:print_suppressions=0"
status=0
python3 "$root/Benchmarks/soak_server.py" --app "$catalog/.build-tsan/debug/catalog" \
    --sessions-check "${SESSIONS:-20}" || status=$?
reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
    for report in $reports; do echo "---- $report"; cat "$report"; done
    echo "serve-tsan: ThreadSanitizer reported the problems above" >&2
    exit 1
fi
[ "$status" -eq 0 ] || { echo "serve-tsan: the sessions did not all complete (status $status)" >&2; exit "$status"; }
echo "serve-tsan: $(echo "${SESSIONS:-20}") sessions and a shutdown, no ThreadSanitizer report"
