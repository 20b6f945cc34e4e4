#!/usr/bin/env python3
"""A thousand busy ssh sessions on one machine: memory, connects, keys, a storm.

`catalog serve --public` (release build) on 127.0.0.1, reached by Debian's
OpenSSH client, each client on a pseudo-terminal of its own (80x24) driven
from one selector loop here. Measures:

- memory with 10, 100 and 1,000 sessions open: each session app's
  proportional set size (PSS, /proc/PID/smaps_rollup: shared pages divided
  among the processes sharing them) and private memory, and the server's own
  PSS and RSS;
- connect -> first paint (ssh started -> Home drawn) p50/p99 while 1,000 are open;
- keystroke latency p50/p99 (key written -> first and last byte of the
  answer on the client's terminal) while 100 of the 1,000 type 10 keys a second;
- a storm of 200 clients connecting within one second with room for only
  100 more: each is served or told the server is full; none may hang.

`--key` serves key-authenticated sessions (a listed key, no `--public`)
instead of public ones; `--template` serves them with `--session-template`
(each app forked from one template process); `--memory-only` stops after
the ramp; `--mappings` adds where a session's memory goes, per kind of
mapping (session_memory.py).

Reports only: exits non-zero only when it cannot run. Usage:

  Benchmarks/ssh_scale.py --app .build-release/release/catalog [--sessions 1000] [--key] [--template]
                          [--memory-only] [--mappings] [--out bench-results/ssh-scale.md]
"""

import argparse
import datetime
import fcntl
import os
import pty
import random
import resource
import selectors
import shutil
import signal
import struct
import sys
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402
import pty_driver  # noqa: E402
import session_memory  # noqa: E402
import ssh  # noqa: E402  (catalog serve on a free port)

COLUMNS, LINES = 80, 24
ROWS = 1_000
SSH = shutil.which("ssh") or "/usr/bin/ssh"


percentile = figures.percentile  # interpolated; nan when there is nothing


def ms(seconds):
    return "–" if seconds is None or seconds != seconds else f"{seconds * 1000:.1f} ms"


def mib(kib):
    return "–" if kib is None or kib != kib else f"{kib / 1024:.2f} MiB"


def smaps(pid):
    """PSS, private (clean + dirty) and RSS of `pid`, in KiB."""
    fields = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                parts = line.split()
                if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                    fields[parts[0][:-1]] = int(parts[1])
    except OSError:
        return None
    return {"pss": fields.get("Pss", 0), "private": fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0),
            "rss": fields.get("Rss", 0)}


