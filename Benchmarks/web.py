#!/usr/bin/env python3
"""`catalog web` against `catalog serve`: what the browser path costs.

Key -> frame latency for Down in the list (1,000 generated items, 80x24):
through a WebSocket on loopback (a raw client: key frame written -> last
byte before QUIET seconds of silence, as pty_driver measures a terminal)
against the same app over ssh through a real pseudo-terminal (ssh.py's
server and driver). Then the server's memory per idle browser session:
the server process's anonymous memory with N sessions open against none (the apps are
separate processes, measured as in ssh.py).

Reports only; exits non-zero only when it cannot run. Usage:

  Benchmarks/web.py --app .build-release/release/catalog [--presses 200] [--sessions 50]
                    [--out bench-results/web.md]
"""
import argparse, os, select, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'ShojiWeb', 'Tests', 'Browser'))
import catalog_titles  # noqa: E402
import pty_driver  # noqa: E402
import ssh  # noqa: E402
from hostile_test import Client  # noqa: E402
from webserver import WebServer  # noqa: E402

DOWN = pty_driver.KEYS['down']


def anonymous_kib(pid):
    """The server's own memory: anonymous pages (its PSS would fall as the
    session apps, the same binary, come to share its file pages)."""
    with open(f'/proc/{pid}/smaps_rollup') as file:
        for line in file:
            if line.startswith('Anonymous:'):
                return int(line.split()[1])
    return 0


def web_latencies(app, presses):
    server = WebServer(app, '--generate', str(ssh.ROWS))
    try:
        client = Client(server, columns=ssh.COLUMNS, rows=ssh.LINES)
        client.read_until(f'{ssh.ROWS:,} items')
        client.send(b'\r')
        client.read_until(catalog_titles.title(0))
        times = []
        for _ in range(presses):
            start = time.perf_counter()
            client.send(DOWN)
            last = None
            while True:
                wait = pty_driver.QUIET if last else 10
                if not client.buffer and not select.select([client.socket], [], [], wait)[0]:
                    break
                client.frame()
                last = time.perf_counter()
            times.append(last - start)
        client.close()
        return times
    finally:
        server.stop()


def ssh_latencies(app, presses):
    server = ssh.Server(app, ssh.ROWS)
    try:
        term = pty_driver.Terminal(server.ssh_argv(), ssh.COLUMNS, ssh.LINES)
        try:
            term.response(term.started, pty_driver.STARTUP_TIMEOUT, until=f'{ssh.ROWS:,} items'.encode())
            term.press(pty_driver.KEYS['enter'], until=catalog_titles.title(0).encode(), first_timeout=pty_driver.STARTUP_TIMEOUT)
            return [term.press(DOWN, first_timeout=pty_driver.STARTUP_TIMEOUT)[0] for _ in range(presses)]
        finally:
            term.quit()
    finally:
        server.stop()


def memory(app, sessions):
    server = WebServer(app, '--generate', str(ssh.ROWS), '--max-sessions', str(sessions + 1),
                       '--max-sessions-per-address', str(sessions + 1), '--input-grace', '86400')
    try:
        idle = anonymous_kib(server.process.pid)
        clients = []
        for index in range(sessions):
            # From several loopback addresses: 32 connections per address at most.
            client = Client(server, source=f'127.0.0.{2 + index % 40}', columns=ssh.COLUMNS, rows=ssh.LINES)
            client.read_until(f'{ssh.ROWS:,} items')
            clients.append(client)
        busy = anonymous_kib(server.process.pid)
        for client in clients:
            client.close()
        return idle, busy
    finally:
        server.stop()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--app', required=True)
    parser.add_argument('--presses', type=int, default=200)
    parser.add_argument('--sessions', type=int, default=50)
    parser.add_argument('--out', default='bench-results/web.md')
    arguments = parser.parse_args()
    web = web_latencies(arguments.app, arguments.presses)
    over_ssh = ssh_latencies(arguments.app, arguments.presses)
    idle, busy = memory(arguments.app, arguments.sessions)
    rows = [
        '| path | Down p50 (ms) | Down p99 (ms) |', '|---|---|---|',
        f'| WebSocket (loopback) | {percentile(web, .5) * 1000:.2f} | {percentile(web, .99) * 1000:.2f} |',
        f'| ssh (loopback) | {percentile(over_ssh, .5) * 1000:.2f} | {percentile(over_ssh, .99) * 1000:.2f} |',
        '',
        f'WebSocket p50 / ssh p50: {percentile(web, .5) / percentile(over_ssh, .5):.2f}x (goal: within 1.5x)',
        '',
        f'Server anonymous memory: {idle / 1024:.1f} MiB idle, {busy / 1024:.1f} MiB with {arguments.sessions} idle browser sessions: '
        f'{(busy - idle) / max(1, arguments.sessions):.0f} KiB per session (the apps are processes of their own).',
    ]
    text = f'# catalog web against catalog serve ({arguments.presses} Down presses, {ssh.ROWS:,} items, '\
           f'{ssh.COLUMNS}x{ssh.LINES})\n\n' + '\n'.join(rows) + '\n'
    os.makedirs(os.path.dirname(arguments.out) or '.', exist_ok=True)
    with open(arguments.out, 'w') as file:
        file.write(text)
    print(text)


if __name__ == '__main__':
    main()
