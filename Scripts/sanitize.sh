#!/usr/bin/env bash
# Builds packages' tests under a sanitizer and runs them; any report fails.
#
#   Scripts/sanitize.sh address|thread PACKAGE... [-- swift test arguments...]
#
# address: AddressSanitizer with LeakSanitizer, and UndefinedBehaviorSanitizer
# on the C code (swiftc on Linux refuses -sanitize=undefined; clang takes it
# for the C targets, and the ASan runtime carries UBSan's handlers).
# thread: ThreadSanitizer. Each sanitizer has one scratch folder at the
# root (.build-asan, .build-tsan) shared by every package, so swift-nio,
# swift-crypto and BoringSSL compile once per sanitizer, not once per
# package, and the normal .build is never rebuilt.
# SANITIZE_REMOVE_SCRATCH=1 removes it once the last package's tests have
# run (CI does: disk).
#
# Reports go to log files (log_path) as well as failing the process: a report
# in a child process (an exit test, an app a test starts) fails the run too.
set -eu
sanitizer=$1
shift
packages=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    packages+=("$1")
    shift
done
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
logs=$(mktemp -d "${TMPDIR:-/tmp}/shoji-sanitize.XXXXXX")
trap 'rm -rf "$logs"' EXIT

case $sanitizer in
address)
    scratch=$root/.build-asan
    build_flags="--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined"
    ;;
thread)
    scratch=$root/.build-tsan
    build_flags="--sanitize=thread"
    ;;
*)
    echo "sanitize: unknown sanitizer '$sanitizer' (address or thread)" >&2
    exit 2
    ;;
esac

# halt_on_error: the first report ends the process with a failure status.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:log_path=$logs/asan"
export LSAN_OPTIONS="suppressions=$root/Sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$logs/ubsan"
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:log_path=$logs/tsan:suppressions=$root/Sanitizers/tsan.supp:print_suppressions=0"
# Swift's backtracer reads the crashed process's stacks byte by byte, which
# AddressSanitizer reports as a stack-buffer-underflow in the runtime, and
# then waits forever for the process ASan ended, holding the test's output
# pipe open. Exit tests crash on purpose, so it is off here.
export SWIFT_BACKTRACE=enable=no

if [ "${SANITIZE_REMOVE_SCRATCH:-0}" = 1 ]; then
    trap 'rm -rf "$logs" "$scratch"' EXIT
fi

for package in "${packages[@]}"; do
    echo "== $package: $sanitizer sanitizer ($scratch)"
    # The llbuild manifest of the last root package is written again (a
    # shared folder's could outlive a switch of root package).
    rm -f "$scratch/debug.yaml"
    # shellcheck disable=SC2086  # build_flags is a list of flags
    nice -n "${NICE:-10}" "$swift" build --build-tests --package-path "$package" --scratch-path "$scratch" $build_flags
    status=0
    nice -n "${NICE:-10}" "$swift" test --skip-build --package-path "$package" --scratch-path "$scratch" \
        --sanitize="$sanitizer" "$@" || status=$?
    reports=$(find "$logs" -type f | sort)
    if [ -n "$reports" ]; then
        for report in $reports; do
            echo "---- $report"
            cat "$report"
        done
        echo "sanitize: $package: the $sanitizer sanitizer reported the problems above" >&2
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        echo "sanitize: $package: tests failed under the $sanitizer sanitizer (status $status)" >&2
        exit "$status"
    fi
    echo "== $package: $sanitizer sanitizer: no report"
done
