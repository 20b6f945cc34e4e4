#!/usr/bin/env python3
"""System calls per key: what each program asks of the kernel between a
key's bytes and its frame, counted by strace rather than timed.

Runs each program under `strace -f -ttt` on a real pty (run.py's driver),
waits until `--ready` is painted (and presses Enter once with
`--then-enter`, Home -> List), then presses the key N times, waiting for
each answer; only the calls made while a press was answered count. With
`--back`, that key follows each press outside the counted window (Enter
into the detail, then Esc back, N times). Counts do not depend on the
machine's load, so they compare across runs; strace slows the program, so
its timings do not. Reports only. Usage (LABEL=ARGV, split on spaces; {tmp}
is a fresh folder):

  Benchmarks/syscalls_per_key.py --program "floor=.build-release/floor 1000" \
      --program "catalog=.build-release/release/catalog --guest --data-dir {tmp} --generate 1000" \
      --ready "1,000 items" --then-enter --key down --presses 50
"""

import argparse
import collections
import os
import re
import shlex
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import pty_driver  # noqa: E402

# "PID 1234567890.123456 name(" or "PID 1234567890.123456 <... name resumed>"
CALL = re.compile(r"^\d+\s+(\d+\.\d+)\s+(?:<\.\.\. )?([a-z_0-9]+)(?:\(| resumed>)")


def trace(argv, key, back, presses, ready, then_enter, columns, lines):
    """{syscall: calls per press} for one session."""
    home = tempfile.mkdtemp(prefix="syscalls-")
    log = os.path.join(home, "strace.log")
    argv = [part.replace("{tmp}", home) for part in argv]
    strace = ["strace", "-f", "-ttt", "-qq", "-o", log] + argv
    term = pty_driver.Terminal(strace, columns, lines, cwd=home, home=home)
    windows = []
    try:
        term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=ready.encode())
        if then_enter:
            term.press(pty_driver.KEYS["enter"], first_timeout=pty_driver.STARTUP_TIMEOUT)
        for _ in range(presses):
            start = time.time()
            term.press(key)
            windows.append((start, time.time()))
            if back:
                term.press(back)
    finally:
        term.quit()
    counts = collections.Counter()
    with open(log) as lines_:
        for line in lines_:
            match = CALL.match(line)
            if not match or " resumed>" in line:  # a resumed call was counted where it began
                continue
            stamp = float(match.group(1))
            if any(start <= stamp <= end for start, end in windows):
                counts[match.group(2)] += 1
    shutil.rmtree(home, ignore_errors=True)
    return {name: count / presses for name, count in counts.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", action="append", required=True, help="LABEL=ARGV ({tmp}: a fresh folder)")
    parser.add_argument("--key", default="down", choices=sorted(pty_driver.KEYS))
    parser.add_argument("--back", default=None, choices=sorted(pty_driver.KEYS),
                        help="a key pressed after each counted one, not counted (esc after enter)")
    parser.add_argument("--ready", default="items", help="text that says the first screen is painted")
    parser.add_argument("--then-enter", action="store_true", help="press Enter once before counting (Home -> List)")
    parser.add_argument("--presses", type=int, default=50)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    if not shutil.which("strace"):
        sys.exit("syscalls_per_key: strace is missing (Scripts/deps.sh tests installs it)")
    columns, lines = (int(n) for n in args.size.split("x"))
    back = pty_driver.KEYS[args.back] if args.back else None
    results = {}
    for spec in args.program:
        label, _, command = spec.partition("=")
        print(f"syscalls_per_key: {label}", file=sys.stderr, flush=True)
        ready = args.ready if not label.startswith("floor") else catalog_titles.title(0)
        then_enter = args.then_enter and not label.startswith("floor")
        results[label] = trace(shlex.split(command), pty_driver.KEYS[args.key], back, args.presses, ready,
                               then_enter, columns, lines)
    names = sorted({name for counts in results.values() for name in counts},
                   key=lambda name: -max(counts.get(name, 0) for counts in results.values()))
    print(f"\nsystem calls per {args.key} ({args.presses} presses, {args.size}, strace -f; "
          f"{time.strftime('%Y-%m-%d %H:%M')})\n")
    print("| call | " + " | ".join(results) + " |")
    print("| --- |" + " ---: |" * len(results))
    for name in names:
        print(f"| {name} | " + " | ".join(f"{counts.get(name, 0):.2f}" for counts in results.values()) + " |")
    print("| **all** | " + " | ".join(f"{sum(counts.values()):.2f}" for counts in results.values()) + " |")


if __name__ == "__main__":
    main()
