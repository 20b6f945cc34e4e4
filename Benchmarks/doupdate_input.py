#!/usr/bin/env python3
"""What a key gives ncurses' doupdate, in the app and in the C floor.

Each program runs on a real pty (run.py's driver) with a small preloaded
probe (`Floor/doupdate_probe.c`, built by this script with cc) that wraps
`doupdate` and, before it runs, counts what the frame hands it: the lines
of `newscr` marked touched, the cells in their touched ranges (what
doupdate compares), and of those the lines and cells that differ from
`curscr` (what it has to send). With `--callgrind` the same session runs
under valgrind, counting only inside doupdate and dumping after each call:
instructions per frame and the calls doupdate makes to ncurses' cursor
movement (`mvcur`'s internal worker, found by its address) and to
`tparm`/`tiparm` (the capability strings it weighs); `--callgrind key`
counts the whole key instead (everything from the previous frame's end to
this frame's doupdate: reading, handling, drawing, composing). valgrind
3.19 cannot read Swift's DWARF 5, so a program under it runs as a copy
without debug information (symbols stay), as `callgrind.sh` does. Bytes
are what the pty carried for the key. Each figure is the median over the
presses. Counts, not timings: load does not move them.

A program labelled `floor` is ready when its header is painted; any other
is the catalog: ready at Home's "1,000 items", then Enter opens the list.
Keys: Down ×N, then Enter and Esc (back) ×N, each recorded on its own.

  Benchmarks/doupdate_input.py --program "floor=.build-release/floor 1000" \
      --program "catalog=.build-release/release/catalog --guest --data-dir {tmp} --generate 1000" \
      [--presses 10] [--callgrind [doupdate|key]]
"""

import argparse
import collections
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_driver  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "/lib/x86_64-linux-gnu/libncursesw.so.6"


def mvcur_worker():
    """Address of the function `mvcur_sp` calls (ncurses' internal
    `_nc_real_mvcur`, which doupdate's cursor moves go through): the
    library is stripped, so callgrind names it by address only."""
    symbols = subprocess.run(["nm", "-D", LIBRARY], capture_output=True, text=True).stdout
    start = int(re.search(r"^([0-9a-f]+) T mvcur_sp@", symbols, re.M).group(1), 16)
    code = subprocess.run(["objdump", "-d", LIBRARY, f"--start-address={start}",
                           f"--stop-address={start + 64}"], capture_output=True, text=True).stdout
    target = re.search(r"call\s+([0-9a-f]+) <(?![^>]*@plt>)", code)
    return "0x%016x" % int(target.group(1), 16) if target else None


def dump_counts(path, worker):
    """(instructions, calls of the cursor-move worker, calls of tparm) in one dump."""
    names, total, moves, parms = {}, 0, 0, 0
    callee = None
    with open(path) as dump:
        for line in dump:
            if line.startswith("totals:"):
                total = int(line.split()[1])
            elif line.startswith("cfn="):
                match = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
                if match.group(2):
                    names[match.group(1)] = match.group(2)
                callee = names.get(match.group(1), "")
            elif line.startswith("fn="):
                match = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
                if match and match.group(2):
                    names[match.group(1)] = match.group(2)
            elif line.startswith("calls=") and callee is not None:
                calls = int(line.split("=")[1].split()[0])
                if worker and callee.startswith(worker):
                    moves += calls
                elif re.match(r"(_nc_)?t(i)?parm", callee):
                    parms += calls
                callee = None
    return total, moves, parms


