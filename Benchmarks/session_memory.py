#!/usr/bin/env python3
"""Where a session app's memory goes, per kind of mapping, from /proc/PID/smaps.

Used by ssh_scale.py (`--mappings`): for each sampled session app, every
mapping is put in one kind (the binary's text, its relocated read-only
data, its writable data, heap, other anonymous memory, the main stack,
libc, libstdc++, the other shared libraries, files such as terminfo and
locales) and its PSS and private KiB (clean + dirty) are summed per kind.
The report is the median over the sampled apps, per kind.
"""

import os
import statistics

KINDS = [
    ("text", "the binary's text (r-xp)"),
    ("rodata", "the binary's read-only data, relocated (.data.rel.ro, GOT; r--p)"),
    ("data", "the binary's writable data (rw-p: .data, .bss)"),
    ("heap", "heap ([heap], malloc)"),
    ("anon", "other anonymous memory (thread stacks, malloc arenas, the runtime's)"),
    ("stack", "main stack ([stack])"),
    ("libc", "libc, libm, ld.so"),
    ("libstdcxx", "libstdc++, libgcc_s"),
    ("libs", "ncurses, SQLite, zlib, other libraries"),
    ("files", "files (terminfo, locale, ...)"),
    ("kernel", "vdso, vvar"),
]


def kind_of(path, permissions, binary):
    if path == binary:
        if "x" in permissions:
            return "text"
        return "data" if "w" in permissions else "rodata"
    if path == "[heap]":
        return "heap"
    if path == "[stack]":
        return "stack"
    if path in ("[vdso]", "[vvar]", "[vsyscall]"):
        return "kernel"
    if not path or path.startswith("["):
        return "anon"
    name = os.path.basename(path)
    if name.startswith(("libc.so", "libm.so", "ld-linux", "libpthread", "libdl.so", "librt.so")):
        return "libc"
    if name.startswith(("libstdc++", "libgcc_s")):
        return "libstdcxx"
    if ".so" in name:
        return "libs"
    return "files"


def breakdown(pid):
    """{kind: (pss KiB, private KiB)} of `pid`, or None when it is gone."""
    try:
        binary = os.readlink(f"/proc/{pid}/exe")
        with open(f"/proc/{pid}/smaps") as smaps:
            text = smaps.read()
    except OSError:
        return None
    totals = {kind: [0, 0] for kind, _ in KINDS}
    current = None
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if not parts[0].endswith(":") or "-" in parts[0]:
            # A mapping's header: address perms offset dev inode [path]
            path = " ".join(parts[5:]) if len(parts) > 5 else ""
            if path.endswith(" (deleted)"):
                path = path[: -len(" (deleted)")]
            current = kind_of(path, parts[1], binary)
            continue
        if current is None or len(parts) < 2 or not parts[1].isdigit():
            continue
        if parts[0] == "Pss:":
            totals[current][0] += int(parts[1])
        elif parts[0] in ("Private_Clean:", "Private_Dirty:"):
            totals[current][1] += int(parts[1])
    return {kind: tuple(values) for kind, values in totals.items()}


def median_breakdown(pids, limit=20):
    """The median per kind over up to `limit` of `pids`: {kind: (pss, private)}."""
    samples = [b for b in (breakdown(pid) for pid in pids[:limit]) if b]
    if not samples:
        return {}
    return {kind: (statistics.median(s[kind][0] for s in samples), statistics.median(s[kind][1] for s in samples))
            for kind, _ in KINDS}


def table(columns):
    """Markdown rows: one per kind, a PSS / private pair per column.
    `columns` is [(title, median_breakdown result)]."""
    lines = ["| mapping | " + " | ".join(f"{title}: PSS / private KiB" for title, _ in columns) + " |",
             "| --- |" + " ---: |" * len(columns)]
    for kind, label in KINDS:
        cells = []
        for _, figures in columns:
            pss, private = figures.get(kind, (0, 0))
            cells.append(f"{pss:,.0f} / {private:,.0f}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    sums = []
    for _, figures in columns:
        sums.append(f"**{sum(v[0] for v in figures.values()):,.0f} / {sum(v[1] for v in figures.values()):,.0f}**")
    lines.append("| **sum of the medians** | " + " | ".join(sums) + " |")
    return lines
