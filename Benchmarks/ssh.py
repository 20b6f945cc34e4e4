#!/usr/bin/env python3
"""`catalog serve` against the same app run locally: what ssh costs a person.

Drives, through a real pseudo-terminal each, the release app run locally and
the same binary reached through `catalog serve` with Debian's OpenSSH client,
alternately, round after round. Measures per key (Down, PgDn, one filter
character, Enter into detail, Esc back): latency (key write -> last byte the
terminal gets, as in run.py), bytes the terminal gets, and for ssh the bytes
the client reads off the socket (encrypted, with SSH framing: what the network
carries; from /proc/PID/io). Also connect -> Home painted, and memory per
session: each served app's peak RSS, and what the server itself grows by per
session with N sessions open.

Reports only; exits non-zero only when it cannot run. Usage:

  Benchmarks/ssh.py --app .build-release/release/catalog [--rounds 3] [--sessions 10]
                    [--out bench-results/ssh.md]
"""

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import figures  # noqa: E402
import pty_driver  # noqa: E402

ROWS = 1_000
COLUMNS, LINES = 80, 24
METRICS = [
    ("down", "Down", pty_driver.KEYS["down"]),
    ("pgdn", "PgDn", pty_driver.KEYS["pgdn"]),
    ("filter_first", "filter: first character", catalog_titles.FILTER_FIRST),
    ("enter_detail", "Enter into detail", pty_driver.KEYS["enter"]),
    ("esc_back", "Esc back (incl. 25 ms escape delay)", pty_driver.KEYS["esc"]),
]


class Server:
    """`catalog serve` on a free port with a fresh data directory and a guest key."""

    def __init__(self, app, rows, arguments=()):
        self.directory = tempfile.mkdtemp(prefix="catalog-bench-ssh-")
        self.key = os.path.join(self.directory, "client_key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", self.key], check=True)
        with open(self.key + ".pub") as public, open(os.path.join(self.directory, "authorized_keys"), "w") as keys:
            keys.write(" ".join(public.read().split()[:2]) + "\n")
        self.output = open(os.path.join(self.directory, "serve.out"), "w+")
        self.process = subprocess.Popen([app, "serve", "--port", "0", "--data-dir", self.directory,
                                         "--generate", str(rows), *arguments], stdout=self.output,
                                        stderr=subprocess.STDOUT,
                                        env={**os.environ, "LANG": "C.UTF-8"})
        deadline = time.time() + 60
        self.port = None
        while time.time() < deadline and self.port is None:
            time.sleep(0.05)
            with open(self.output.name) as text:
                match = re.search(r"serving on 127\.0\.0\.1:(\d+)", text.read())
            if match:
                self.port = int(match.group(1))
        if self.port is None:
            raise SystemExit("bench: catalog serve did not start")

    def ssh_argv(self):
        return ["ssh", "-p", str(self.port), "-i", self.key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-l", "demo", "127.0.0.1"]

    def rss_kib(self, pid=None):
        return pty_driver.proc_status(pid or self.process.pid, "VmRSS")

    def apps(self):
        """The session apps: the server's children (it spawns each one itself)."""
        found = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout.split()
        return [int(pid) for pid in found]

    def stop(self, timeout=20):
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.output.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def wire_bytes(pid):
    """Bytes the ssh client has read so far (socket and its tiny stdin)."""
    try:
        with open(f"/proc/{pid}/io") as io:
            for line in io:
                if line.startswith("rchar:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def session(kind, app, server, presses, results):
    data_dir = tempfile.mkdtemp(prefix="catalog-bench-")
    try:
        if kind == "local":
            argv = [app, "--guest", "--data-dir", data_dir, "--generate", str(ROWS)]
        else:
            argv = server.ssh_argv()
        term = pty_driver.Terminal(argv, COLUMNS, LINES, cwd=data_dir, home=data_dir)
        try:
            seconds, out = term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f"{ROWS:,} items".encode())
            results.setdefault("start_home", []).append((seconds, len(out), None))
            term.press(pty_driver.KEYS["enter"], until=catalog_titles.title(0).encode(), first_timeout=pty_driver.STARTUP_TIMEOUT)

            def measure(metric, key):
                before = wire_bytes(term.process.pid) if kind == "ssh" else None
                seconds, out = term.press(key, first_timeout=pty_driver.STARTUP_TIMEOUT)
                after = wire_bytes(term.process.pid) if kind == "ssh" else None
                wire = after - before if before is not None and after is not None else None
                results.setdefault(metric, []).append((seconds, len(out), wire))

            for i in range(presses):
                measure("down", pty_driver.KEYS["down"])
            term.press(pty_driver.KEYS["home"])
            for i in range(presses):
                if i and i % 5 == 0:
                    term.press(pty_driver.KEYS["home"])
                measure("pgdn", pty_driver.KEYS["pgdn"])
            term.press(pty_driver.KEYS["home"])
            for _ in range(presses):
                term.press(pty_driver.KEYS["slash"])
                measure("filter_first", catalog_titles.FILTER_FIRST)
                term.press(pty_driver.KEYS["esc"], first_timeout=pty_driver.STARTUP_TIMEOUT)
            for _ in range(presses):
                measure("enter_detail", pty_driver.KEYS["enter"])
                measure("esc_back", pty_driver.KEYS["esc"])
        finally:
            term.quit()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def memory(app, sessions):
    """Opens `sessions` ssh sessions at once; returns (server RSS idle MB,
    server RSS with them MB, per-app peak RSS MB list)."""
    server = Server(app, ROWS)
    terminals = []
    try:
        time.sleep(0.3)
        idle = server.rss_kib() or 0
        for _ in range(sessions):
            term = pty_driver.Terminal(server.ssh_argv(), COLUMNS, LINES)
            term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f"{ROWS:,} items".encode())
            terminals.append(term)
        time.sleep(0.3)
        busy = server.rss_kib() or 0
        apps = [pty_driver.proc_status(pid, "VmHWM") or 0 for pid in server.apps()]
        return idle / 1024, busy / 1024, [a / 1024 for a in apps]
    finally:
        for term in terminals:
            term.quit()
        server.stop()


