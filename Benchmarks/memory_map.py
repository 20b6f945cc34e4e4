#!/usr/bin/env python3
"""Where a process's PSS goes, from /proc/PID/smaps: the binary's code, its
read-only data and its written data (relocations, globals), the heap, the
threads' stacks, other anonymous memory (malloc's arenas and large blocks),
and the shared libraries. What the benches print under their memory figures
(files_bench.py, top_bench.py), and a command of its own:

  Benchmarks/memory_map.py --marker TEXT [--columns 80 --lines 24] [--settle 1]
      [--against OTHER-BUILD ... --rounds N] -- PROGRAM ARGS...

runs PROGRAM in a pseudo-terminal, waits for TEXT on its screen, then
`--settle` seconds, prints the table and quits it (q). With `--against`,
each other build runs with the same arguments, in interleaved rounds
(alternating order), and the table shows each kind's median.

Python 3 standard library only."""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

KINDS = ["binary code", "binary data from the file", "binary written data", "heap", "thread stacks",
         "other anonymous", "libc", "other libraries", "other files"]


def thread_stack_pointers(pid):
    """The stack pointer of each of `pid`'s threads blocked in a system call
    (/proc/PID/task/TID/syscall, sixth field; readable by the process's owner)."""
    pointers = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return pointers
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/syscall") as source:
                fields = source.read().split()
        except OSError:
            continue
        if len(fields) >= 8 and fields[0] not in ("running", "-1"):
            pointers.append(int(fields[-2], 16))
    return pointers


def mappings(pid):
    """Each mapping of `pid` as (start, end, permissions, path, fields in KiB)."""
    result = []
    current = None
    with open(f"/proc/{pid}/smaps") as source:
        for line in source:
            parts = line.split()
            if not parts:
                continue
            if "-" in parts[0] and not parts[0].endswith(":"):
                start, end = (int(value, 16) for value in parts[0].split("-"))
                path = " ".join(parts[5:]) if len(parts) > 5 else ""
                current = (start, end, parts[1], path, {})
                result.append(current)
            elif current is not None and parts[0].endswith(":") and len(parts) >= 2 and parts[1].isdigit():
                current[4][parts[0][:-1]] = int(parts[1])
    return result


def kind(mapping, executable, stacks, after_binary):
    """The kind of a mapping's pages; the binary's written pages (its
    relocated data, globals, .bss) are counted apart by `breakdown`."""
    start, end, permissions, path, _ = mapping
    if path == executable:
        return "binary code" if "x" in permissions else "binary data from the file"
    if path == "[heap]":
        return "heap"
    if path == "[stack]" or any(start <= pointer < end for pointer in stacks):
        return "thread stacks"
    if path == "" and after_binary:
        return "binary written data"  # the .bss past the file's end
    if path == "" or path.startswith("[anon"):
        return "other anonymous"
    if path.startswith("["):
        return "other files"  # vdso, vvar, vsyscall
    name = os.path.basename(path)
    if name.startswith("libc.so") or name.startswith("ld-linux"):
        return "libc"
    if ".so" in name:
        return "other libraries"
    return "other files"


def breakdown(pid):
    """{kind: {"pss": KiB, "rss": KiB, "mappings": n}} for `pid`, or None when gone.
    The binary is the process's own executable: its code, its data read
    from the file (shared with the page cache while unwritten), and its
    written data, the pages relocated or written since the start (the
    loader's relocations of a PIE, the runtime's and the program's
    globals, the .bss)."""
    try:
        executable = os.path.realpath(f"/proc/{pid}/exe")
        stacks = thread_stack_pointers(pid)
        found = mappings(pid)
    except OSError:
        return None
    totals = {name: {"pss": 0, "rss": 0, "mappings": 0} for name in KINDS}
    previous_end, previous_path = None, None
    for mapping in found:
        start, _, _, path, fields = mapping
        name = kind(mapping, executable, stacks, previous_end == start and previous_path == executable)
        pss, rss = fields.get("Pss", 0), fields.get("Rss", 0)
        if path == executable:
            # Pages of the binary written since the start (relocations,
            # globals) are private copies, shared with no one unless forked.
            written = fields.get("Anonymous", 0)
            totals["binary written data"]["pss"] += written
            totals["binary written data"]["rss"] += fields.get("Anonymous", 0)
            pss, rss = pss - written, rss - fields.get("Anonymous", 0)
        entry = totals[name]
        entry["pss"] += pss
        entry["rss"] += rss
        entry["mappings"] += 1
        previous_end, previous_path = mapping[1], path
    return totals