def session(label, argv, presses, probe, callgrind, worker):
    home = tempfile.mkdtemp(prefix="doupdate-")
    log = os.path.join(home, "probe.log")
    argv = [part.replace("{tmp}", home) for part in argv]
    argv[0] = os.path.abspath(argv[0])
    env = {} if callgrind else {"LD_PRELOAD": probe, "PROBE_LOG": log}
    if callgrind:
        binary = os.path.join(home, os.path.basename(argv[0]))
        shutil.copy(argv[0], binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        argv[0] = binary
        inside = ["--collect-atstart=no", "--toggle-collect=doupdate"] if callgrind == "doupdate" else []
        argv = (["valgrind", "--tool=callgrind"] + inside
                + ["--dump-after=doupdate", f"--callgrind-out-file={home}/cg.out", f"--log-file={home}/valgrind.log"]
                + argv)
        pty_driver.QUIET = 0.4
    term = pty_driver.Terminal(argv, 80, 24, cwd=home, home=home, extra_env=env)
    marks = {"down": [], "enter": [], "back": []}

    def frames():
        if callgrind:  # one dump per doupdate (the probe would be a second "doupdate")
            return sum(1 for p in os.listdir(home) if re.match(r"cg\.out\.\d+$", p))
        with open(log) as f:
            return sum(1 for _ in f)

    try:
        is_app = label != "floor"
        term.response(term.started, pty_driver.STARTUP_TIMEOUT,
                      until=b"1,000 items" if is_app else b"floor:")
        if is_app:
            term.press(pty_driver.KEYS["enter"], first_timeout=pty_driver.STARTUP_TIMEOUT)
        for kind, key in [("down", "down")] * presses + [("enter", "enter"), ("back", "esc")] * presses:
            before = frames()
            _, out = term.press(pty_driver.KEYS[key], first_timeout=60)
            marks[kind].append((before, frames(), len(out)))
    finally:
        term.quit()
    records = []
    if not callgrind:
        with open(log) as f:
            records = [list(map(int, line.split())) for line in f]
    dumps = []
    if callgrind:
        numbered = sorted((p for p in os.listdir(home) if re.match(r"cg\.out\.\d+$", p)),
                          key=lambda p: int(p.rsplit(".", 1)[1]))
        dumps = [dump_counts(os.path.join(home, p), worker) for p in numbered]
    result = {}
    for kind, spans in marks.items():
        per_press = []  # one Counter per press; the median is reported (a press that met a timer stands out)
        for start, end, size in spans:
            counts = collections.Counter({"frames": end - start, "bytes": size})
            for record in records[start:end]:
                for name, value in zip(("touched lines", "touched cells", "changed lines", "changed cells"), record):
                    counts[name] += value
            for dump in dumps[start:end]:
                for name, value in zip(("instructions", "cursor moves", "tparm calls"), dump):
                    counts[name] += value
            per_press.append(counts)
        names = set().union(*per_press)
        result[kind] = {name: statistics.median(counts[name] for counts in per_press) for name in names}
    if os.environ.get("DOUPDATE_KEEP"):
        print(f"{label}: dumps kept in {home}", file=sys.stderr)
    else:
        shutil.rmtree(home, ignore_errors=True)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", action="append", required=True, help="LABEL=ARGV")
    parser.add_argument("--presses", type=int, default=10)
    parser.add_argument("--callgrind", nargs="?", const="doupdate", choices=["doupdate", "key"],
                        help="count instructions inside doupdate (default) or the whole key, up to its doupdate's end")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="doupdate-probe-")
    probe = os.path.join(work, "doupdate_probe.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", probe, os.path.join(HERE, "Floor", "doupdate_probe.c"),
                    "-ldl", "-lncursesw"], check=True)
    worker = mvcur_worker() if args.callgrind else None
    columns = ["frames", "bytes"] + (["instructions", "cursor moves", "tparm calls"] if args.callgrind else
                                     ["touched lines", "touched cells", "changed lines", "changed cells"])
    print("| key | program | " + " | ".join(columns) + " |")
    print("| --- | --- |" + " ---: |" * len(columns))
    results = {}
    for spec in args.program:
        label, _, command = spec.partition("=")
        results[label] = session(label, shlex.split(command), args.presses, probe, args.callgrind, worker)
    for kind in ("down", "enter", "back"):
        for label, result in results.items():
            row = result[kind]
            print(f"| {kind} | {label} | " + " | ".join(f"{row.get(c, 0):,.1f}" for c in columns) + " |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
