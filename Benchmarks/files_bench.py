#!/usr/bin/env python3
"""`files` (Examples/Files) against nnn, through a real pseudo-terminal.

Generates directories of 1,000 and 100,000 empty files (plus one
subdirectory, `aaa-sub`, with a few files), then runs the release `files`
binary and nnn alternately, round after round, at 80x24, and measures from
outside the process:

  * first frame: spawn -> the first screen (for `files`, its "Reading
    entries" line or the names; for nnn, the names: it paints once read);
  * first names: spawn -> the first file names on the terminal; and
    spawn -> the sorted listing, every entry read (`files`' position "1/N"
    shows N; `files` shows no name before the listing is sorted);
  * Down: latency (write of the key -> last byte of the answer) and bytes;
  * Enter into the subdirectory (Right in both), back to the parent (Left);
  * filter, one character (after `/`);
  * peak RSS (VmHWM) and PSS (/proc/PID/smaps_rollup) just before quitting,
    and the goal line: PSS at 100,000 entries within 1.5x of nnn's.

An answer is over when the terminal has been quiet for pty_driver.QUIET seconds after
its last byte (and after an expected marker appeared); the latency is
stamped at the last byte. Goals are printed, never asserted.

Python 3 standard library only; the terminal is pty_driver's (as Benchmarks/run.py's).

  Benchmarks/files_bench.py --app PATH --nnn /usr/bin/nnn [--baseline PATH] [--rounds 3] [--out FILE] [--quick]

--baseline adds another `files` build (an older commit) to the same
interleaved rounds, so a change is measured against it on the same load.
"""

import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memory_map  # noqa: E402
import pty_driver  # noqa: E402

TIMEOUT = 30.0
KEYS = {
    "down": b"\x1bOB", "right": b"\x1bOC", "left": b"\x1bOD", "home": b"\x1bOH",
    "slash": b"/", "esc": b"\x1b", "quit": b"q",
}
SIZES = [1_000, 100_000]
COLUMNS, LINES = 80, 24


Lost = pty_driver.Lost


def kib(pid, path, field):
    try:
        with open(f"/proc/{pid}/{path}") as source:
            for line in source:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class Terminal(pty_driver.Terminal):
    """The bench's terminal (pty_driver's), with the app's state and
    bookmarks kept in the session's own home, and a wait for the first of
    several markers (the first frame)."""

    def __init__(self, argv, cwd, home):
        super().__init__(argv, COLUMNS, LINES, cwd=cwd, home=home,
                         extra_env={"XDG_STATE_HOME": home, "XDG_CONFIG_HOME": home})

    def first(self, since, markers, timeout=TIMEOUT):
        """Seconds from `since` to the read that brought any of `markers`."""
        # The transcript's tail too: a marker may straddle two reads.
        out = bytearray(self.transcript[-64:])
        kept = len(out)
        deadline = time.perf_counter() + timeout
        while not any(marker in out for marker in markers):
            left = deadline - time.perf_counter()
            if left <= 0:
                raise Lost(f"none of {markers!r} in {timeout:.0f} s")
            data = self._read(left)
            if data:
                out += data
        self.transcript += out[kept:]
        return time.perf_counter() - since

    def press(self, key, until=None):
        return super().press(key, until=until, first_timeout=TIMEOUT)


def generate(base, count):
    path = os.path.join(base, f"d{count}")
    if os.path.isdir(path) and len(os.listdir(path)) == count + 1:
        return path
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(os.path.join(path, "aaa-sub"))
    for index in range(5):
        open(os.path.join(path, "aaa-sub", f"inner-{index}.txt"), "w").close()
    for index in range(count):
        os.close(os.open(os.path.join(path, f"file-{index:06d}.txt"), os.O_CREAT | os.O_WRONLY, 0o644))
    return path


