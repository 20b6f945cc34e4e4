#!/bin/sh
# Instructions per operation of one micro benchmark, counted by callgrind:
# repeatable where timings on a shared machine are not.
#
#   Benchmarks/callgrind.sh BENCHMARK [SAMPLES] [BINARY]
#   e.g. Benchmarks/callgrind.sh filter.more 3
#
# Collects only inside Sampler.time (the timed part of each sample), runs
# SAMPLES samples with no warm-up, prints the instructions per sample and
# leaves the profile for `callgrind_annotate --inclusive=yes FILE`.
# valgrind 3.19 cannot read the DWARF 5 that Swift emits, so it runs a copy
# of the binary without debug information (symbols stay).
set -eu
name=${1:?usage: Benchmarks/callgrind.sh BENCHMARK [SAMPLES] [BINARY]}
samples=${2:-3}
binary=${3:-.build-bench/release/catalog-microbench}
work=$(mktemp -d "${TMPDIR:-/tmp}/catalog-callgrind-XXXXXX")
cp "$binary" "$work/catalog-microbench"
strip --strip-debug "$work/catalog-microbench"
valgrind --tool=callgrind --log-file="$work/valgrind.log" --callgrind-out-file="$work/callgrind.out" \
  --collect-atstart=no --toggle-collect='*SamplerV4time*' \
  "$work/catalog-microbench" --only "$name" --samples "$samples" --warmup 0 >/dev/null 2>"$work/stderr"
total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$work/callgrind.out")
echo "$name: $total instructions in $samples samples, $((total / samples)) per sample"
echo "profile: $work/callgrind.out"
