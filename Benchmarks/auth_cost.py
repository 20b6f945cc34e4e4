#!/usr/bin/env python3
"""What one key authentication costs `catalog serve` with a long authorized_keys.

Starts the server with an authorized_keys file of N lines (N-1 random ed25519
keys, then the client's real key last), connects K times with OpenSSH and that
key (each connection a whole key exchange and authentication; the command it
asks for is refused, which ends it), and reads the server's own CPU time
(user + system, from /proc/PID/stat, not its session apps') before and after.
The same with a one-line file gives what a connection costs anyway; the
difference is what the file's length costs each attempt.

Reports only. Usage:

  Benchmarks/auth_cost.py --app Examples/Catalog/.build/debug/catalog [--lines 100000] [--attempts 10]
"""

import argparse
import base64
import os
import re
import shutil
import subprocess
import tempfile
import time

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def random_key_line():
    blob = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + os.urandom(32)
    return "ssh-ed25519 " + base64.b64encode(blob).decode() + " filler\n"


def measure(app, lines, attempts):
    directory = tempfile.mkdtemp(prefix="catalog-auth-cost-")
    try:
        key = os.path.join(directory, "client_key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", key], check=True)
        with open(os.path.join(directory, "authorized_keys"), "w") as keys:
            keys.writelines(random_key_line() for _ in range(lines - 1))
            with open(key + ".pub") as public:
                keys.write(public.read())
        output = open(os.path.join(directory, "serve.out"), "w+")
        server = subprocess.Popen([app, "serve", "--port", "0", "--data-dir", directory, "--failed-auth-delay", "0"],
                                  stdout=output, stderr=subprocess.STDOUT, env={**os.environ, "LANG": "C.UTF-8"})
        port = None
        deadline = time.time() + 120
        while time.time() < deadline and port is None:
            output.seek(0)
            found = re.search(r"serving on [0-9.]+:(\d+)", output.read())
            port = int(found.group(1)) if found else None
            time.sleep(0.05)
        if port is None:
            raise SystemExit("the server did not start")
        command = ["ssh", "-p", str(port), "-i", key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
                   "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                   "-o", "LogLevel=ERROR", "-T", "127.0.0.1", "true"]
        subprocess.run(command, capture_output=True)  # warm-up: the file is read, the code paged in
        before = cpu_seconds(server.pid)
        started = time.time()
        for _ in range(attempts):
            subprocess.run(command, capture_output=True)
        elapsed = time.time() - started
        spent = cpu_seconds(server.pid) - before
        server.terminate()
        server.wait(timeout=30)
        output.seek(0)
        authenticated = output.read().count("authenticated")
        return spent / attempts, elapsed / attempts, authenticated
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", required=True)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--attempts", type=int, default=10)
    options = parser.parse_args()
    print(f"| authorized_keys | server CPU per attempt | wall per attempt | authenticated |")
    print(f"|---|---|---|---|")
    for lines in (1, options.lines):
        cpu, wall, authenticated = measure(options.app, lines, options.attempts)
        print(f"| {lines:,} lines | {cpu * 1000:.1f} ms | {wall * 1000:.0f} ms | {authenticated} of {options.attempts + 1} |")


if __name__ == "__main__":
    main()