def session(kind, binary, directory, count, downs, results):
    home = tempfile.mkdtemp(prefix="files-bench-home-")
    argv = [binary, "-d"] if kind == "nnn" else [binary]
    term = Terminal(argv, directory, home)
    def add(metric, sample):
        seconds, out = sample
        results.setdefault(metric, []).append((seconds, len(out) if isinstance(out, bytes) else out))
    try:
        # "Reading" is what `files` says while it reads (every build measured says it).
        add("first_frame", (term.first(term.started, [b"Reading", b"file-"]), 0))
        if b"file-" not in term.transcript:
            add("first_paint", (term.first(term.started, [b"file-"]), 0))
        else:
            add("first_paint", results["first_frame"][-1])
        # nnn paints once everything is read; `files` shows N in "1/N" once sorted.
        seconds = results["first_paint"][-1][0]
        # The position is "1/1001" or, since counts are grouped, "1/1,001".
        totals = [f"/{count + 1}".encode(), f"/{count + 1:,}".encode()]
        if kind != "nnn" and not any(total in term.transcript for total in totals):
            seconds = term.first(term.started, totals)
        add("all_read", (seconds, 0))
        term.drain()
        for _ in range(downs):
            add("down", term.press(KEYS["down"]))
        os.write(term.master, KEYS["home"])
        term.drain()
        add("enter", term.press(KEYS["right"], until=b"inner-"))
        term.drain()
        add("back", term.press(KEYS["left"], until=b"file-"))
        term.drain()
        os.write(term.master, KEYS["slash"])
        term.drain()
        add("filter", term.press(b"7"))
        os.write(term.master, KEYS["esc"])
        term.drain()
        pid = term.process.pid
        add("rss", (kib(pid, "status", "VmHWM") or 0, 0))
        add("pss", (kib(pid, "smaps_rollup", "Pss") or 0, 0))
        results["map"] = memory_map.breakdown(pid)  # the last round's
    finally:
        term.quit()
        shutil.rmtree(home, ignore_errors=True)