def report(results, rounds, presses, mem, started, finished, app):
    lines = []
    add = lines.append
    add("# catalog over ssh against catalog run locally")
    add("")
    add(f"- date: {started.strftime('%Y-%m-%d %H:%M:%S %Z').strip()} (run took {(finished - started).total_seconds():.0f} s)")
    add(f"- machine: {figures.machine()}")
    add(f"- app: `{app}` (release), {COLUMNS}x{LINES}, {ROWS:,} rows; ssh: OpenSSH client -> `catalog serve` on "
        f"127.0.0.1 (curve25519-sha256, ed25519, aes128-gcm); {rounds} interleaved rounds, {presses} presses per key")
    add("")
    add("| what | local p50 | ssh p50 | ssh/local | local p95 | ssh p95 | terminal bytes local | terminal bytes ssh | wire bytes ssh | wire/terminal |")
    add("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = [("start_home", "start (ssh: connect + auth) -> Home painted")] + [(m, label) for m, label, _ in METRICS]
    for metric, label in rows:
        local, ssh = results["local"].get(metric, []), results["ssh"].get(metric, [])
        if not local or not ssh:
            continue
        l, s = figures.summary([(t, b) for t, b, _ in local]), figures.summary([(t, b) for t, b, _ in ssh])
        wires = sorted(w for _, _, w in ssh if w is not None)
        wire = f"{wires[len(wires) // 2]}" if wires else "–"
        add(f"| {label} | {figures.ms(l['p50'])} | {figures.ms(s['p50'])} | {figures.ratio(s['p50'], l['p50'])} | "
            f"{figures.ms(l['p95'])} | {figures.ms(s['p95'])} | {l['bytes']:.0f} | {s['bytes']:.0f} | "
            f"{wire} | {figures.ratio(float(wires[len(wires) // 2]), s['bytes']) if wires else '–'} |")
    add("")
    idle, busy, apps = mem
    if apps:
        count = len(apps)
        add(f"Memory with {count} sessions open: each session's app peaks at {min(apps):.1f}–{max(apps):.1f} MB RSS "
            f"(median {sorted(apps)[count // 2]:.1f}); the server grows from {idle:.1f} to {busy:.1f} MB, "
            f"{(busy - idle) / count * 1024:.0f} KB per session. Per session in all: about "
            f"{sorted(apps)[count // 2] + (busy - idle) / count:.1f} MB.")
        add("")
    add("Times in milliseconds. Terminal bytes: what the terminal received for the key (the app's output; the same "
        "locally and over ssh but for the session's own chatter). Wire bytes: what the ssh client read from the socket "
        "for that key (rchar in /proc/PID/io: encrypted, framed, plus the few bytes of the key itself from its stdin).")
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", default=os.path.join(root, ".build-release/release/catalog"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--presses", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=10, help="sessions open at once for the memory figure")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=os.path.join(root, "bench-results/ssh.md"))
    args = parser.parse_args()
    args.app = os.path.abspath(args.app)
    if not os.access(args.app, os.X_OK):
        sys.exit(f"bench: {args.app} is missing; run `make bench`")
    if not shutil.which("ssh"):
        sys.exit("bench: the OpenSSH client is missing (apt-get install openssh-client)")
    if args.quick:
        args.rounds, args.presses, args.sessions = 1, 3, 3
    started = datetime.datetime.now().astimezone()
    server = Server(args.app, ROWS)
    results = {"local": {}, "ssh": {}}
    try:
        for round_ in range(args.rounds):
            for kind in (["local", "ssh"] if round_ % 2 == 0 else ["ssh", "local"]):
                print(f"bench-ssh: round {round_ + 1}/{args.rounds} {kind}", file=sys.stderr, flush=True)
                try:
                    session(kind, args.app, server, args.presses, results[kind])
                except pty_driver.Lost as error:
                    print(f"bench-ssh:   lost: {error}", file=sys.stderr, flush=True)
    finally:
        server.stop()
    print(f"bench-ssh: memory with {args.sessions} sessions", file=sys.stderr, flush=True)
    mem = memory(args.app, args.sessions)
    finished = datetime.datetime.now().astimezone()
    text = report(results, args.rounds, args.presses, mem, started, finished, args.app)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)
    print(text)
    print(f"bench-ssh: written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
