#!/usr/bin/env python3
"""`Benchmarks/bench.sh top`: the `top` example against htop and btop, one after the
other, each through a real pty at 120x40 with a 1 s refresh, on a system
with about 500 extra processes the bench starts (sleeping, and two busy
loops at nice 19). Per refresh: the monitor's own CPU time (utime + stime
from /proc/PID/stat over the run), bytes written to the terminal; its PSS
(/proc/PID/smaps_rollup) at the end; and the time from start to the first
full frame. Prints a table, the ratios against htop and the goal lines
(CPU and bytes per refresh at or below htop's, PSS within 1.5x of htop's),
then where each one's PSS goes (memory_map.py) and how many threads it runs.
Reports only: a goal not met is printed as not met, never fails the run.

Everything it starts is ended by its PID. Python 3 standard library only."""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memory_map  # noqa: E402
import pty_driver  # noqa: E402
from pty_driver import Lost  # noqa: E402
from ssh_scale import smaps  # noqa: E402  (PSS from smaps_rollup)

COLUMNS, LINES = 120, 40
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """utime + stime of `pid`, in clock ticks (fields 14 and 15 of stat)."""
    with open(f"/proc/{pid}/stat") as source:
        text = source.read()
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


class Crowd:
    """The processes the bench adds: `sleepers` sleeps and `busy` loops."""

    def __init__(self, sleepers, busy):
        self.processes = []
        for _ in range(sleepers):
            self.processes.append(subprocess.Popen(["sleep", "3600"], stdin=subprocess.DEVNULL,
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(busy):
            self.processes.append(subprocess.Popen(["nice", "-n", "19", "sh", "-c", "while :; do :; done"],
                                                   stdin=subprocess.DEVNULL))

    def stop(self):
        for process in self.processes:
            try:
                os.kill(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for process in self.processes:
            process.wait()


def measure(name, argv, marker, seconds, home):
    """Runs `argv` in a pty; returns its figures."""
    term = pty_driver.Terminal(argv, COLUMNS, LINES, home=home)
    try:
        start = term.started
        seen = bytearray()
        deadline = time.perf_counter() + pty_driver.STARTUP_TIMEOUT
        while marker not in seen:
            if time.perf_counter() > deadline:
                raise Lost(f"{name}: no {marker!r}")
            seen += term._read(deadline - time.perf_counter())
        # The first frame ends when the terminal goes quiet after the marker.
        _, rest = term.response(time.perf_counter(), first_timeout=2)
        first_frame = time.perf_counter() - pty_driver.QUIET - start
        # Two refreshes to settle, then the measured window.
        settle = time.perf_counter() + 2
        while time.perf_counter() < settle:
            term._read(settle - time.perf_counter())
        pid = term.process.pid
        before, written = cpu_ticks(pid), 0
        began = time.perf_counter()
        end = began + seconds
        while time.perf_counter() < end:
            written += len(term._read(end - time.perf_counter()))
        elapsed = time.perf_counter() - began
        after = cpu_ticks(pid)
        memory = smaps(pid) or {}
        where, threads = memory_map.breakdown(pid), memory_map.threads(pid)
        refreshes = elapsed  # a 1 s refresh
        return {
            "name": name,
            "cpu_ms": (after - before) / TICKS * 1000 / refreshes,
            "bytes": written / refreshes,
            "pss_kib": memory.get("pss", 0),
            "rss_kib": memory.get("rss", 0),
            "first_frame_ms": first_frame * 1000,
            "map": where,
            "threads": threads,
        }
    finally:
        term.quit()


def btop_home():
    """A HOME whose btop refreshes every second like the others."""
    home = tempfile.mkdtemp(prefix="bench-top-btop-")
    os.makedirs(f"{home}/.config/btop")
    with open(f"{home}/.config/btop/btop.conf", "w") as config:
        config.write("update_ms = 1000\ncolor_theme = \"Default\"\nproc_sorting = \"cpu lazy\"\n")
    return home


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True, help="the release top binary")
    parser.add_argument("--out", default="bench-results/top.md")
    parser.add_argument("--quick", action="store_true", help="15 s per monitor instead of 60")
    parser.add_argument("--processes", type=int, default=500)
    args = parser.parse_args()
    seconds = 15 if args.quick else 60
    home = tempfile.mkdtemp(prefix="bench-top-")
    other = btop_home()
    monitors = [("top", [args.app, "--delay", "1"], b"COMMAND", home),
                ("htop", ["htop", "-d", "10"], b"Command", home),
                ("btop", ["btop"], b"Command", other)]
    crowd = Crowd(args.processes - 2, 2)
    results = []
    try:
        time.sleep(1)
        for name, argv, marker, folder in monitors:
            if shutil.which(argv[0]) is None and not os.path.exists(argv[0]):
                print(f"{name}: not installed, skipped", file=sys.stderr)
                continue
            try:
                results.append(measure(name, argv, marker, seconds, folder))
            except Lost as error:
                print(f"{name}: {error}", file=sys.stderr)
    finally:
        crowd.stop()
        shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(other, ignore_errors=True)
    report(results, seconds, args)


def pss_reason(top, htop):
    """Why top's PSS is over 1.5x htop's: how far over, and the kinds of
    memory (memory_map.py) where top holds more than htop, largest first."""
    if not top.get("map") or not htop.get("map"):
        return ""
    allowed = htop["pss_kib"] * 1.5
    more = sorted(((top["map"][kind]["pss"] - htop["map"][kind]["pss"], kind) for kind in memory_map.KINDS),
                  reverse=True)
    named = ", ".join(f"{kind} +{kib / 1024:.2f}" for kib, kind in more if kib >= 0.05 * 1024)
    return (f"{top['pss_kib'] / 1024:.1f} MiB against {allowed / 1024:.1f} allowed, "
            f"{(top['pss_kib'] - allowed) / 1024:.1f} over; more than htop's, MiB: {named}")


def report(results, seconds, args):
    lines = [f"# top against htop and btop ({args.processes} extra processes, {COLUMNS}x{LINES}, "
             f"1 s refresh, {seconds} s each)", "",
             "| monitor | CPU per refresh | bytes per refresh | PSS | RSS | first full frame |",
             "|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r['name']} | {r['cpu_ms']:.2f} ms | {r['bytes']:,.0f} | {r['pss_kib'] / 1024:.1f} MiB "
                     f"| {r['rss_kib'] / 1024:.1f} MiB | {r['first_frame_ms']:.0f} ms |")
    by_name = {r["name"]: r for r in results}
    top, htop = by_name.get("top"), by_name.get("htop")
    if top and htop:
        def ratio(key):
            return top[key] / htop[key] if htop[key] else float("inf")
        lines += ["", f"top / htop: CPU {ratio('cpu_ms'):.2f}x, bytes {ratio('bytes'):.2f}x, PSS {ratio('pss_kib'):.2f}x, "
                  f"first frame {ratio('first_frame_ms'):.2f}x", ""]
        goals = [("CPU per refresh at or below htop's", ratio("cpu_ms") <= 1),
                 ("bytes per refresh at or below htop's", ratio("bytes") <= 1),
                 ("PSS within 1.5x of htop's", ratio("pss_kib") <= 1.5)]
        reasons = {"PSS within 1.5x of htop's": pss_reason(top, htop)}
        for goal, met in goals:
            why = "" if met or not reasons.get(goal) else f" ({reasons[goal]})"
            lines.append(f"- goal: {goal}: {'met' if met else 'NOT met'}{why}")
    # Where each one's PSS goes at the end (Benchmarks/memory_map.py).
    lines += ["", "Where the PSS goes at the end (threads: " +
              ", ".join(f"{r['name']} {r['threads']}" for r in results) + "):", "",
              memory_map.table([(r["name"], r["map"]) for r in results])]
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
