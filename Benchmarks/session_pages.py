#!/usr/bin/env python3
"""Which of a process's writable data pages it holds alone, named by their symbols.

For a session app forked from a session template (or any process of a
binary): every page of the binary's `.data` and `.bss` that is present and
mapped by this process only (/proc/PID/pagemap bit 56, "exclusively
mapped"; needs root) is named by the symbols that start in it (`nm` of the
binary). Pages a forked child never wrote are still shared with its
template; the ones listed were written after the fork. Usage:

  sudo Benchmarks/session_pages.py PID [--most 40]
"""

import argparse
import bisect
import collections
import os
import struct
import subprocess

PAGE = 4096


def data_regions(pid, binary):
    """The binary's writable mappings and the anonymous one right after them (.bss), and the load base."""
    regions, base = [], None
    with open(f"/proc/{pid}/maps") as maps:
        rows = [line.split() for line in maps]
    for index, parts in enumerate(rows):
        low, high = (int(x, 16) for x in parts[0].split("-"))
        path = parts[5] if len(parts) > 5 else ""
        if path == binary and base is None:
            base = low - int(parts[2], 16)
        if path == binary and "w" in parts[1]:
            regions.append((low, high))
            if index + 1 < len(rows) and len(rows[index + 1]) == 5:
                following = [int(x, 16) for x in rows[index + 1][0].split("-")]
                if following[0] == high:
                    regions.append(tuple(following))
    return regions, base


def private_pages(pid, regions):
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for low, high in regions:
            for page in range(low, high, PAGE):
                pagemap.seek(page // PAGE * 8)
                entry = struct.unpack("<Q", pagemap.read(8))[0]
                if entry >> 63 & 1 and entry >> 56 & 1:
                    pages.append(page)
    return pages


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pid", type=int)
    parser.add_argument("--most", type=int, default=40)
    args = parser.parse_args()
    binary = os.readlink(f"/proc/{args.pid}/exe")
    regions, base = data_regions(args.pid, binary)
    pages = private_pages(args.pid, regions)
    symbols = []
    listing = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "bBdDsS":
            symbols.append((int(parts[0], 16), parts[2]))
    starts = [address for address, _ in symbols]
    named = collections.Counter()
    for page in pages:
        offset = page - base
        first = max(bisect.bisect_right(starts, offset) - 1, 0)
        last = bisect.bisect_left(starts, offset + PAGE)
        names = sorted({symbols[i][1][:70] for i in range(first, min(last, len(symbols)))})[:3]
        named[" | ".join(names)] += PAGE // 1024
    print(f"{len(pages) * PAGE // 1024} KiB of {binary}'s .data and .bss held by {args.pid} alone")
    for names, kib in named.most_common(args.most):
        print(f"{kib:>5} KiB  {names}")


if __name__ == "__main__":
    main()
