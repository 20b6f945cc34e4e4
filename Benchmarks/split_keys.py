#!/usr/bin/env python3
"""Down beside the detail at a person's pace: the split against the same app
with the split off, and against the C floor (issue 38, item 1).

run.py presses keys as fast as the terminal answers (every 15-20 ms), faster
than the split's preview rests (50 ms, NavigationHost's clock): the detail
then follows only after the last key, so its Down is the list's move alone.
Here each Down comes PACE seconds after the last answer (150 ms by default,
longer than the rest), so every Down previews its item in the same frame,
as it does for a person pressing Down and reading.

Three programs at 200x60 with 1,000 rows, each through a real pty (run.py's
driver), alternately round after round:

  * split: `catalog --generate 1000`, the list with the detail beside it;
  * alone: the same app with `--no-side-by-side` (the list only);
  * floor: Benchmarks/Floor/floor.c (a list; Enter opens a boxed detail).

Per Down it measures the latency (key written -> last byte of the answer,
the detail's included), the bytes written, and the CPU the program spent
for it: the time on CPU of all its threads (/proc/PID/task/*/schedstat, in
nanoseconds) after the answer minus before the key. CPU does not include
the pty, the driver or the wait, so it moves less with the machine's load
than latency does. It ends with the goal lines, met or not and why.

Python 3 standard library only. Usage:

  Benchmarks/split_keys.py --app .build-release/release/catalog --floor .build-release/floor \
                           [--rounds 5] [--presses 30] [--pace 0.15]
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import figures  # noqa: E402
import pty_driver  # noqa: E402

COLUMNS, LINES, ROWS = 200, 60, 1_000
PROGRAMS = ("split", "alone", "floor")

# Why a goal is not met yet, printed beside its figure (one line each; keep
# them up to date with Benchmarks/HISTORY.md, "Down beside the detail at a
# person's pace", where each run is written up).
REASONS = {
    "split_alone": "every Down beside the detail lays out and draws the new item's rows and ncurses sends them "
                   "(each generated item differs in its title and every value): catalog-microbench "
                   "split.down.200x60 against list.down.200x60",
    "split_floor": "the list's own Down (Down at 80x24 against the floor, run.py) plus the detail's rows",
}


def cpu_ns(pid):
    """Nanoseconds on CPU of every thread of `pid` so far."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except (OSError, IndexError, ValueError):
            continue
    return total


def minor_faults(pid):
    """Minor page faults of `pid` so far (all its threads): pages of the
    binary or the heap touched again after the pause between keys."""
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[7])


def session(kind, app, floor, presses, pace):
    """One program: started, on the list, then `presses` paced Downs.
    Returns [(latency s, bytes, cpu s, minor faults)] per Down."""
    home = tempfile.mkdtemp(prefix="split-keys-")
    if kind == "floor":
        argv = [floor, str(ROWS)]
    else:
        argv = [app, "--guest", "--data-dir", home, "--generate", str(ROWS)]
        if kind == "alone":
            argv.append("--no-side-by-side")
    term = pty_driver.Terminal(argv, COLUMNS, LINES, cwd=home, home=home)
    first_row = catalog_titles.title(0).encode()
    try:
        if kind == "floor":
            term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=first_row)
        else:
            term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f"{ROWS:,} items".encode())
            term.press(pty_driver.KEYS["enter"], until=first_row, first_timeout=pty_driver.STARTUP_TIMEOUT)
        pid = term.process.pid
        samples = []
        for _ in range(presses):
            time.sleep(pace)
            term.drain()  # anything late (a preview's timer) is not the next key's
            before, faults = cpu_ns(pid), minor_faults(pid)
            seconds, out = term.press(pty_driver.KEYS["down"])
            samples.append((seconds, len(out), (cpu_ns(pid) - before) / 1e9, minor_faults(pid) - faults))
        return samples
    finally:
        term.quit()
        shutil.rmtree(home, ignore_errors=True)


