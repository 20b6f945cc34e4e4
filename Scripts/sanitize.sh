#!/usr/bin/env bash
# Builds packages' tests under a sanitizer and runs them; any report fails.
#
#   Scripts/sanitize.sh address|thread PACKAGE... [-- swift test arguments...]
#
# address: AddressSanitizer with LeakSanitizer, and UndefinedBehaviorSanitizer
# on the C code (swiftc on Linux refuses -sanitize=undefined; clang takes it
# for the C targets, and the ASan runtime carries UBSan's handlers).
# thread: ThreadSanitizer. It sees a lock taken in code it did not
# instrument only through the C library's functions it intercepts
# (pthread_mutex_lock and the like): a `Synchronization.Mutex` waits on a
# futex inside the Swift runtime, which it cannot see, so every Mutex-
# guarded access from two threads is reported as a race (a Mutex-guarded
# append from eight threads built alone with `swiftc -sanitize=thread` is
# reported too). The project's code locks with pthread mutexes
# (NIOLockedValueBox, or pthread_mutex_t where swift-nio is not a
# dependency); `make lint` refuses a Mutex (Scripts/locks.py).
#
# Only the project's own targets are instrumented: SHOJI_SANITIZE makes
# every manifest of the repository add the sanitizer's flags to its own
# targets, and the packages from outside (swift-nio, swift-crypto and
# BoringSSL, GRDB, PostgresNIO...) are used as `make test` built them, in
# the same scratch folders (Scripts/scratch-path.sh: the root's .build,
# the catalog's and the other packages'). Compiling them again under each sanitizer was
# most of a sanitizer run. Their code is not checked (it is not ours);
# LeakSanitizer still sees every allocation, theirs included. The project's
# modules in those folders are compiled again by the next normal build.
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
address | thread) export SHOJI_SANITIZE=$sanitizer ;;
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
# The catalog's key fuzzer runs its 100,000 keys in `make test`; under a
# sanitizer, where each key costs several times as much, 10,000 of them
# take the same paths through the code.
export CATALOG_FUZZ_KEYS=${CATALOG_FUZZ_KEYS:-10000}

for package in "${packages[@]}"; do
    scratch=$("$root/Scripts/scratch-path.sh" "$package")
    echo "== $package: $sanitizer sanitizer ($scratch)"
    # The llbuild manifest of the last root package is written again (a
    # shared folder's could outlive a switch of root package).
    rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json
    nice -n "${NICE:-10}" "$swift" build --build-tests --package-path "$package" --scratch-path "$scratch"
    status=0
    nice -n "${NICE:-10}" "$swift" test --skip-build --package-path "$package" --scratch-path "$scratch" "$@" || status=$?
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
