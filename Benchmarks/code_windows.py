#!/usr/bin/env python3
"""Which 64 KiB windows of a running binary's code are mapped, and what
lies in them: the pages of the executable's mappings present in the
process (/proc/PID/pagemap; needs root), grouped by the window the
kernel's fault-around maps at once, each window named by the input
objects the linker placed there (a gold link map, `-Xlinker -Map=FILE`)
and, with a callgrind output of the same binary, by the functions the
process ran in it.

Why: a static Swift binary's loop keeps megabytes of code mapped though
it runs a few hundred kilobytes of it, because every page it touches
brings its whole 64 KiB window (Benchmarks/HISTORY.md, "A process's fixed
memory"). This says which objects' windows stay mapped and which
functions keep them.

  sudo Benchmarks/code_windows.py --map top.map --marker COMMAND --settle 20 \\
      [--callgrind callgrind.out] -- .build-release/top-sections/release/top --delay 1

runs the program in a pseudo-terminal at 120x40, waits for MARKER and
SETTLE seconds, reads its pages and quits it (q). Python 3 standard
library and binutils' readelf."""

import argparse
import bisect
import collections
import os
import re
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

PAGE = 4096
WINDOW = 64 * 1024


def present_pages(pid, path):
    """The binary's file-backed pages present in `pid`, as ELF virtual
    addresses, with the mapping's permissions: {vaddr: perms}."""
    pages = {}
    with open(f"/proc/{pid}/maps") as maps:
        rows = [line.split() for line in maps]
    base = None
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for parts in rows:
            if len(parts) < 6 or parts[5] != path:
                continue
            low, high = (int(x, 16) for x in parts[0].split("-"))
            offset = int(parts[2], 16)
            if base is None:
                base = low - offset
            pagemap.seek(low // PAGE * 8)
            data = pagemap.read((high - low) // PAGE * 8)
            for index, (entry,) in enumerate(struct.iter_unpack("<Q", data)):
                # bit 63: present; bit 61: file page or shared anonymous (not a private copy)
                if entry >> 63 & 1 and entry >> 61 & 1:
                    pages[low - base + index * PAGE] = parts[1]
    return pages


def sections(binary):
    """[(start, end, name)] of the binary's allocated sections."""
    found = []
    output = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]{16})\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*A\S*)", line)
        if match and int(match.group(2), 16):
            start = int(match.group(2), 16)
            found.append((start, start + int(match.group(3), 16), match.group(1)))
    return sorted(found)


def component(archive_member):
    """A short name for an input object of the link map."""
    name = os.path.basename(archive_member)
    match = re.match(r"lib(\w+)\.a\((.+)\)", name)
    if match:
        library, member = match.groups()
        if library == "swiftCore":
            return "stdlib Swift.o" if member == "Swift.o" else "runtime (C++)"
        return library
    match = re.search(r"/([^/]+)\.build/", archive_member)
    return match.group(1) if match else name


def link_map(path):
    """[(start, end, input object, input section)] of the .text input
    sections a gold link map (-Map) lists."""
    found = []
    pending = None
    entry = re.compile(r"\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
    with open(path, errors="replace") as source:
        for line in source:
            if line.startswith(" .text"):
                parts = line.split()
                pending = parts[0]
                if len(parts) >= 4:
                    try:
                        start, size = int(parts[1], 16), int(parts[2], 16)
                        if size and start:  # address 0: a section the link discarded
                            found.append((start, start + size, component(" ".join(parts[3:])), pending))
                        pending = None
                    except ValueError:
                        pass
                continue
            if pending:
                match = entry.match(line)
                if match:
                    start, size = int(match.group(1), 16), int(match.group(2), 16)
                    if size and start:
                        found.append((start, start + size, component(match.group(3)), pending))
                pending = None
    return sorted(found)


def ran(callgrind_output, binary):
    """The addresses in `binary` of the functions of the executable a
    callgrind output counts (by symbol name, through nm: callgrind may
    have run a stripped copy of another name)."""
    import link_order
    symbols = {}
    output = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            symbols.setdefault(parts[2], int(parts[0], 16))
    return sorted({(symbols[name], name) for name in link_order.functions(callgrind_output) if name in symbols})


def main():
    import memory_map
    parser = argparse.ArgumentParser()
    parser.add_argument("--map", required=True, help="the binary's gold link map (-Xlinker -Map=FILE)")
    parser.add_argument("--marker", required=True)
    parser.add_argument("--settle", type=float, default=20)
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--lines", type=int, default=40)
    parser.add_argument("--callgrind", help="a callgrind output of the loop, to name the functions run per window")
    parser.add_argument("--most", type=int, default=8, help="functions named per window")
    parser.add_argument("program", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    program = options.program[1:] if options.program[:1] == ["--"] else options.program
    binary = os.path.realpath(program[0])
    pages = memory_map.run_settled(program, options.marker, options.settle, options.columns, options.lines,
                                   lambda pid: present_pages(pid, binary))
    code = {address for address, perms in pages.items() if "x" in perms}
    inputs = link_map(options.map)
    starts = [start for start, _, _, _ in inputs]
    functions = ran(options.callgrind, binary) if options.callgrind else []

    def owner(address):
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < inputs[index][1]:
            _, _, name, section = inputs[index]
            # An object's plain .text holds what the compiler did not give a
            # section of its own: no link order can move it.
            return f"{name} (.text)" if section == ".text" else name
        for start, end, name in sections(binary):
            if start <= address < end:
                return name
        return "?"

    by_owner = collections.Counter(owner(address) for address in code)
    windows = sorted({address // WINDOW for address in code})
    print(f"{len(code)} code pages present ({len(code) * PAGE / 2**20:.2f} MiB) in {len(windows)} windows of 64 KiB\n")
    print("| pages present, by input object | pages | MiB |\n| --- | ---: | ---: |")
    for name, count in by_owner.most_common():
        print(f"| {name} | {count} | {count * PAGE / 2**20:.2f} |")
    print("\n| window | pages | objects | functions run there |\n| --- | ---: | --- | --- |")
    for window in windows:
        here = [address for address in code if address // WINDOW == window]
        owners = collections.Counter(owner(address) for address in here)
        run_here = [name for address, name in functions if address // WINDOW == window]
        shown = ", ".join(run_here[:options.most]) + (f" (+{len(run_here) - options.most})" if len(run_here) > options.most else "")
        print(f"| {window * WINDOW:#x} | {len(here)} | {', '.join(f'{n} {c}' for n, c in owners.most_common(3))} | {len(run_here)}: {shown} |")


if __name__ == "__main__":
    main()
