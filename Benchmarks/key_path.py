#!/usr/bin/env python3
"""Where a key's time goes: what the process does between a key's bytes and
its frame, counted by the kernel rather than guessed.

Drives each program through a real pseudo-terminal (run.py's driver),
presses the same key N times (waiting for each answer, as a person would),
and reads, before and after, the kernel's counters for the process and each
of its threads (/proc/PID/task/*/stat and status, /proc/PID/io):

  * latency: key written -> last byte of the answer (as run.py measures);
  * threads woken per key: threads whose context-switch count moved, per key;
  * context switches per key (voluntary + involuntary, all threads);
  * write(2)/writev(2) calls per key, and bytes the terminal got per key;
  * CPU per key (user + system, all threads).

Programs run alternately, round after round, so machine load hits all of
them. Reports only. Usage (each --program is LABEL=ARGV, split on spaces):

  Benchmarks/key_path.py --program "floor=.build-release/floor 1000" \
      --program "catalog=.build-release/release/catalog --guest --generate 1000" \
      --key down --ready "1,000 items" --then-enter
"""

import argparse
import os
import shlex
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import figures  # noqa: E402
import pty_driver  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def thread_counters(pid):
    """{tid: (context switches, cpu ticks)} for every thread of `pid`."""
    counters = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            switches = int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
            with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                parts = stat.read().rsplit(")", 1)[1].split()
            ticks = int(parts[11]) + int(parts[12])  # utime, stime
            counters[tid] = (switches, ticks)
        except (OSError, KeyError, IndexError):
            continue
    return counters


def write_calls(pid):
    with open(f"/proc/{pid}/io") as io:
        return int(dict(line.split(": ") for line in io.read().splitlines())["syscw"])


def measure(argv, key, presses, ready, then_enter, columns, lines):
    """One session: start, wait until `ready` is painted (and Enter's answer
    when asked), then `presses` keys. Returns a dict of per-key figures."""
    home = tempfile.mkdtemp(prefix="key-path-")
    argv = [part.replace("{tmp}", home) for part in argv]
    term = pty_driver.Terminal(argv, columns, lines, cwd=home, home=home)
    try:
        term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=ready.encode())
        if then_enter:
            term.press(pty_driver.KEYS["enter"], first_timeout=pty_driver.STARTUP_TIMEOUT)
        pid = term.process.pid
        before, writes_before = thread_counters(pid), write_calls(pid)
        latencies, sizes = [], []
        for _ in range(presses):
            seconds, out = term.press(key)
            latencies.append(seconds)
            sizes.append(len(out))
        after, writes_after = thread_counters(pid), write_calls(pid)
        woken = sum(1 for tid, (switches, _) in after.items() if switches > before.get(tid, (0, 0))[0])
        switches = sum(s for s, _ in after.values()) - sum(s for s, _ in before.values())
        ticks = sum(t for _, t in after.values()) - sum(t for _, t in before.values())
        return {
            "latencies": latencies,
            "bytes": statistics.median(sizes),
            "threads": len(after),
            "woken": woken,
            "switches": switches / presses,
            "writes": (writes_after - writes_before) / presses,
            "cpu_us": ticks / CLOCK_TICKS / presses * 1e6,
        }
    finally:
        term.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", action="append", required=True, help="LABEL=ARGV ({tmp}: a fresh folder)")
    parser.add_argument("--key", default="down", choices=sorted(pty_driver.KEYS), help="which key to press")
    parser.add_argument("--ready", default="items", help="text that says the first screen is painted")
    parser.add_argument("--then-enter", action="store_true", help="press Enter once before measuring (Home -> List)")
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    columns, lines = (int(n) for n in args.size.split("x"))
    programs = []
    for spec in args.program:
        label, _, command = spec.partition("=")
        programs.append((label, shlex.split(command)))
    results = {label: [] for label, _ in programs}
    for round_ in range(args.rounds):
        order = programs if round_ % 2 == 0 else list(reversed(programs))
        for label, argv in order:
            print(f"key_path: round {round_ + 1}/{args.rounds} {label}", file=sys.stderr, flush=True)
            ready = args.ready if not label.startswith("floor") else catalog_titles.title(0)
            then_enter = args.then_enter and not label.startswith("floor")
            results[label].append(measure(argv, pty_driver.KEYS[args.key], args.presses, ready, then_enter, columns, lines))
    print(f"\n{args.key} x{args.presses} per session, {args.rounds} sessions each, {args.size} "
          f"({time.strftime('%Y-%m-%d %H:%M')})\n")
    print("| program | p50 ms | p95 ms | threads | threads woken | context switches/key | writes/key | "
          "terminal bytes/key | CPU µs/key |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, _ in programs:
        sessions = results[label]
        latencies = [s for session in sessions for s in session["latencies"]]
        med = lambda name: statistics.median(session[name] for session in sessions)  # noqa: E731
        print(f"| {label} | {statistics.median(latencies) * 1000:.2f} | {figures.percentile(latencies, 0.95) * 1000:.2f} | "
              f"{med('threads'):.0f} | {med('woken'):.0f} | {med('switches'):.2f} | {med('writes'):.2f} | "
              f"{med('bytes'):.0f} | {med('cpu_us'):.0f} |")


if __name__ == "__main__":
    main()
