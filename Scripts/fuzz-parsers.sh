#!/bin/sh
# Coverage-guided fuzzing of the parsers that read bytes from outside
# (Fuzz/, libFuzzer under AddressSanitizer): each target for FUZZ_SECONDS
# (default 60) from its committed seeds in Fuzz/Corpus/<target>/.
#
#   Scripts/fuzz-parsers.sh [target...]     (default: every target)
#
# A crash, a broken property or a hang (an input taking over FUZZ_TIMEOUT
# seconds, default 10) writes the input to Fuzz/Findings/<target>-crash-...
# (or -timeout-...) and fails the run; replay one with
# `Fuzz/.build-fuzz/debug/fuzz-<target> FILE`. New inputs the fuzzer finds go
# to a temporary corpus, never into the committed seeds.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
targets=${*:-keys json authorized-keys private-key file-names}
scratch=$root/Fuzz/.build-fuzz
findings=$root/Fuzz/Findings
work=$(mktemp -d "${TMPDIR:-/tmp}/shoji-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$findings"

# SHOJI_FUZZ makes the examples offer their app libraries to Fuzz/. lld
# links the fuzzers: gold fails on the executable's entry point replacing
# libFuzzer's `main` (an internal error in its DWARF reader).
export SHOJI_FUZZ=1
for target in $targets; do
    nice -n "${NICE:-10}" "$swift" build --package-path "$root/Fuzz" --scratch-path "$scratch" --product "fuzz-$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
done

# The backtracer would wait on a process AddressSanitizer ended (see sanitize.sh).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1"
export LSAN_OPTIONS="suppressions=$root/Sanitizers/lsan.supp:print_suppressions=0"
failed=""
for target in $targets; do
    seeds=$root/Fuzz/Corpus/$target
    mkdir -p "$work/$target"
    echo "== fuzz-$target: $seconds s from $(ls "$seeds" | wc -l) seeds"
    if nice -n "${NICE:-10}" "$scratch/debug/fuzz-$target" -max_total_time="$seconds" -timeout="$timeout" \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="$findings/$target-" "$work/$target" "$seeds" \
        > "$work/$target.log" 2>&1; then
        grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+ +DONE" "$work/$target.log" || true
        echo "   corpus grew to $(ls "$work/$target" | wc -l) inputs; no crash, no hang"
    else
        cp "$work/$target.log" "$findings/$target.log"
        grep -a -m 3 -E "Fatal error|ERROR: (AddressSanitizer|libFuzzer)" "$work/$target.log" || true
        tail -12 "$work/$target.log"
        echo "   the whole log: Fuzz/Findings/$target.log"
        failed="$failed $target"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz-parsers: found problems in:$failed (inputs in Fuzz/Findings/)" >&2
    exit 1
fi
