#!/bin/sh
# Instructions per operation of one micro benchmark, counted by callgrind:
# repeatable where timings on a shared machine are not.
#
#   Benchmarks/callgrind.sh BENCHMARK [SAMPLES] [BINARY]
#   e.g. Benchmarks/callgrind.sh filter.more 3
#
# Runs SAMPLES samples with no warm-up. Counts are zeroed where each timed
# section begins and dumped where it ends (timedSectionBegins/Ends in
# Benchmarks/Micro/Sampler.swift), so each dump holds exactly one sample;
# prints the instructions per sample and keeps the dumps for
# `callgrind_annotate --inclusive=yes FILE`. valgrind 3.19 cannot read the
# DWARF 5 that Swift emits, so it runs a copy of the binary without debug
# information (symbols stay).
set -eu
name=${1:?usage: Benchmarks/callgrind.sh BENCHMARK [SAMPLES] [BINARY]}
samples=${2:-3}
binary=${3:-.build-release/release/catalog-microbench}
work=$(mktemp -d "${TMPDIR:-/tmp}/catalog-callgrind-XXXXXX")
cp "$binary" "$work/catalog-microbench"
strip --strip-debug "$work/catalog-microbench"
valgrind --tool=callgrind --log-file="$work/valgrind.log" --callgrind-out-file="$work/callgrind.out" \
  --zero-before='$s18catalog_microbench18timedSectionBeginsyyF' \
  --dump-before='$s18catalog_microbench16timedSectionEndsyyF' \
  "$work/catalog-microbench" --only "$name" --samples "$samples" --warmup 0 >/dev/null 2>"$work/stderr"
# The dumps are what annotate reads: the 100 MB copy goes (it was left
# behind at every run).
rm -f "$work/catalog-microbench"
# One numbered dump per sample (callgrind.out.1, .2, ...); the unnumbered
# one is what ran after the last sample.
for dump in "$work"/callgrind.out.*; do sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$dump"; done |
  awk -v name="$name" -v dir="$work" '
    { total += $1; n += 1; if (min == "" || $1 < min) min = $1; if ($1 > max) max = $1 }
    END {
      if (n == 0) { print name ": no samples counted (see " dir "/valgrind.log)"; exit 1 }
      printf "%s: %d samples, %.0f instructions per sample (min %d, max %d)\n", name, n, total / n, min, max
      print "profile: " dir "/callgrind.out.1"
    }'