class Server(ssh.Server):
    """ssh.py's server in public mode with room for `max_sessions`, reached by
    clients with no key at all (they get in through keyboard-interactive,
    asked nothing; not in BatchMode, which turns keyboard-interactive off).
    Every client comes from 127.0.0.1 and a storm connects
    at once, so the per-address and still-authenticating caps (and the early drop) are raised."""

    def __init__(self, app, max_sessions, database=None, key=False, template=False):
        self.key_authenticated = key
        super().__init__(app, ROWS, ([] if key else ["--public"])
                         + (["--session-template"] if template else [])
                         + ["--max-sessions", str(max_sessions),
                                     "--max-per-address", str(max_sessions * 2),
                                     "--max-sessions-per-address", str(max_sessions),
                                     "--early-drop", f"{max_sessions * 2}:30",
                                     "--max-unauthenticated", str(max_sessions * 2),
                                     "--max-pending-per-address", str(max_sessions * 2),
                                     "--input-grace", "86400", "--grace-period", "1"]
                         + (["--database", database] if database else []))

    def ssh_argv(self):
        if self.key_authenticated:
            return [SSH, "-tt", "-p", str(self.port), "-i", self.key, "-o", "IdentitiesOnly=yes",
                    "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
                    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                    "-l", "demo", "127.0.0.1"]
        return [SSH, "-tt", "-p", str(self.port), "-o", "PubkeyAuthentication=no", "-o", "PasswordAuthentication=no",
                "-o", "IdentityAgent=none",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-l", "demo", "127.0.0.1"]

    def apps(self):
        """The session apps: the server's children, or the template's (then
        the template, the server's child with children of its own, is not one)."""
        apps = []
        for pid in super().apps():
            children = children_of(pid)
            apps += children if children else [pid]
        return apps

    def template(self):
        """The session template's pid (the server's child with children), or None."""
        return next((pid for pid in super().apps() if children_of(pid)), None)

    def stop(self):
        # A thousand sessions take longer to hang up and reap than ssh.py's ten.
        super().stop(timeout=60)


def children_of(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            return [int(child) for child in children.read().split()]
    except OSError:
        return []


class Client:
    """One OpenSSH client on its own pseudo-terminal of 80x24."""

    def __init__(self, argv):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.started = time.monotonic()
        # posix_spawn (vfork underneath), not Popen: a storm must start 200
        # clients within a second from a process holding 1,000 terminals.
        # Python's own descriptors are close-on-exec, so only the terminal goes.
        self.pid = os.posix_spawn(SSH, argv, os.environ, setsid=True, file_actions=[
            (os.POSIX_SPAWN_DUP2, slave, 0), (os.POSIX_SPAWN_DUP2, slave, 1), (os.POSIX_SPAWN_DUP2, slave, 2)])
        os.close(slave)
        os.set_blocking(master, False)
        self.fd = master
        self.probe = pty_driver.ProbeAnswerer(master)
        self.tail = b""
        self.painted = None
        self.full = False
        self.closed = False
        self.pending = None  # (written at, first byte at, last byte at)
        self.latencies = []

    def on_read(self, now):
        try:
            data = os.read(self.fd, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return
        self.probe.saw(data)
        self.tail = (self.tail + data)[-512:]
        if self.painted is None and (b"items" in self.tail or b"Enter browse" in self.tail):
            self.painted = now
        if b"server is full" in self.tail:
            self.full = True
        if self.pending is not None:
            written, first, _ = self.pending
            self.pending = (written, first or now, now)

    def press(self, key, now):
        self.finish_key()
        self.pending = (now, None, None)
        os.write(self.fd, key)

    def finish_key(self):
        if self.pending is not None and self.pending[1] is not None:
            written, first, last = self.pending
            self.latencies.append((first - written, last - written))
        self.pending = None

    def close(self):
        try:
            os.kill(self.pid, signal.SIGHUP)
        except ProcessLookupError:
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass


class Driver:
    def __init__(self):
        self.selector = selectors.DefaultSelector()
        self.clients = []

    def add(self, client):
        self.clients.append(client)
        self.selector.register(client.fd, selectors.EVENT_READ, client)

    def remove(self, client):
        try:
            self.selector.unregister(client.fd)
        except (KeyError, ValueError):
            pass
        client.close()
        self.clients.remove(client)

    @staticmethod
    def reap():
        """Collects the clients that ended, so none lingers as a zombie."""
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return

    def pump(self, seconds, until=None):
        deadline = time.monotonic() + seconds
        self.reap()
        while True:
            now = time.monotonic()
            if until is not None and until():
                return True
            if now >= deadline:
                return False
            for key, _ in self.selector.select(timeout=min(0.01, deadline - now)):
                client = key.data
                client.on_read(time.monotonic())
                if client.closed:
                    self.selector.unregister(client.fd)


def open_sessions(driver, server, count, spacing=0.0):
    """Starts `count` clients and waits until each has painted (or failed)."""
    new = []
    for _ in range(count):
        client = Client(server.ssh_argv())
        driver.add(client)
        new.append(client)
        if spacing:
            driver.pump(spacing)
        else:
            driver.pump(0.0)
    driver.pump(300, until=lambda: all(c.painted or c.closed or c.full for c in new))
    return new


def memory(server, apps_expected):
    apps = server.apps()
    samples = [s for s in (smaps(pid) for pid in apps) if s]
    own = smaps(server.process.pid) or {}
    template = server.template()
    template_pss = (smaps(template) or {}).get("pss") if template else None
    return {"template_pss": template_pss,"apps": len(samples), "expected": apps_expected,
            "pss": percentile([s["pss"] for s in samples], 0.5), "private": percentile([s["private"] for s in samples], 0.5),
            "rss": percentile([s["rss"] for s in samples], 0.5),
            "server_pss": own.get("pss"), "server_rss": own.get("rss")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--app", default=os.path.join(root, ".build-release/release/catalog"))
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--typing", type=int, default=100)
    parser.add_argument("--typing-seconds", type=float, default=20)
    parser.add_argument("--storm", type=int, default=200)
    parser.add_argument("--out", default=os.path.join(root, "bench-results/ssh-scale.md"))
    parser.add_argument("--database", help="a postgres:// URL for the store (password in PGPASSWORD)")
    parser.add_argument("--key", action="store_true", help="key-authenticated sessions (a listed key) instead of public")
    parser.add_argument("--template", action="store_true", help="serve with --session-template")
    parser.add_argument("--memory-only", action="store_true", help="stop after the ramp's memory figures")
    parser.add_argument("--mappings", action="store_true", help="where a session's memory goes, per mapping")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    levels = sorted({n for n in (10, 100, args.sessions) if n <= args.sessions})
    room = args.storm // 2
    server = Server(args.app, args.sessions + room, args.database, key=args.key, template=args.template)
    driver = Driver()
    started = datetime.datetime.now()
    rows = []
    connects = []
    try:
        # 1. Ramp up, with memory at each level.
        for level in levels:
            clients = open_sessions(driver, server, level - len(driver.clients), spacing=0.005)
            connects += [c.painted - c.started for c in clients if c.painted]
            driver.pump(2)
            painted = sum(1 for c in driver.clients if c.painted)
            rows.append((level, painted, memory(server, level)))
            print(f"bench: {level} sessions: {painted} painted; {rows[-1][2]}", file=sys.stderr)
        mappings = session_memory.median_breakdown(server.apps()) if args.mappings else None
        if args.memory_only:
            return memory_report(args, rows, mappings, started)

        # 2. Connect -> first paint while the full load is open, one at a time.
        probe = []
        for _ in range(20):
            client = open_sessions(driver, server, 1)[0]
            if client.painted:
                probe.append(client.painted - client.started)
            driver.remove(client)
            driver.pump(0.05)

        # 3. 100 of them type 10 keys a second (j and k, so each stays on its page).
        typists = random.Random(7).sample([c for c in driver.clients if c.painted], min(args.typing, len(driver.clients)))
        for client in typists:
            client.press(b"\r", time.monotonic())  # Home -> the list
        driver.pump(3)
        for client in typists:
            client.finish_key()
            client.latencies.clear()
        schedule = sorted((random.Random(index).uniform(0, 0.1), index) for index in range(len(typists)))
        begin = time.monotonic()
        next_due = {index: begin + offset for offset, index in schedule}
        strokes = 0
        while time.monotonic() - begin < args.typing_seconds:
            now = time.monotonic()
            for index, due in next_due.items():
                if now >= due:
                    typists[index].press(b"j" if strokes % 2 == 0 else b"k", now)
                    strokes += 1
                    next_due[index] = due + 0.1
            driver.pump(0.002)
        driver.pump(0.2)
        for client in typists:
            client.finish_key()
        first = [f for c in typists for f, _ in c.latencies]
        last = [l for c in typists for _, l in c.latencies]

        # 4. A storm: `storm` clients within one second, room for half of them.
        storm = []
        storm_started = time.monotonic()
        for index in range(args.storm):
            client = Client(server.ssh_argv())
            driver.add(client)
            storm.append(client)
            # Evenly over one second, never waiting once behind.
            driver.pump(max(0.0, storm_started + (index + 1) / args.storm - time.monotonic()))
        storm_spread = time.monotonic() - storm_started
        driver.pump(120, until=lambda: all(c.painted or c.full or c.closed for c in storm))
        served = sum(1 for c in storm if c.painted)
        refused = sum(1 for c in storm if not c.painted and c.full)
        hung = sum(1 for c in storm if not (c.painted or c.full or c.closed))
        storm_connects = [c.painted - c.started for c in storm if c.painted]
    finally:
        for client in list(driver.clients):
            driver.remove(client)
        server.stop()
        time.sleep(1)
        driver.reap()
    finished = datetime.datetime.now()

    lines = header(args, rows, started)
    goal = lambda ok: "met" if ok else "missed"
    key_p99 = percentile(last, 0.99)
    probe_p99 = percentile(probe, 0.99)
    lines += [
        "",
        "| with the full load open | p50 | p99 | goal |",
        "| --- | --- | --- | --- |",
        f"| connect -> first paint (20 probes) | {ms(percentile(probe, 0.5))} | {ms(probe_p99)} | p99 < 500 ms: "
        f"{goal(probe_p99 is not None and probe_p99 < 0.5)} |",
        f"| connect -> first paint (the ramp, {len(connects):,}) | {ms(percentile(connects, 0.5))} | "
        f"{ms(percentile(connects, 0.99))} | |",
        f"| key -> first byte ({len(first):,} keys, {len(typists)} typing 10/s) | {ms(percentile(first, 0.5))} | "
        f"{ms(percentile(first, 0.99))} | |",
        f"| key -> last byte | {ms(percentile(last, 0.5))} | {ms(key_p99)} | p99 < 10 ms: "
        f"{goal(key_p99 is not None and key_p99 < 0.010)} |",
        "",
        f"Storm: {args.storm} clients in {storm_spread:.2f} s with room for {room}: {served} served "
        f"(connect -> paint p50 {ms(percentile(storm_connects, 0.5))}, p99 {ms(percentile(storm_connects, 0.99))}), "
        f"{refused} told the server is full, {hung} hung.",
        "",
        f"{pss_goal(args, rows)} Run took {(finished - started).total_seconds():.0f} s.",
    ]
    if mappings:
        lines += ["", f"Where a session's memory goes (median of {min(20, rows[-1][2]['apps'])} apps):", ""]
        lines += session_memory.table([(kind_of_session(args), mappings)])
    write(args, lines)


def pss_goal(args, rows):
    """Issue 38's goal line: a spawned session in 2 MiB, one forked from the
    template in 1 MiB, read at the most sessions open, where the shared
    pages weigh least."""
    limit = 1024 if args.template else 2048
    final = rows[-1][2]["pss"] if rows else None
    verdict = "met" if final is not None and final <= limit else "missed"
    figure = f" ({mib(final)} p50 with {rows[-1][0]:,} open)" if final is not None else ""
    kind = "forked from the template" if args.template else "spawned"
    return f"PSS goal ({kind}: <= {limit // 1024} MiB per session): {verdict}{figure}."


def kind_of_session(args):
    return ("key-authenticated" if args.key else "public") + (", from the template" if args.template else "")


def header(args, rows, started):
    """The title and the memory table at each level."""
    serve = "catalog serve" + ("" if args.key else " --public") + (" --session-template" if args.template else "")
    lines = [
        f"# {args.sessions:,} busy ssh sessions ({started:%Y-%m-%d %H:%M}, {os.cpu_count()} cores, "
        f"`{serve}`, {kind_of_session(args)}, OpenSSH client, 80x24, {ROWS:,} rows; store: "
        f"{'PostgreSQL on 127.0.0.1' if args.database else 'SQLite'}; load average {os.getloadavg()[0]:.1f} at the end)",
        "",
        "| sessions open | painted | app PSS (p50) | app private (p50) | app RSS (p50) | template PSS | server PSS | server RSS |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for level, painted, m in rows:
        lines.append(f"| {level:,} | {painted:,} | {mib(m['pss'])} | {mib(m['private'])} | {mib(m['rss'])} | "
                     f"{mib(m['template_pss'])} | {mib(m['server_pss'])} | {mib(m['server_rss'])} |")
    return lines


def memory_report(args, rows, mappings, started):
    lines = header(args, rows, started) + ["", pss_goal(args, rows)]
    if mappings:
        lines += ["", f"Where a session's memory goes (median of {min(20, rows[-1][2]['apps'])} apps):", ""]
        lines += session_memory.table([(kind_of_session(args), mappings)])
    write(args, lines)


def write(args, lines):
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
