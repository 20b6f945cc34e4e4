#!/usr/bin/env python3
"""Hostile clients against `APP web`, on raw sockets with a WebSocket
client of a few lines (no library): `make test` runs it after the browser
test.

  python3 ShojiWeb/Tests/Browser/hostile_test.py --app PATH/catalog

- a frame above the maximum message size closes its session (its app ends);
- a flood of 5,000 resizes: the session still answers a key;
- a slow reader (keys that repaint, nothing read back): the server's memory
  stays bounded and another session still answers;
- 1,000 idle sockets (from 40 loopback addresses; beyond 8 pending
  connections per address, and 512 in all, they are refused):
  memory bounded, a session opened before them still answers, the server
  closes them after its request timeout, and then new sessions open;
- a session left without input is closed after the idle timeout;
- slow request heads (finding C): 17 addresses with 32 connections each
  send a request head a byte a second; the server closes every one at its
  fixed request deadline, holds at most its per-address share of them, and
  a bystander from 127.0.0.1 gets the page and a session meanwhile;
- silent sessions (finding F): 8 addresses with 8 sessions each that never
  send a key (one only resizes) are hung up after the input grace period,
  while a session that typed stays, and a bystander then gets a session.
Every wait is for a state, with a generous deadline (2 loaded cores)."""
import argparse, base64, json, os, resource, socket, struct, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webserver import WebServer, wait_for, process_gone  # noqa: E402


class Client:
    """A WebSocket client: handshake, masked frames out, frames in."""

    def __init__(self, server, source='127.0.0.1', columns=80, rows=24):
        self.socket = socket.create_connection((server.host, server.port), timeout=30,
                                               source_address=(source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        origin = f'http://{server.host}:{server.port}'
        self.socket.sendall((f'GET /session?columns={columns}&rows={rows} HTTP/1.1\r\n'
                             f'Host: {server.host}:{server.port}\r\nOrigin: {origin}\r\n'
                             f'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n'
                             f'Sec-WebSocket-Key: {key}\r\n\r\n').encode())
        self.buffer = b''
        while b'\r\n\r\n' not in self.buffer:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise AssertionError('closed during the handshake')
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b'\r\n\r\n', 1)
        assert head.startswith(b'HTTP/1.1 101'), head
        self.screen = b''

    def send(self, payload, opcode=2):
        mask = os.urandom(4)
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack('!H', length)
        else:
            header += bytes([0x80 | 127]) + struct.pack('!Q', length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.socket.sendall(header + mask + masked)

    def resize(self, columns, rows):
        self.send(json.dumps({'type': 'resize', 'columns': columns, 'rows': rows}).encode(), opcode=1)

    def frame(self):
        """The next frame: (opcode, payload); EOFError when the socket closed.
        A timeout leaves a frame that arrived in part for the next call."""
        while True:
            parsed = self._parse()
            if parsed:
                return parsed
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk

    def _parse(self):
        """A whole frame from the start of the buffer (taken out of it), or None."""
        data = self.buffer
        if len(data) < 2:
            return None
        length, offset = data[1] & 0x7F, 2
        if length == 126:
            if len(data) < 4:
                return None
            length, offset = struct.unpack('!H', data[2:4])[0], 4
        elif length == 127:
            if len(data) < 10:
                return None
            length, offset = struct.unpack('!Q', data[2:10])[0], 10
        if len(data) < offset + length:
            return None
        self.buffer = data[offset + length:]
        return data[0] & 0x0F, data[offset:offset + length]

    def read_until(self, text, timeout=60):
        """Reads output until `text` appears in what arrived since the last call."""
        self.socket.settimeout(timeout)
        seen = b''
        deadline = time.monotonic() + timeout
        while text.encode() not in seen:
            if time.monotonic() > deadline:
                raise AssertionError(f'no {text!r} in {seen[-400:]!r}')
            opcode, payload = self.frame()
            if opcode == 8:
                raise AssertionError(f'closed: {payload!r}')
            seen += payload
        return seen

    def closed(self, timeout=60):
        """Reads until the server closes; returns the close frame's code, or None for a bare close."""
        self.socket.settimeout(timeout)
        try:
            while True:
                opcode, payload = self.frame()
                if opcode == 8:
                    return struct.unpack('!H', payload[:2])[0] if len(payload) >= 2 else None
        except (EOFError, ConnectionResetError):
            return None

    def close(self):
        self.socket.close()


def oversized_frame(server):
    client = Client(server)
    client.read_until('Press Enter')
    [pid] = wait_for('the session', lambda: server.session_pids()[-1:])
    client.send(b'x' * (64 * 1024 + 1))
    code = client.closed()
    assert code in (1009, None), code
    wait_for('the oversized session\'s app to end', lambda: process_gone(pid))
    print(f'oversized frame: closed ({code}), its app ended')


def resize_flood(server):
    client = Client(server)
    client.read_until('Press Enter')
    for index in range(5000):
        client.resize(60 + index % 100, 20 + index % 30)
    client.resize(100, 30)
    client.send(b'\r')
    client.read_until('iPhone 3G')
    client.close()
    print('resize flood: 5,000 resizes, the session still answers')


def slow_reader(server):
    baseline = server.memory_kib()
    slow = Client(server, columns=200, rows=60)
    slow.read_until('Press Enter')
    slow.send(b'\r')
    # Keys that repaint the whole list, never reading what comes back.
    slow.socket.setblocking(False)
    sent = 0
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and sent < 20000:
        try:
            slow.socket.send(b'\x81\x84' + b'\0\0\0\0' + b'\x1b[6~' if sent % 2 else b'\x81\x84\0\0\0\0\x1b[5~')
            sent += 1
        except BlockingIOError:
            time.sleep(0.01)
    other = Client(server)
    other.read_until('Press Enter')
    other.send(b'\r')
    other.read_until('iPhone 3G')
    grown = server.memory_kib() - baseline
    assert grown < 64 * 1024, f'the server grew by {grown} KiB behind a slow reader'
    other.close()
    slow.close()
    print(f'slow reader: {sent} keys unread, server grew {grown} KiB, another session answered')


def idle_sockets(server, count=1000):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 256)), hard))
    other = Client(server)
    other.read_until('Press Enter')
    baseline = server.memory_kib()
    idle = []
    for index in range(count):
        source = f'127.0.0.{2 + index % 40}'
        idle.append(socket.create_connection((server.host, server.port), timeout=30, source_address=(source, 0)))
    # The session opened before the flood still answers during it.
    other.send(b'\r')
    other.read_until('iPhone 3G')
    grown = server.memory_kib() - baseline
    assert grown < 64 * 1024, f'{count} idle sockets grew the server by {grown} KiB'
    other.close()

    def all_closed():
        for connection in idle:
            connection.settimeout(0.001)
            try:
                if connection.recv(1) != b'':
                    return False
            except socket.timeout:
                return False
            except OSError:
                pass
        return True
    wait_for('the server to close the idle sockets', all_closed, timeout=90, interval=1)
    for connection in idle:
        connection.close()
    # Once they are gone, new sessions open again.
    wait_for('a new session after the flood', lambda: Client(server).read_until('Press Enter'), timeout=60)
    print(f'{count} idle sockets: server grew {grown} KiB, the open session answered, all closed by the server, new sessions open')


