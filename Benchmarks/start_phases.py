#!/usr/bin/env python3
"""The catalog's start, phase by phase, in instructions (callgrind) and in
milliseconds (CATALOG_STARTUP_TRACE), on a pseudo-terminal as run.py starts
it (80x24, --guest, a fresh data directory, --generate N).

    python3 Benchmarks/start_phases.py --program "app=.build-release/release/catalog"
    python3 Benchmarks/start_phases.py --program "a=BIN" --program "b=BIN --data-dir={tmp}"

Each program gets `--guest --data-dir DIR --generate N` appended, unless its
own arguments hold `{tmp}` (then only `--guest --generate N`, and `{tmp}` is
the fresh data directory: `--data-dir={tmp}` is the same start through
swift-argument-parser, which the catalog's own reader declines). Timed
starts are interleaved between the programs (the order alternates).

Instructions: callgrind dumps its counts before every call of the app's
`StartupTrace.mark` and `StartupTrace.write` (`--dump-before`), so each dump
holds one phase: exec -> main (the loader, relocations, the runtime's and
libraries' initialisers), main -> parsed, ... -> first paint. Counts do not
change with the machine's load; timings do, so those are p50s of starts
interleaved between the programs given. Prints a Markdown table per measure
and, with --keep, where each phase's dump is (`callgrind_annotate
--inclusive=yes FILE`). valgrind 3.19 cannot read the DWARF 5 Swift emits,
so it runs a copy of the binary without debug information (symbols stay).

Python 3 standard library only (and valgrind for the instructions)."""

import argparse
import glob
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pty_driver import Lost, Terminal, STARTUP_TIMEOUT  # noqa: E402

PHASES = ["main", "parsed", "data-directory", "storage-opened", "launched", "first-paint"]
LABELS = ["exec -> main", "main -> parsed", "parsed -> data directory", "data directory -> storage opened",
          "storage opened -> launched", "launched -> first paint"]


def start(argv, rows, extra_env=None, timeout=STARTUP_TIMEOUT):
    """Starts `argv` (the app's options appended) on an 80x24 pty, waits for
    Home, quits. Returns (seconds to Home, peak RSS in KiB)."""
    data_dir = tempfile.mkdtemp(prefix="catalog-start-")
    try:
        if any("{tmp}" in part for part in argv):
            argv = [part.replace("{tmp}", data_dir) for part in argv] + ["--guest", "--generate", str(rows)]
        else:
            argv = argv + ["--guest", "--data-dir", data_dir, "--generate", str(rows)]
        term = Terminal(argv, 80, 24, cwd=data_dir, home=data_dir, extra_env=extra_env)
        try:
            seconds, _ = term.response(term.started, timeout, until=f"{rows:,} items".encode())
            rss = term.peak_rss_kib()
        finally:
            term.quit()
        return seconds, rss
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def instructions(program, rows, keep):
    """Instructions per phase of one start under callgrind: a list of
    (label, count, dump) and the folder holding the dumps."""
    app, *arguments = program
    work = tempfile.mkdtemp(prefix="catalog-start-callgrind-")
    binary = os.path.join(work, "catalog")
    shutil.copy(app, binary)
    subprocess.run(["strip", "--strip-debug", binary], check=True)
    out = os.path.join(work, "callgrind.out")
    argv = ["valgrind", "--tool=callgrind", f"--log-file={work}/valgrind.log", f"--callgrind-out-file={out}",
            # The public functions and their specialisations (`...Tf4nd_n`),
            # which calls inside CatalogApp reach directly.
            "--dump-before=$s10CatalogApp12StartupTraceO4markyySSFZ*",
            "--dump-before=$s10CatalogApp12StartupTraceO5writeyyFZ*", binary] + arguments
    start(argv, rows, timeout=300)
    os.remove(binary)  # 100 MB; the dumps kept with --keep do not need it
    dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
    counts = []
    for dump in dumps:
        with open(dump) as f:
            total = next((int(line.split()[1]) for line in f if line.startswith("totals:")), 0)
        # A public function entering its specialisation dumps twice: the
        # second dump (a few instructions) belongs to the phase after it.
        if counts and counts[-1][1] < 1000:
            total += counts.pop()[1]
        counts.append((dump, total))
    # One dump per mark (main, parsed, ...), then one before write (first paint is its mark's).
    phases = [(label, count, dump) for label, (dump, count) in zip(LABELS, counts)]
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return phases, work


def traced(program, rows):
    """Milliseconds since the spawn at each phase of one start, and the
    start's peak RSS."""
    fd, trace = tempfile.mkstemp(prefix="catalog-trace-")
    os.close(fd)
    try:
        spawned = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        home, rss = start(program, rows, extra_env={"CATALOG_STARTUP_TRACE": trace})
        marks = {}
        with open(trace) as f:
            for line in f:
                name, ns = line.split()
                marks[name] = (int(ns) - spawned) / 1e6
        marks["home"] = home * 1000
        return marks, rss
    finally:
        os.unlink(trace)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", action="append", required=True,
                        help="LABEL=ARGV: a catalog binary and arguments (repeat to compare)")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--starts", type=int, default=9, help="timed starts per program, interleaved")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the callgrind dumps")
    args = parser.parse_args()
    programs = {}
    for spec in args.program:
        label, _, argv = spec.partition("=")
        app, *arguments = shlex.split(argv)
        programs[label] = [os.path.abspath(app)] + arguments  # the programs run in their data directory
    labels = list(programs)

    if not args.no_callgrind:
        print("| instructions (callgrind) | " + " | ".join(labels) + " |")
        print("| --- |" + " ---: |" * len(labels))
        per_program = [instructions(programs[label], args.rows, args.keep)[0] for label in labels]
        for i, label in enumerate(LABELS):
            cells = [f"{p[i][1] / 1e6:.1f} M" if i < len(p) else "-" for p in per_program]
            print(f"| {label} | " + " | ".join(cells) + " |")
        totals = [sum(c for _, c, _ in p) for p in per_program]
        print("| exec -> first paint | " + " | ".join(f"{t / 1e6:.1f} M" for t in totals) + " |")
        if args.keep:
            for name, phases in zip(labels, per_program):
                for label, _, dump in phases:
                    print(f"{name}: {label}: {dump}")
        print()

    samples = {label: [] for label in labels}
    rss = {label: [] for label in labels}
    for round_ in range(args.starts):
        for label in labels if round_ % 2 == 0 else list(reversed(labels)):
            try:
                marks, peak = traced(programs[label], args.rows)
            except Lost as error:
                print(f"{label}: lost: {error}", file=sys.stderr)
                continue
            samples[label].append(marks)
            if peak:
                rss[label].append(peak)
    names = PHASES + ["home"]
    print(f"| since the spawn, p50 of {args.starts} | " + " | ".join(names) + " | peak RSS |")
    print("| --- |" + " ---: |" * (len(names) + 1))
    for label in labels:
        cells = []
        for name in names:
            values = [s[name] for s in samples[label] if name in s]
            cells.append(f"{statistics.median(values):.1f} ms" if values else "-")
        peak = f"{statistics.median(rss[label]) / 1024:.1f} MiB" if rss[label] else "-"
        print(f"| {label} | " + " | ".join(cells) + f" | {peak} |")


if __name__ == "__main__":
    main()
