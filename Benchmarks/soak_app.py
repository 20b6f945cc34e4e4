#!/usr/bin/env python3
"""`make soak`, part one: the catalog app fed a million keys headlessly.

Runs the key fuzzer (Examples/Catalog, KeyFuzzTests: random keys and resizes
through the whole app on a headless screen) with CATALOG_FUZZ_KEYS keys and
CATALOG_SOAK_SAMPLE_EVERY set, so the test process prints its resident
memory, open descriptors and threads every N keys. Prints them as a table and
fails when they are not flat after warm-up:

  RSS at the end at most RSS_TOLERANCE (default 10%) above the sample at the
  end of warm-up (the first WARMUP fraction of the keys, default 20%);
  descriptors and threads at the end no more than at warm-up + 2.

Usage: Benchmarks/soak_app.py [--keys 1000000] [--every 50000] [--seed N]
"""

import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Examples", "Catalog")
SAMPLE = re.compile(r"soak-sample keys=(\d+) rss_kib=(-?\d+) fds=(-?\d+) threads=(-?\d+) uptime=([\d.]+)")


def uptime():
    with open("/proc/uptime") as text:
        return float(text.read().split()[0])


def flat(samples, warmup_fraction, rss_tolerance, slack=2, memory="RSS"):
    """(ok, reason) for samples [(label, memory_kib, fds, threads, ...)] after warm-up."""
    if len(samples) < 2:
        return False, "fewer than two samples"
    warm = samples[min(len(samples) - 1, max(0, int(len(samples) * warmup_fraction) - 1))]
    end = samples[-1]
    problems = []
    growth = (end[1] - warm[1]) / warm[1] if warm[1] > 0 else 0.0
    if growth > rss_tolerance:
        problems.append(f"{memory} grew {growth:.1%} after warm-up ({warm[1]} -> {end[1]} KiB; tolerance {rss_tolerance:.0%})")
    for index, name in ((2, "descriptors"), (3, "threads")):
        if end[index] > warm[index] + slack:
            problems.append(f"{name} grew from {warm[index]} to {end[index]} after warm-up (tolerance +{slack})")
    if problems:
        return False, "; ".join(problems)
    return True, (f"flat after warm-up ({warm[0]}): {memory} {growth:+.1%} (tolerance {rss_tolerance:.0%}), "
                  f"descriptors {end[2] - warm[2]:+d}, threads {end[3] - warm[3]:+d} (tolerance +{slack})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--warmup", type=float, default=0.2)
    parser.add_argument("--rss-tolerance", type=float, default=0.10)
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    args = parser.parse_args()

    env = {**os.environ, "SWIFT_BACKTRACE": "interactive=no", "CATALOG_FUZZ_KEYS": str(args.keys),
           "CATALOG_SOAK_SAMPLE_EVERY": str(args.every)}
    if args.seed is not None:
        env["CATALOG_FUZZ_SEED"] = str(args.seed)
    argv = [args.swift, "test", "--skip-build", "--package-path", CATALOG, "--filter", "KeyFuzzTests"]
    started = time.monotonic()
    launched = uptime()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    samples = []
    print(f"soak (app): {args.keys:,} keys, a sample every {args.every:,}")
    print(f"{'keys':>10} {'seconds':>8} {'RSS MiB':>8} {'fds':>4} {'threads':>7}")
    for line in process.stdout:
        match = SAMPLE.search(line)
        if match:
            keys, rss, fds, threads = map(int, match.groups()[:4])
            seconds = float(match.group(5)) - launched  # from the test process's own clock
            samples.append((f"{keys:,} keys", rss, fds, threads))
            print(f"{keys:>10,} {seconds:>8.0f} {rss / 1024:>8.1f} {fds:>4} {threads:>7}", flush=True)
        elif "key fuzz" in line or "error" in line.lower() or "failed" in line or "✘" in line:
            print("  " + line.rstrip(), flush=True)
    status = process.wait()
    if status != 0:
        print(f"soak (app): the key fuzzer failed (status {status})", file=sys.stderr)
        return 1
    ok, reason = flat(samples, args.warmup, args.rss_tolerance)
    print(f"soak (app): {reason}; {time.monotonic() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