def idle_timeout(app):
    """A session without input for the idle timeout is closed, its app hung up."""
    server = WebServer(app, '--idle-timeout', '2')
    try:
        started = time.monotonic()  # before the session: its idle clock starts later
        client = Client(server)
        client.read_until('Press Enter')
        [pid] = wait_for('the session', lambda: server.session_pids()[-1:])
        code = client.closed(timeout=60)
        assert code == 1000, code
        assert time.monotonic() - started >= 1.9, 'closed before the idle timeout'
        wait_for('the idle session\'s app to end', lambda: process_gone(pid))
        print(f'idle timeout: closed (1000) after {time.monotonic() - started:.1f} s, its app ended')
    finally:
        server.stop()


def raise_descriptor_limit(count):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 256)), hard))


def page(server, source='127.0.0.1'):
    """GET / from `source`: the status line, or None when the server closed without an answer."""
    with socket.create_connection((server.host, server.port), timeout=20, source_address=(source, 0)) as connection:
        connection.sendall(f'GET / HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nConnection: close\r\n\r\n'.encode())
        answer = b''
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except ConnectionResetError:
            pass
        return answer.split(b'\r\n', 1)[0].decode() if answer else None


def slow_heads(app, extra=(), addresses=17, per_address=32):
    """Finding C: request heads sent a byte at a time. The request deadline
    is the whole head's, not reset by each byte, and connections that are
    not sessions yet are capped per address: the trickle cannot hold every
    slot, and a bystander is served."""
    server = WebServer(app, *extra)
    raise_descriptor_limit(addresses * per_address)
    try:
        slow = []
        for index in range(addresses * per_address):
            source = f'127.0.0.{2 + index % addresses}'
            connection = socket.create_connection((server.host, server.port), timeout=30, source_address=(source, 0))
            try:
                connection.sendall(b'GET / HTTP/1.1\r\n')
            except OSError:
                pass
            slow.append(connection)
        started = time.monotonic()
        open_since = {id(connection): started for connection in slow}

        def trickle():
            """One more byte on each slow connection; the ones the server closed are dropped."""
            for connection in list(slow):
                try:
                    connection.settimeout(0.001)
                    if connection.recv(1) == b'':
                        raise ConnectionResetError
                except socket.timeout:
                    try:
                        connection.sendall(b'X')
                        continue
                    except OSError:
                        pass
                except OSError:
                    pass
                slow.remove(connection)
                connection.close()

        trickle()
        time.sleep(1)
        trickle()
        held = len(slow)
        # While the trickle holds what it can: the bystander gets the page and a session.
        status = page(server)
        assert status and ' 200 ' in status + ' ', f'the bystander got {status!r} with {held} slow heads open'
        bystander = Client(server)
        bystander.read_until('Press Enter')
        bystander.close()
        # Each slow head is closed at the request deadline (10 s), bytes or not.
        while slow and time.monotonic() - started < 20:
            trickle()
            time.sleep(1)
        assert not slow, f'{len(slow)} slow heads still open after {time.monotonic() - started:.0f} s of a byte a second'
        status = page(server)
        assert status and ' 200 ' in status + ' ', f'the bystander got {status!r} after the trickle'
        print(f'slow heads: {addresses * per_address} opened, {held} held, all closed by the request deadline '
              f'({time.monotonic() - started:.0f} s), the bystander got the page and a session')
    except BaseException:
        print(server.log_text()[-3000:], file=sys.stderr)
        raise
    finally:
        server.stop()


