#!/usr/bin/env python3
"""`catalog serve` under connection churn, and a served session under TSan.

soak (default): `catalog serve` (ssh.py's Server: a fresh data directory and
a client key) with OpenSSH clients on pseudo-terminals started at a steady
rate for --minutes (SOAK_MINUTES): each connects, waits for the list, types,
is resized, then leaves one of three ways: `q` (quit), its terminal closed
(a hang-up), or `kill -9` of the ssh client. At the end of each minute new
clients stop for a moment, the ones in flight finish, and the server's
RSS/PSS, open descriptors, threads and child processes are sampled. Fails
unless they are flat after warm-up (minute 2 to the end):

  PSS and RSS at most --rss-tolerance (default 15%) above minute 2;
  descriptors and threads at most minute 2's + 2; no child left.

--sessions-check N: the server (built with --sanitize=thread, say) serves a
round of N concurrent sessions (connect, keys, resize, disconnect), then is
shut down with SIGTERM; with TSAN_OPTIONS log_path set, `make serve-tsan`
then checks that no report was written.

Usage: Benchmarks/soak_server.py --app PATH [--minutes 10] [--rate 2]
       Benchmarks/soak_server.py --app PATH --sessions-check 20
"""

import argparse
import os
import random
import signal
import struct
import subprocess
import sys
import termios
import fcntl
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import pty_driver  # noqa: E402
import ssh  # noqa: E402  (the server)
import ssh_scale  # noqa: E402  (PSS from smaps_rollup)
from soak_app import flat  # noqa: E402

ROWS = 1_000
MARKER = f"{ROWS:,} items".encode()


def resize(term, columns, lines):
    """A new size on the client's terminal: the kernel sends ssh SIGWINCH."""
    fcntl.ioctl(term.master, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))


def one_session(server, ending, outcomes, lock, rng):
    """Connect, paint, keys, resize, then leave by `ending`; records the outcome."""
    outcome = "ok"
    term = None
    try:
        term = pty_driver.Terminal(server.ssh_argv(), 80, 24)
        term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=MARKER)
        # Home -> the list (its first title), then keys that each redraw.
        term.press(pty_driver.KEYS["enter"], until=catalog_titles.title(0).encode(), first_timeout=30)
        for key in ("down", "down", "pgdn", "enter", "esc", "down"):
            term.press(pty_driver.KEYS[key], first_timeout=30)
        resize(term, rng.choice([60, 100, 132]), rng.choice([20, 30, 40]))
        term.response(time.perf_counter(), first_timeout=20)
        if ending == "quit":
            term.quit()
            term = None
        elif ending == "hangup":
            os.close(term.master)
            term.process.wait(timeout=20)
            term = None
        else:
            term.process.send_signal(signal.SIGKILL)
            term.process.wait(timeout=20)
            os.close(term.master)
            term = None
    except (pty_driver.Lost, OSError, subprocess.TimeoutExpired) as error:
        outcome = f"lost: {error}"
    finally:
        if term is not None:
            term.process.kill()
            term.process.wait()
            try:
                os.close(term.master)
            except OSError:
                pass
    with lock:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1


def count_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def sample(server):
    memory = ssh_scale.smaps(server.process.pid) or {"pss": -1, "rss": -1}
    threads = pty_driver.proc_status(server.process.pid, "Threads")
    return memory["pss"], memory["rss"], count_fds(server.process.pid), threads, len(server.apps())


def settle(server, threads, seconds=30):
    """Waits for the sessions in flight to end and their apps to be reaped."""
    for thread in threads:
        thread.join(timeout=seconds)
    deadline = time.time() + seconds
    while server.apps() and time.time() < deadline:
        time.sleep(0.2)