def threads(pid):
    """How many threads `pid` runs."""
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return None


def table(rows):
    """A Markdown table of breakdowns: rows is [(name, breakdown)], one
    column per process, PSS in MiB per kind and the total."""
    lines = ["| PSS, MiB | " + " | ".join(name for name, _ in rows) + " |",
             "| --- |" + " ---: |" * len(rows)]
    for name in KINDS:
        if all((found or {}).get(name, {}).get("pss", 0) == 0 for _, found in rows):
            continue
        cells = [f"{found[name]['pss'] / 1024:.2f}" if found else "-" for _, found in rows]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    totals = [f"{sum(entry['pss'] for entry in found.values()) / 1024:.2f}" if found else "-" for _, found in rows]
    lines.append("| total | " + " | ".join(totals) + " |")
    return "\n".join(lines)


def run_settled(program, marker, settle, columns, lines, inspect, cwd=None):
    """Runs `program` in a pseudo-terminal until `marker` is on its screen
    and `settle` seconds more, returns `inspect(pid)` and quits it."""
    import pty_driver
    term = pty_driver.Terminal(program, columns, lines, cwd=cwd)
    try:
        seen = bytearray()
        deadline = time.perf_counter() + pty_driver.STARTUP_TIMEOUT
        while marker.encode() not in seen:
            if time.perf_counter() > deadline:
                raise pty_driver.Lost(f"no {marker!r}")
            seen += term._read(deadline - time.perf_counter())
        end = time.perf_counter() + settle
        while time.perf_counter() < end:
            term._read(end - time.perf_counter())
        return inspect(term.process.pid)
    finally:
        term.quit()


def measure(program, options):
    """(threads, breakdown) of `program` once settled (run_settled)."""
    return run_settled(program, options.marker, options.settle, options.columns, options.lines,
                       lambda pid: (threads(pid), breakdown(pid)), cwd=options.cwd)


def median_breakdown(found):
    """The median of each kind's PSS over several breakdowns of one program."""
    result = {}
    for name in KINDS:
        values = sorted(entry[name]["pss"] for entry in found)
        result[name] = {"pss": values[len(values) // 2], "rss": 0, "mappings": 0}
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marker", required=True)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--lines", type=int, default=24)
    parser.add_argument("--settle", type=float, default=1.0)
    parser.add_argument("--cwd")
    parser.add_argument("--against", action="append", default=[], metavar="BINARY",
                        help="another build of the program, run with the same arguments in interleaved rounds")
    parser.add_argument("--rounds", type=int, default=1, help="rounds; the table shows each kind's median")
    parser.add_argument("program", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    program = args.program[1:] if args.program[:1] == ["--"] else args.program
    # Builds compared in one run, in alternating order each round: the
    # machine's load and the other processes sharing libraries change
    # between runs, so only figures from the same rounds compare.
    builds = [program[0]] + args.against
    found = {build: [] for build in builds}
    for round_number in range(args.rounds):
        for build in builds if round_number % 2 == 0 else builds[::-1]:
            count, where = measure([build] + program[1:], args)
            found[build].append(where)
            print(f"{build}: round {round_number + 1}, {count} threads, "
                  f"{sum(entry['pss'] for entry in where.values()) / 1024:.2f} MiB", file=sys.stderr)
    names = [build if len(builds) > len(set(map(os.path.basename, builds))) else os.path.basename(build)
             for build in builds]
    print(table([(name, median_breakdown(found[build])) for name, build in zip(names, builds)]))


if __name__ == "__main__":
    main()