def p50(samples, index=0):
    return statistics.median([s[index] for s in samples]) if samples else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--nnn", default=shutil.which("nnn") or "/usr/bin/nnn")
    parser.add_argument("--baseline", help="another files binary, measured in the same rounds")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", default="bench-results/files.md")
    parser.add_argument("--data", default=os.path.join(tempfile.gettempdir(), "files-bench-data"))
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if not os.access(args.nnn, os.X_OK):
        print(f"nnn not found at {args.nnn}", file=sys.stderr)
        return 1
    rounds = 2 if args.quick else args.rounds
    downs = 5 if args.quick else 20
    started = datetime.datetime.now(datetime.timezone.utc)
    os.makedirs(args.data, exist_ok=True)
    table = {}
    programs = [("files", args.app), ("nnn", args.nnn)]
    if args.baseline:
        programs.insert(1, ("baseline", args.baseline))
    for count in SIZES:
        directory = generate(args.data, count)
        for kind, _ in programs:
            table[(count, kind)] = {}
        for round_index in range(rounds):
            for kind, binary in programs if round_index % 2 == 0 else list(reversed(programs)):
                try:
                    session(kind, binary, directory, count, downs, table[(count, kind)])
                except Lost as error:
                    print(f"{kind} {count}: {error}", file=sys.stderr)
        print(f"measured {count:,} entries", file=sys.stderr)
    lines = []
    add = lines.append
    add(f"# files vs nnn ({started:%Y-%m-%d %H:%M} UTC)")
    add("")
    add(f"- {platform.platform()}, {os.cpu_count()} CPUs; nnn {subprocess.run([args.nnn, '-V'], capture_output=True, text=True).stdout.strip()}")
    add(f"- real pty {COLUMNS}x{LINES}, TERM=xterm-256color, LANG=C.UTF-8; {rounds} interleaved rounds; p50; "
        f"{downs} Downs a session; nnn run with -d (detail columns, like files)")
    add("")
    add("| 80x24 | " + " | ".join(f"{c:,} entries: files / nnn" for c in SIZES) + " |")
    add("| --- | " + " | ".join("---" for _ in SIZES) + " |")

    def row(label, metric, with_bytes=False, unit="ms", against="nnn"):
        cells = []
        for count in SIZES:
            a, n = table[(count, "files")].get(metric, []), table[(count, against)].get(metric, [])
            if unit == "ms":
                text = f"{p50(a) * 1000:.1f} / {p50(n) * 1000:.1f} ms"
                if p50(n) > 0:
                    text += f" ({p50(a) / p50(n):.2f}x)"
                if with_bytes:
                    text += f", {p50(a, 1):.0f} / {p50(n, 1):.0f} bytes"
            else:
                text = f"{max(s[0] for s in a) / 1024:.1f} / {max(s[0] for s in n) / 1024:.1f} MB" if a and n else "-"
            cells.append(text)
        add(f"| {label} | " + " | ".join(cells) + " |")

    row("start -> first frame (files: \"Reading entries\" or names)", "first_frame")
    row("start -> first names painted", "first_paint")
    row("start -> sorted listing, every entry read (nnn: same as painted)", "all_read")
    row("Down", "down", with_bytes=True)
    row("Enter (Right) into a subdirectory", "enter", with_bytes=True)
    row("back (Left) to the parent", "back", with_bytes=True)
    row("filter, one character", "filter", with_bytes=True)
    row("peak RSS (VmHWM, max)", "rss", unit="mb")
    row("PSS before quitting (max)", "pss", unit="mb")
    # The goal (issue 40): PSS at 100,000 entries within 1.5x of nnn's; and
    # what the listing itself costs, the PSS above the 1,000-entry session's.
    def pss(count, kind):
        samples = table[(count, kind)].get("pss", [])
        return max(s[0] for s in samples) / 1024 if samples else float("nan")
    large, small = SIZES[-1], SIZES[0]
    ratio = pss(large, "files") / pss(large, "nnn") if pss(large, "nnn") > 0 else float("nan")
    add("")
    add(f"Memory goal: PSS at {large:,} entries within 1.5x of nnn's: {pss(large, 'files'):.1f} / "
        f"{pss(large, 'nnn'):.1f} MB = {ratio:.2f}x, {'met' if ratio <= 1.5 else 'not met'}. "
        f"The listing's own share (PSS at {large:,} minus at {small:,}): "
        f"{pss(large, 'files') - pss(small, 'files'):.1f} / {pss(large, 'nnn') - pss(small, 'nnn'):.1f} MB.")
    # Where it goes (Benchmarks/memory_map.py): the binary's pages, the
    # heap, the stacks, the libraries; the last round of each session.
    columns = [(f"{kind} {count:,}", table[(count, kind)].get("map")) for kind in ("files", "nnn") for count in SIZES]
    add("")
    add("Where the PSS goes before quitting (the last round):")
    add("")
    add(memory_map.table(columns))
    if args.baseline:
        add("")
        add(f"Against the baseline build `{args.baseline}`, same rounds:")
        add("")
        add("| 80x24 | " + " | ".join(f"{c:,} entries: files / baseline" for c in SIZES) + " |")
        add("| --- | " + " | ".join("---" for _ in SIZES) + " |")
        row("start -> first frame", "first_frame", against="baseline")
        row("start -> first names painted", "first_paint", against="baseline")
        row("start -> sorted listing, every entry read", "all_read", against="baseline")
        row("Down", "down", with_bytes=True, against="baseline")
        row("Enter (Right) into a subdirectory", "enter", with_bytes=True, against="baseline")
        row("back (Left) to the parent", "back", with_bytes=True, against="baseline")
        row("filter, one character", "filter", with_bytes=True, against="baseline")
        row("peak RSS (VmHWM, max)", "rss", unit="mb", against="baseline")
        row("PSS before quitting (max)", "pss", unit="mb", against="baseline")
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