def soak(args):
    # One address (127.0.0.1) opens every session: its own caps are lifted.
    server = ssh.Server(args.app, ROWS, ["--max-sessions", "64", "--max-sessions-per-address", "64",
                                         "--max-pending-per-address", "100", "--input-grace", "86400",
                                         "--early-drop", "64:30", "--grace-period", "1"])
    rng = random.Random(args.seed)
    outcomes, lock = {}, threading.Lock()
    rows = []
    started = time.monotonic()
    endings = ["quit", "hangup", "kill"]
    try:
        print(f"soak (server): {args.minutes} min, {args.rate} connections/s, {ROWS:,} rows, pid {server.process.pid}")
        print(f"{'minute':>6} {'sessions':>8} {'PSS MiB':>8} {'RSS MiB':>8} {'fds':>4} {'threads':>7} {'children':>8}")
        total = 0
        for minute in range(1, args.minutes + 1):
            threads = []
            minute_end = started + 60 * minute - args.settle
            while time.monotonic() < minute_end:
                thread = threading.Thread(target=one_session, daemon=True,
                                          args=(server, endings[total % 3], outcomes, lock, random.Random(rng.random())))
                thread.start()
                threads.append(thread)
                total += 1
                time.sleep(1.0 / args.rate)
            settle(server, threads)
            pss, rss, fds, thread_count, children = sample(server)
            rows.append((f"minute {minute}", pss, fds, thread_count, rss, children))
            print(f"{minute:>6} {total:>8} {pss / 1024:>8.1f} {rss / 1024:>8.1f} {fds:>4} {thread_count:>7} {children:>8}",
                  flush=True)
            while time.monotonic() < started + 60 * minute:
                time.sleep(0.1)
        print(f"sessions: {total}, outcomes: {dict(sorted(outcomes.items()))}")
    finally:
        server.stop()
    after_warmup = rows[1:] if len(rows) > 2 else rows
    ok, reason = flat(after_warmup, 1 / len(after_warmup), args.rss_tolerance, memory="PSS")
    rss_rows = [(label, rss, fds, threads) for label, _, fds, threads, rss, _ in after_warmup]
    rss_ok, rss_reason = flat(rss_rows, 1 / len(rss_rows), args.rss_tolerance)
    left = [row for row in rows if row[5] != 0]
    lost = sum(count for outcome, count in outcomes.items() if outcome != "ok")
    print(f"soak (server): {reason}; {rss_reason.split(': ', 1)[-1]}")
    if left:
        print(f"soak (server): children left after settling: {[(row[0], row[5]) for row in left]}", file=sys.stderr)
    if lost > total * 0.02:
        print(f"soak (server): {lost} of {total} sessions were lost", file=sys.stderr)
    return 0 if ok and rss_ok and not left and lost <= total * 0.02 else 1


def sessions_check(args):
    server = ssh.Server(args.app, ROWS, ["--max-sessions", str(args.sessions_check * 2),
                                         "--max-per-address", str(args.sessions_check * 2),
                                         "--max-sessions-per-address", str(args.sessions_check * 2),
                                         "--max-pending-per-address", str(args.sessions_check * 2),
                                         "--input-grace", "86400",
                                         "--early-drop", f"{args.sessions_check * 2}:30"])
    outcomes, lock = {}, threading.Lock()
    try:
        threads = [threading.Thread(target=one_session, daemon=True,
                                    args=(server, ["quit", "hangup", "kill"][index % 3], outcomes, lock,
                                          random.Random(index)))
                   for index in range(args.sessions_check)]
        for thread in threads:
            thread.start()
        settle(server, threads, seconds=180)
        print(f"sessions-check: {args.sessions_check} concurrent sessions, outcomes: {outcomes}")
        # One more session left open across the shutdown: SIGTERM hangs it up.
        term = pty_driver.Terminal(server.ssh_argv(), 80, 24)
        term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=MARKER)
        server.process.terminate()
        status = server.process.wait(timeout=60)
        term.process.wait(timeout=30)
        os.close(term.master)
        print(f"sessions-check: server stopped with status {status}")
    finally:
        server.stop()
    return 0 if outcomes.get("ok", 0) == args.sessions_check else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", required=True)
    parser.add_argument("--minutes", type=int, default=int(os.environ.get("SOAK_MINUTES", "10")))
    parser.add_argument("--rate", type=float, default=1.0, help="new connections a second")
    parser.add_argument("--settle", type=float, default=12.0, help="seconds at the end of each minute without new clients")
    parser.add_argument("--rss-tolerance", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sessions-check", type=int, default=0)
    args = parser.parse_args()
    if args.sessions_check:
        return sessions_check(args)
    if args.minutes < 3:
        print("soak (server): at least 3 minutes (minute 2 is the warm-up baseline)", file=sys.stderr)
        return 2
    return soak(args)


if __name__ == "__main__":
    sys.exit(main())