def goal_line(label, value, limit, figure, reason):
    if value <= limit:
        return f"- {label}: met: {figure}"
    return f"- {label}: not met: {figure} against ≤{limit}x; {reason}"


def report(results, args, started):
    lines = [f"## Down at 200x60 at a person's pace: the split against the split off and the floor", "",
             f"- date: {started} ; machine: {figures.machine()}",
             f"- method: real pty, {COLUMNS}x{LINES}, {ROWS:,} rows, a Down every {args.pace * 1000:.0f} ms after the "
             f"last answer (longer than the preview's 50 ms rest), {args.presses} per session, {args.rounds} "
             "interleaved rounds; CPU = time on CPU of the program's threads (schedstat) per Down; minor faults = "
             "mean page faults per Down", "",
             "| program | p50 ms | p95 ms | bytes | CPU µs p50 | CPU µs mean | minor faults | n |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    stats = {}
    for kind in PROGRAMS:
        samples = results[kind]
        if not samples:
            continue
        latencies = [s for s, _, _, _ in samples]
        cpu = [c for _, _, c, _ in samples]
        stats[kind] = {"p50": statistics.median(latencies), "cpu": statistics.median(cpu)}
        lines.append(f"| {kind} | {statistics.median(latencies) * 1000:.2f} | "
                     f"{figures.percentile(latencies, 0.95) * 1000:.2f} | {statistics.median(b for _, b, _, _ in samples):.0f} | "
                     f"{statistics.median(cpu) * 1e6:.0f} | {statistics.mean(cpu) * 1e6:.0f} | "
                     f"{statistics.mean(f for _, _, _, f in samples):.1f} | {len(samples)} |")
    lines += ["", "### Goals (issue 38, item 1)", ""]
    for other, name in (("alone", "the same app with the split off"), ("floor", "the floor's Down at 200x60")):
        if "split" not in stats or other not in stats:
            lines.append(f"- Down beside the detail within 1.3x of {name}: not measured in this run")
            continue
        for metric, what in (("p50", "latency p50"), ("cpu", "CPU per Down p50")):
            a, b = stats["split"][metric], stats[other][metric]
            unit = (lambda v: f"{v * 1000:.2f} ms") if metric == "p50" else (lambda v: f"{v * 1e6:.0f} µs")
            lines.append(goal_line(f"Down beside the detail within 1.3x of {name} ({what})", a / b, 1.3,
                                   f"{a / b:.2f}x ({unit(a)} / {unit(b)})", REASONS[f"split_{other}"]))
    return "\n".join(lines) + "\n"


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", default=os.path.join(root, ".build-release/release/catalog"))
    parser.add_argument("--floor", default=os.path.join(root, ".build-release/floor"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--presses", type=int, default=30, help="Downs per session (inside the page: under 50)")
    parser.add_argument("--pace", type=float, default=0.15, help="seconds between an answer and the next Down")
    parser.add_argument("--quick", action="store_true", help="2 rounds of 8 Downs: a smoke test")
    parser.add_argument("--out", default=None, help="also append the report to this file")
    args = parser.parse_args()
    args.app, args.floor = os.path.abspath(args.app), os.path.abspath(args.floor)
    for path in (args.app, args.floor):
        if not os.access(path, os.X_OK):
            sys.exit(f"split_keys: {path} is missing; run `make bench`")
    if args.quick:
        args.rounds, args.presses = 2, 8
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    results = {kind: [] for kind in PROGRAMS}
    for round_ in range(args.rounds):
        order = PROGRAMS if round_ % 2 == 0 else tuple(reversed(PROGRAMS))
        for kind in order:
            print(f"split_keys: round {round_ + 1}/{args.rounds} {kind}", file=sys.stderr, flush=True)
            try:
                results[kind] += session(kind, args.app, args.floor, args.presses, args.pace)
            except pty_driver.Lost as error:
                print(f"split_keys:   lost: {error}", file=sys.stderr, flush=True)
    text = report(results, args, started)
    if args.out:
        with open(args.out, "a") as out:
            out.write("\n" + text)
    print(text)


if __name__ == "__main__":
    main()
