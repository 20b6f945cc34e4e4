#!/usr/bin/env python3
"""The catalog's store over ssh: SQLite (embedded) against PostgreSQL on loopback.

Starts a throwaway PostgreSQL (Debian's initdb and pg_ctl, as the `postgres`
user when run as root, on a temporary folder and a free port, password
auth), then, alternately round after round, `catalog serve` on SQLite and on
that PostgreSQL, each with one account whose key is bound to it:

- sign-in: `ssh` started with the account's key -> Home painted (the server
  looks the account up, the session opens the store, loads the account, its
  saved route and favourites);
- favourite toggle: `f` on a detail -> the screen says it was added or
  removed (one transaction: delete or insert, then the list read back).

Then, unless --sessions 0, Benchmarks/ssh_scale.py with PostgreSQL as the
store (connect -> first paint with N sessions open). Reports only.

  Benchmarks/store.py --app .build-release/release/catalog [--rounds 3] [--sessions 1000]
                      [--out bench-results/store.md]
"""

import argparse
import datetime
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_titles  # noqa: E402
import figures  # noqa: E402
import pty_driver  # noqa: E402
import ssh  # noqa: E402  (catalog serve on a free port)

ROWS = 1_000
COLUMNS, LINES = 80, 24
EMAIL = "bench@example.com"


class Postgres:
    """A PostgreSQL of this run's own, stopped and removed by `stop()`."""

    def __init__(self, max_connections):
        versions = sorted((int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit()), reverse=True)
        if not versions:
            sys.exit("bench: PostgreSQL is missing (make deps installs it)")
        self.bin = f"/usr/lib/postgresql/{versions[0]}/bin"
        self.user = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        self.directory = tempfile.mkdtemp(prefix="catalog-bench-pg-")
        self.password = "bench-" + os.urandom(4).hex()
        with open(os.path.join(self.directory, "pw"), "w") as pw:
            pw.write(self.password)
        if self.user:
            shutil.chown(self.directory, "postgres")
            shutil.chown(os.path.join(self.directory, "pw"), "postgres")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self._run("initdb", "-D", self.directory + "/data", "-U", "catalog", "--pwfile=" + self.directory + "/pw",
                  "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.directory} "
                   f"-c max_connections={max_connections}")
        self._run("pg_ctl", "-D", self.directory + "/data", "-l", self.directory + "/log", "-o", options, "-w", "start")
        os.environ["PGPASSWORD"] = self.password

    def _run(self, program, *arguments):
        subprocess.run(self.user + [os.path.join(self.bin, program), *arguments], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, close_fds=True)

    def create(self, name):
        subprocess.run([os.path.join(self.bin, "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "catalog",
                        "-d", "postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        return f"postgres://catalog@127.0.0.1:{self.port}/{name}?sslmode=disable"

    def stop(self):
        self._run("pg_ctl", "-D", self.directory + "/data", "-m", "fast", "-w", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)


class Store:
    """`catalog serve` on one store, with an account whose key is bound to it."""

    def __init__(self, app, name, database):
        self.name = name
        self.server = ssh.Server(app, ROWS, ["--database", database] if database else [])
        # The account, made by the operator's command with the key bound to it, on the same store.
        extra = ["--database", database] if database else []
        subprocess.run([app, "accounts", "link-key", EMAIL, self.server.key + ".pub", "--data-dir", self.server.directory, *extra],
                       check=True, stdout=subprocess.DEVNULL)

    def ssh_argv(self):
        argv = self.server.ssh_argv()
        argv[argv.index("demo")] = EMAIL
        return argv

    def round(self, toggles, results):
        term = pty_driver.Terminal(self.ssh_argv(), COLUMNS, LINES)
        try:
            seconds, _ = term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f"{ROWS:,} items".encode())
            results.setdefault("sign_in", []).append(seconds)
            term.press(pty_driver.KEYS["enter"], until=catalog_titles.title(0).encode(), first_timeout=pty_driver.STARTUP_TIMEOUT)
            _, out = term.press(pty_driver.KEYS["enter"], until=b"favourites", first_timeout=pty_driver.STARTUP_TIMEOUT)
            adding = b"f to add" in out
            for _ in range(toggles):
                seconds, _ = term.press(b"f", until=b"Added" if adding else b"Removed", first_timeout=pty_driver.STARTUP_TIMEOUT)
                results.setdefault("toggle", []).append(seconds)
                adding = not adding
            term.press(pty_driver.KEYS["esc"])
            term.press(pty_driver.KEYS["esc"], until=f"{ROWS:,} items".encode())  # quit on Home: the next sign-in lands there
        finally:
            term.quit()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", default=os.path.join(root, ".build-release/release/catalog"))
    parser.add_argument("--rounds", type=int, default=20, help="sign-ins per store")
    parser.add_argument("--toggles", type=int, default=10, help="favourite toggles per sign-in")
    parser.add_argument("--sessions", type=int, default=1000, help="ssh_scale.py on PostgreSQL with this many; 0: skip")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=os.path.join(root, "bench-results/store.md"))
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.toggles, args.sessions = 5, 5, min(args.sessions, 100)
    args.app = os.path.abspath(args.app)
    started = datetime.datetime.now().astimezone()
    postgres = Postgres(max_connections=args.sessions + 200)
    stores, results = [], {"SQLite": {}, "PostgreSQL": {}}
    try:
        stores = [Store(args.app, "SQLite", None), Store(args.app, "PostgreSQL", postgres.create("bench"))]
        for index in range(args.rounds):
            for store in (stores if index % 2 == 0 else stores[::-1]):
                store.round(args.toggles, results[store.name])
            print(f"bench-store: round {index + 1}/{args.rounds}", file=sys.stderr, flush=True)
    finally:
        for store in stores:
            store.server.stop()
    lines = [
        "# the store over ssh: SQLite against PostgreSQL on loopback",
        "",
        f"- date: {started.strftime('%Y-%m-%d %H:%M:%S %Z').strip()}; machine: {figures.machine()}",
        f"- app: `{args.app}`, {ROWS:,} rows, 80x24; OpenSSH client -> `catalog serve` on 127.0.0.1; "
        f"{args.rounds} sign-ins and {args.rounds * args.toggles} toggles per store, the stores alternating",
        "",
        "| what | SQLite p50 | SQLite p99 | PostgreSQL p50 | PostgreSQL p99 | PostgreSQL/SQLite (p50) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key, label in (("sign_in", "sign-in: ssh started -> Home painted"), ("toggle", "favourite toggle: f -> screen says so")):
        a, b = results["SQLite"].get(key, []), results["PostgreSQL"].get(key, [])
        p = figures.percentile
        lines.append(f"| {label} | {figures.ms(p(a, 0.5))} | {figures.ms(p(a, 0.99))} | {figures.ms(p(b, 0.5))} | "
                     f"{figures.ms(p(b, 0.99))} | {figures.ratio(p(b, 0.5), p(a, 0.5))} |")
    lines += ["", "Times in milliseconds."]
    text = "\n".join(lines) + "\n"
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)
    print(text)
    try:
        if args.sessions:
            url = postgres.create("scale")
            subprocess.run([sys.executable, os.path.join(root, "Benchmarks/ssh_scale.py"), "--app", args.app,
                            "--sessions", str(args.sessions), "--database", url,
                            "--out", os.path.join(os.path.dirname(args.out), "ssh-scale-postgres.md")], check=False)
    finally:
        postgres.stop()


if __name__ == "__main__":
    main()
