#!/usr/bin/env python3
"""The next key after a 300 KiB paste over ssh.

Serves the release catalog with `catalog serve` (1,000 generated rows) and
reaches it with Debian's OpenSSH client on a pseudo-terminal, as ssh.py
does. In the list it opens the filter, types `helix` (so the rows shown
differ from the full list), pastes 300 KiB of text in bracketed-paste
markers (`CSI 200 ~` ... `CSI 201 ~`, as a terminal sends a paste to an app
that asked for them) and presses Esc right behind it. Measured: from
writing the Esc to the last byte of the frame that shows the full list
again (its first title), which has to wait for the whole paste to be read,
decoded and handled first. The Esc includes ncurses' 25 ms escape delay.

Reports only; exits non-zero only when it cannot run. Prints one line:

  next key after a 300 KiB paste over ssh: N ms (goal 100 ms)

Usage: Benchmarks/paste.py --app .build-release/release/catalog [--rounds 3]
"""

import argparse
import os
import select
import shutil
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import pty_driver  # noqa: E402
from ssh import Server  # noqa: E402

ROWS = 1_000
COLUMNS, LINES = 80, 24
LINE = b"zebra crossing with a long line of pasted text\n"
PASTE = b"\x1b[200~" + LINE * (300 * 1024 // len(LINE)) + b"\x1b[201~"
GOAL_MS = 100
WRITE_TIMEOUT = 120.0


def write_all(term, data):
    """Writes `data` to the terminal as fast as the other side takes it,
    reading (and dropping) what the program writes meanwhile."""
    view = memoryview(data)
    deadline = time.perf_counter() + WRITE_TIMEOUT
    while view:
        if time.perf_counter() > deadline:
            raise pty_driver.Lost(f"the paste was not taken in {WRITE_TIMEOUT:.0f} s")
        readable, writable, _ = select.select([term.master], [term.master], [], 1.0)
        if readable:
            term._read(0)
        if writable:
            try:
                view = view[os.write(term.master, view[:4096]):]
            except BlockingIOError:
                pass


def one_round(server):
    term = pty_driver.Terminal(server.ssh_argv(), COLUMNS, LINES)
    try:
        term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f"{ROWS:,} items".encode())
        first = catalog_titles.title(0).encode()
        term.press(pty_driver.KEYS["enter"], until=first, first_timeout=pty_driver.STARTUP_TIMEOUT)
        term.press(pty_driver.KEYS["slash"])
        for character in b"helix":
            term.press(bytes([character]))
        term.drain()
        write_all(term, PASTE)
        seconds, _ = term.press(pty_driver.KEYS["esc"], until=first, first_timeout=WRITE_TIMEOUT)
        return seconds
    finally:
        term.quit()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", default=os.path.join(root, ".build-release/release/catalog"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one round")
    args = parser.parse_args()
    args.app = os.path.abspath(args.app)
    if not os.access(args.app, os.X_OK):
        sys.exit(f"bench: {args.app} is missing; run `make bench`")
    if not shutil.which("ssh"):
        sys.exit("bench: the OpenSSH client is missing (apt-get install openssh-client)")
    rounds = 1 if args.quick else args.rounds
    server = Server(args.app, ROWS)
    samples = []
    try:
        for round_ in range(rounds):
            print(f"bench-paste: round {round_ + 1}/{rounds}", file=sys.stderr, flush=True)
            try:
                samples.append(one_round(server))
            except pty_driver.Lost as error:
                print(f"bench-paste:   lost: {error}", file=sys.stderr, flush=True)
    finally:
        server.stop()
    if not samples:
        print("next key after a 300 KiB paste over ssh: lost (goal 100 ms)")
        return
    median = statistics.median(samples) * 1000
    print(f"next key after a 300 KiB paste over ssh: {median:.0f} ms (goal {GOAL_MS} ms)")
    if len(samples) > 1:
        print(f"bench-paste: rounds {', '.join(f'{s * 1000:.0f}' for s in samples)} ms", file=sys.stderr)


if __name__ == "__main__":
    main()