def silent_sessions(app, extra=None, addresses=8, per_address=8):
    """Finding F: sessions that never send a key are hung up after the
    input grace period (resizes are not keys); one that typed stays."""
    if extra is None:
        extra = ('--max-sessions-per-address', str(per_address), '--input-grace', '4')
    server = WebServer(app, *extra)
    raise_descriptor_limit(addresses * per_address)
    try:
        typist = Client(server, source='127.0.0.2')
        typist.read_until('Press Enter')
        typist.send(b'\r')
        typist.read_until('iPhone 3G')
        silent = []
        for index in range(addresses * per_address - 1):
            silent.append(Client(server, source=f'127.0.0.{2 + (index + 1) % addresses}'))
        started = time.monotonic()
        wait_for('every session to start', lambda: len(server.session_pids()) >= addresses * per_address, timeout=120)
        # Full now: the bystander is refused a session while they last.
        refused = Client(server).closed(timeout=30)
        assert refused == 1013, f'a 65th session was not refused ({refused})'
        # One of them resizes now and then: a resize is not a key.
        resizer = silent[0]
        codes = []
        deadline = started + 90
        for client in silent:
            while True:
                if client is resizer:
                    try:
                        client.resize(81, 25)
                    except OSError:
                        pass
                try:
                    code = client.closed(timeout=1)
                except socket.timeout:
                    code = None
                if code is not None or time.monotonic() > deadline:
                    break
            codes.append(code)
            client.close()
        waited = time.monotonic() - started
        # A close frame (the app's own end, or the server's hang-up) for each, none left open.
        assert all(code in (1000, 1001, 1008) for code in codes), f'close codes {sorted(set(map(str, codes)))}'
        bystander = Client(server)
        bystander.read_until('Press Enter')
        # The one that typed is still there: a key still answers.
        typist.send(b'\x1b[B')
        opcode, _ = typist.frame()
        assert opcode != 8, 'the typist was hung up'
        bystander.close()
        typist.close()
        print(f'silent sessions: {len(silent)} hung up after {waited:.0f} s (the resizer too), '
              f'the typist stayed, the bystander got a session')
    except BaseException:
        print(server.log_text()[-3000:], file=sys.stderr)
        raise
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--app', required=True)
    parser.add_argument('--only', help='run one test: slow-heads or silent-sessions')
    parser.add_argument('--server-argument', action='append', default=None,
                        help='server arguments for --only in place of its own (to run it against an older server)')
    arguments = parser.parse_args()
    if arguments.only:
        test = {'slow-heads': slow_heads, 'silent-sessions': silent_sessions}[arguments.only]
        test(arguments.app, *([arguments.server_argument] if arguments.server_argument is not None else []))
        return
    server = WebServer(arguments.app, '--max-sessions', '16', '--max-sessions-per-address', '8')
    try:
        oversized_frame(server)
        resize_flood(server)
        slow_reader(server)
        idle_sockets(server)
        assert server.process.poll() is None, 'the server died'
        idle_timeout(arguments.app)
        slow_heads(arguments.app)
        silent_sessions(arguments.app)
        print('hostile test passed')
    except BaseException:
        print(server.log_text()[-4000:], file=sys.stderr)
        raise
    finally:
        server.stop()


if __name__ == '__main__':
    main()
