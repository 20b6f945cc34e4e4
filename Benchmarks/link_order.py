#!/usr/bin/env python3
"""Writes a link order for a release binary: the functions a session runs,
those its loop runs first, then those only its start runs, one input
section name a line (`.text.<symbol>`), for gold's
`--section-ordering-file`.

Why: the kernel maps a binary's pages 64 KiB at a time around each page
touched, and a static Swift binary's loop runs code spread over its 10 MB
(the standard library, the runtime, the framework): laid out in the order
it runs, the loop's code fills a few windows instead of dozens, and the
process keeps megabytes less mapped (Benchmarks/HISTORY.md, "A process's
fixed memory"). A stale order costs nothing but that gain: names the
binary no longer has are skipped by the linker.

  Benchmarks/link_order.py --app .build-release/top-sections/release/top --marker COMMAND \\
      --out Examples/Top/link-order.txt -- --delay 1

runs the app under valgrind's callgrind in a pseudo-terminal (a copy
without debug information: valgrind 3.19 cannot read DWARF 5), waits for
MARKER on its screen and three seconds more, counts that as the start,
presses KEYS (comma-separated names: down, up, right, left, enter, slash,
esc, or one character), waits SECONDS more, quits with q. Needs valgrind
and strip (binutils). Python 3 standard library besides."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_driver  # noqa: E402

KEYS = {"down": b"\x1bOB", "up": b"\x1bOA", "right": b"\x1bOC", "left": b"\x1bOD",
        "enter": b"\r", "slash": b"/", "esc": b"\x1b"}


def functions(path, binary=None):
    """The functions of `binary` that a callgrind output file counts, in
    the order it first names them; with no `binary`, those of the
    executable (the one object that is not a shared library)."""
    found, names, objects, current = [], {}, {}, None
    pattern = re.compile(r"(c?fn|c?ob)=\((\d+)\)(?: (.*))?")
    with open(path, errors="replace") as source:
        for line in source:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name is not None:
                table[number] = name
            if kind == "ob":
                current = objects.get(number)
            elif kind == "fn" and current is not None and (
                    os.path.basename(current) == binary if binary else ".so" not in os.path.basename(current)):
                found.append(names[number].split("'")[0])  # callgrind's 'N marks recursion depth
    return found


def session(app, args, marker, keys, seconds, cwd, columns, lines, output):
    """Runs `app` under callgrind; the start is dumped to OUTPUT.1, the rest to OUTPUT."""
    argv = ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no",
            f"--callgrind-out-file={output}", app] + args
    term = pty_driver.Terminal(argv, columns, lines, cwd=cwd)
    try:
        seen = bytearray()
        deadline = time.monotonic() + 120
        while marker not in seen:
            if time.monotonic() > deadline:
                raise pty_driver.Lost(f"no {marker!r} in 120 s")
            seen += term._read(deadline - time.monotonic())
        settle(term, 3)
        subprocess.run(["callgrind_control", "--dump", str(term.process.pid)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for key in keys:
            os.write(term.master, KEYS.get(key, key.encode()))
            settle(term, 2)
        settle(term, seconds)
    finally:
        term.quit()


def settle(term, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        term._read(min(0.1, end - time.monotonic()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--marker", required=True, help="text on the screen once the app has started")
    parser.add_argument("--keys", default="", help="comma-separated keys pressed after the start")
    parser.add_argument("--seconds", type=float, default=10, help="how long the loop runs after the keys")
    parser.add_argument("--cwd")
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--lines", type=int, default=40)
    parser.add_argument("--out", required=True)
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the app's arguments, after --")
    options = parser.parse_args()
    app_args = options.args[1:] if options.args[:1] == ["--"] else options.args
    folder = tempfile.mkdtemp(prefix="link-order-")
    try:
        binary = os.path.join(folder, os.path.basename(options.app))
        subprocess.run(["strip", "--strip-debug", "-o", binary, options.app], check=True)
        output = os.path.join(folder, "callgrind.out")
        session(binary, app_args, options.marker.encode(), [k for k in options.keys.split(",") if k],
                options.seconds, options.cwd, options.columns, options.lines, output)
        loop, start = functions(output, os.path.basename(binary)), functions(output + ".1", os.path.basename(binary))
        ordered = list(dict.fromkeys(loop + start))
        with open(options.out, "w") as out:
            out.write("".join(f".text.{name}\n" for name in ordered))
        print(f"{options.out}: {len(ordered)} functions, {len(set(loop))} of the loop first")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
