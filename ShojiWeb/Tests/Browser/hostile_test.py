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
- 2,000 pipelined GETs of xterm.js never read, and a ping flood never
  read: the server's RSS stays bounded, it closes the connection after the
  write timeout, and the memory is gone after;
- a foreign Host (DNS rebinding) is refused with 421, an Origin of another
  scheme, host or port with 403, and every response says no-referrer;
- RFC 6455's cases (unmasked, reserved bits and opcodes, bad control
  frames, invalid UTF-8): closed with 1002 or 1007;
- browsers that drop mid-handshake or mid-session leave no app and no
  session place behind;
- hostile text typed into a form field (controls, C1, an OSC in a paste,
  100 KB): nothing comes back as a control sequence, logs are clean.
Every wait is for a state, with a generous deadline (2 loaded cores)."""
import argparse, base64, json, os, re, resource, socket, struct, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webserver import WebServer, wait_for, process_gone  # noqa: E402


class Client:
    """A WebSocket client: handshake, masked frames out, frames in."""

    def __init__(self, server, source='127.0.0.1', columns=80, rows=24, host=None, origin=None, receive_buffer=None):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.settimeout(30)
        self.socket.bind((source, 0))
        self.socket.connect((server.host, server.port))
        self.socket.sendall(upgrade_request(server, columns, rows, host, origin))
        self.buffer = b''
        while b'\r\n\r\n' not in self.buffer:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise AssertionError('closed during the handshake')
            self.buffer += chunk
        self.head, self.buffer = self.buffer.split(b'\r\n\r\n', 1)
        assert self.head.startswith(b'HTTP/1.1 101'), self.head
        self.screen = b''

    def send(self, payload, opcode=2, **options):
        self.socket.sendall(frame_bytes(payload, opcode, **options))

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

    def close_code(self, timeout=30):
        """The server's close code for this session; 'open' if none came within `timeout`."""
        try:
            return self.closed(timeout=timeout)
        except socket.timeout:
            return 'open'

    def close(self):
        self.socket.close()


def upgrade_request(server, columns=80, rows=24, host=None, origin=None):
    host = host or f'{server.host}:{server.port}'
    origin = origin or f'http://{server.host}:{server.port}'
    key = base64.b64encode(os.urandom(16)).decode()
    return (f'GET /session?columns={columns}&rows={rows} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n'
            f'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n'
            f'Sec-WebSocket-Key: {key}\r\n\r\n').encode()


def frame_bytes(payload, opcode=2, fin=True, rsv=0, masked=True):
    """One client frame on the wire; `masked=False` breaks RFC 6455 on purpose."""
    header = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    bit = 0x80 if masked else 0
    length = len(payload)
    if length < 126:
        header += bytes([bit | length])
    elif length < 65536:
        header += bytes([bit | 126]) + struct.pack('!H', length)
    else:
        header += bytes([bit | 127]) + struct.pack('!Q', length)
    if not masked:
        return header + payload
    mask = os.urandom(4)
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def exchange(server, request, source='127.0.0.1'):
    """Sends a raw HTTP request; returns (status line, head) of the response."""
    with socket.create_connection((server.host, server.port), timeout=30, source_address=(source, 0)) as connection:
        connection.sendall(request)
        data = b''
        while b'\r\n\r\n' not in data:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b'\r\n\r\n', 1)[0].decode('latin-1')
    return head.split('\r\n', 1)[0], head


def server_side_open(server, client_port):
    """True while the server still holds its end of the connection from `client_port`
    (read from /proc/net/tcp: local port = the server's, remote = the client's)."""
    with open('/proc/net/tcp') as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            local, remote, state = fields[1], fields[2], fields[3]
            if int(local.split(':')[1], 16) == server.port and int(remote.split(':')[1], 16) == client_port:
                return state in ('01', '08')  # ESTABLISHED, CLOSE_WAIT: the server has not closed
    return False


def never_reading(server, source):
    """A socket with a small receive buffer that the test never reads."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    connection.bind((source, 0))
    connection.connect((server.host, server.port))
    return connection


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
        except OSError:
            break  # the server closed it: it stopped reading for the write timeout
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


def pipelined_gets(server, count=2000, bound_kib=16 * 1024):
    """2,000 pipelined GETs of xterm.js, never read: the server answers one
    at a time as the client reads (here: never), so its memory stays
    bounded, it closes the connection after the write timeout, and what it
    held is gone after."""
    baseline = server.memory_kib()
    connection = never_reading(server, '127.0.0.41')
    port = connection.getsockname()[1]
    request = f'GET /xterm.js HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n\r\n'.encode()
    connection.sendall(request * count)
    peak = baseline
    deadline = time.monotonic() + 60
    while server_side_open(server, port) and time.monotonic() < deadline:
        peak = max(peak, server.memory_kib())
        time.sleep(0.05)
    closed = not server_side_open(server, port)
    after = server.memory_kib()
    connection.close()
    print(f'pipelined GETs: {count} sent, {len(request) * count // 1024} KiB; server RSS {baseline} KiB -> '
          f'peak {peak} KiB (+{peak - baseline}), {after} KiB after the close; closed by the server: {closed}')
    assert peak - baseline < bound_kib, f'{count} pipelined GETs grew the server by {peak - baseline} KiB'
    assert closed, 'the server kept a connection that never read for 60 s'
    assert after - baseline < bound_kib, f'{after - baseline} KiB still held after the close'


def ping_flood(server, seconds=10, bound_kib=16 * 1024):
    """Pings of 125 bytes for `seconds`, nothing read: at most one
    pong waits, the server stops reading this client, then closes it after
    the write timeout; its app ends."""
    client = Client(server, source='127.0.0.42', receive_buffer=4096)
    client.read_until('Press Enter')
    [pid] = wait_for('the session', lambda: server.session_pids()[-1:])
    port = client.socket.getsockname()[1]
    baseline = server.memory_kib()
    pings = b''.join(frame_bytes(b'p' * 125, opcode=9) for _ in range(64))
    client.socket.setblocking(False)
    sent = 0
    peak = baseline
    pending = b''
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not pending:
                pending = pings
            pending = pending[client.socket.send(pending):]  # whole frames only, however the kernel cuts
            sent += 0 if pending else 64
        except BlockingIOError:
            peak = max(peak, server.memory_kib())
            time.sleep(0.01)
        except OSError:
            break
    peak = max(peak, server.memory_kib())
    print(f'ping flood: {sent} pings unread ({sent * 131 // 1024} KiB); server RSS {baseline} KiB -> peak {peak} KiB '
          f'(+{peak - baseline})')
    assert peak - baseline < bound_kib, f'a ping flood grew the server by {peak - baseline} KiB'
    wait_for('the server to close the flooding session', lambda: not server_side_open(server, port), timeout=60)
    wait_for('the flooding session\'s app to end', lambda: process_gone(pid))
    after = server.memory_kib()
    client.close()
    print(f'ping flood: closed by the server, its app ended; {after} KiB after')


def host_and_origin(server):
    """DNS rebinding: a foreign Host is refused (421) for the page and for a
    session; an Origin of another scheme or port is refused (403); every
    response says Referrer-Policy: no-referrer. No app starts for any."""
    started = len(server.session_pids())
    own = f'{server.host}:{server.port}'
    status, head = exchange(server, f'GET / HTTP/1.1\r\nHost: {own}\r\n\r\n'.encode())
    assert status == 'HTTP/1.1 200 OK', status
    assert 'referrer-policy: no-referrer' in head.lower(), head
    for host in [f'rebind.evil.example:{server.port}', f'localhost.evil.example:{server.port}']:
        status, head = exchange(server, f'GET / HTTP/1.1\r\nHost: {host}\r\n\r\n'.encode())
        assert status == 'HTTP/1.1 421 Misdirected Request', (host, status)
        status, _ = exchange(server, upgrade_request(server, host=host, origin=f'http://{host}'))
        assert status == 'HTTP/1.1 421 Misdirected Request', (host, status)
    status, _ = exchange(server, f'GET / HTTP/1.1\r\nHost: localhost:{server.port}\r\n\r\n'.encode())
    assert status == 'HTTP/1.1 200 OK', status
    for origin in [f'https://{own}', f'http://{server.host}:{server.port + 1}', f'http://{server.host}', 'null',
                   f'http://localhost:{server.port}']:
        status, head = exchange(server, upgrade_request(server, origin=origin))
        assert status == 'HTTP/1.1 403 Forbidden', (origin, status)
        assert 'referrer-policy: no-referrer' in head.lower(), head
    # The client's words reach the log escaped: a C1 control (CSI) in Host and Origin.
    exchange(server, f'GET / HTTP/1.1\r\nHost: evil\u009b31m.example\r\n\r\n'.encode('utf-8'))
    exchange(server, upgrade_request(server, origin='http://evil\u009b2J.example'))
    log = server.log_text()
    assert '\u009b' not in log and '\x1b' not in log, 'a control character from a client reached the log'
    assert len(server.session_pids()) == started, 'an app started for a refused request'
    print('host and origin: foreign Host 421 (page and session), other scheme/port/host Origin 403, '
          'no-referrer on every response, controls escaped in the log')


# (name, frames): each must close its session with the code given; the real
# server on loopback, a session each (the same cases as the Swift table).
RFC_CASES = [
    ('unmasked frame', [frame_bytes(b'x', 2, masked=False)], 1002),
    ('RSV1 set', [frame_bytes(b'x', 2, rsv=4)], 1002),
    ('RSV3 set on a ping', [frame_bytes(b'', 9, rsv=1)], 1002),
    ('reserved opcode 3', [frame_bytes(b'', 3)], 1002),
    ('reserved opcode 0xB', [frame_bytes(b'', 0xB)], 1002),
    ('fragmented ping', [frame_bytes(b'x', 9, fin=False)], 1002),
    ('ping of 126 bytes', [frame_bytes(b'x' * 126, 9)], 1002),
    ('continuation with no message', [frame_bytes(b'x', 0)], 1002),
    ('invalid UTF-8 in a text', [frame_bytes(b'\xce\xba\xed\xa0\x80', 1)], 1007),
    ('invalid UTF-8 across fragments', [frame_bytes(b'{"type":"\xe2\x82', 1, fin=False), frame_bytes(b'\x28', 0)], 1007),
    ('close with code 1005', [frame_bytes(struct.pack('!H', 1005), 8)], 1002),
]


def rfc_6455(server):
    results = []
    for index, (name, frames, expected) in enumerate(RFC_CASES):
        client = Client(server, source=f'127.0.0.{60 + index}')
        client.read_until('Press Enter')
        [pid] = wait_for('the session', lambda: server.session_pids()[-1:])
        for frame in frames:
            client.socket.sendall(frame)
        code = client.close_code(timeout=10)
        client.close()
        results.append((name, code))
        if code != 'open':
            wait_for(f'the app of "{name}" to end', lambda: process_gone(pid))
    print('RFC 6455: ' + '; '.join(f'{name}: {code}' for name, code in results))
    wrong = [(name, code, expected) for (name, code), (_, _, expected) in zip(results, RFC_CASES) if code != expected]
    assert not wrong, f'wrong close codes (case, got, expected): {wrong}'


def server_children(server):
    children = set()
    for task in os.listdir(f'/proc/{server.process.pid}/task'):
        with open(f'/proc/{server.process.pid}/task/{task}/children') as file:
            children |= {int(pid) for pid in file.read().split()}
    return children


def dropped_clients(server, places=8):
    """Browsers that vanish mid-handshake or mid-session leave no app and no
    session place behind: afterwards every app is gone and `places` sessions
    open again from the same address."""
    before = len(server.session_pids())
    source = '127.0.0.90'
    request = upgrade_request(server)
    for cut in [len(request) // 2, len(request)]:  # half a request; the whole one, the 101 never read
        for _ in range(4):
            connection = socket.create_connection((server.host, server.port), source_address=(source, 0))
            connection.sendall(request[:cut])
            connection.close()
    linger = struct.pack('ii', 1, 0)  # close with a reset, as a crashed browser's kernel does
    for stage in ['after the 101', 'after the first screen', 'while output is unread']:
        for _ in range(2):
            client = Client(server, source=source)
            if stage != 'after the 101':
                client.read_until('Press Enter')
            if stage == 'while output is unread':
                client.send(b'\r')
                for _ in range(50):
                    client.send(b'\x1b[6~\x1b[5~')
            client.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
            client.close()
    started = server.session_pids()[before:]
    assert started, 'no session started'
    for pid in started:
        wait_for(f'the dropped session\'s app {pid} to end', lambda: process_gone(pid), timeout=60)
    wait_for('the server to reap every app', lambda: not server_children(server), timeout=60)
    # Every place came back: a full set of sessions opens from that address.
    def session():
        client = Client(server, source=source)
        try:
            client.read_until('Press Enter')
            return client
        except AssertionError:  # refused (1013): a place not yet given back
            client.close()
            return None
    clients = [wait_for('a session after the drops', session, timeout=30) for _ in range(places)]
    for client in clients:
        client.close()
    print(f'dropped clients: 8 mid-handshake, 6 mid-session ({len(started)} apps started), all apps ended, '
          f'{places} sessions open again from the same address')


def hostile_typing(server):
    """Hostile text typed into the catalog's filter field through the
    socket: control characters, C1 controls, an OSC and a screen clear
    inside a bracketed paste, 100 KB of input. Nothing the client typed
    comes back as a control sequence, the app still answers, the log holds
    no raw control character."""
    client = Client(server, source='127.0.0.95', columns=120, rows=40)
    client.read_until('Press Enter')
    client.send(b'\r')
    client.read_until('iPhone 3G')
    client.send(b'/')
    client.read_until('/')
    marker = b'\x1b]0;pwned\x07'
    hostile = [b'\x01\x02\x07\x08\x0b\x0c\x0e\x0f\x10\x7f',
               '\u009b2J\u009d0;pwned\u009c\u202e\u0085'.encode(),
               b'\x1b[200~' + marker + b'\x1b[2J\x1b]52;c;cHduZWQ=\x07\x1b[201~',
               b'A' * 2000,                                   # typed, a key each
               b'\x1b[200~' + b'B' * 100_000 + b'\x1b[201~']  # pasted, as the page sends it: 16 KiB frames
    seen = b''
    for payload in hostile:
        for start in range(0, len(payload), 16 * 1024):
            client.send(payload[start:start + 16 * 1024])
    # The app still answers: a resize to 45 rows is drawn on row 45, which
    # did not exist before (whatever screen the typed keys left open).
    client.resize(120, 45)
    client.socket.settimeout(120)
    deadline = time.monotonic() + 120
    while not re.search(rb'\x1b\[45[;d]', seen):
        assert time.monotonic() < deadline, f'no repaint at 45 rows after the hostile input: {seen[-300:]!r}'
        opcode, payload = client.frame()
        assert opcode != 8, f'closed: {payload!r}'
        seen += payload
    for forbidden in [marker, b'\x1b]52', b'\xc2\x9b', b'\xc2\x9d', b'pwned\x07']:
        assert forbidden not in seen, f'{forbidden!r} typed by the client came back to the terminal'
    assert server.process.poll() is None
    client.close()
    log = server.log_text()
    data_log = os.path.join(server.folder, 'data', 'catalog.log')
    if os.path.exists(data_log):
        with open(data_log, errors='replace') as file:
            log += file.read()
    assert 'pwned\x07' not in log and '\x1b]' not in log, 'a typed control sequence reached a log raw'
    print(f'hostile typing: controls, C1, an OSC in a paste, 2,000 keys and a 100 KB paste; {len(seen)} bytes back, '
          'none of them a typed sequence; the app answers; logs clean')


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
    server = WebServer(arguments.app, '--max-sessions', '16', '--max-sessions-per-address', '8', '--write-timeout', '5')
    try:
        pipelined_gets(server)
        ping_flood(server)
        host_and_origin(server)
        rfc_6455(server)
        dropped_clients(server)
        hostile_typing(server)
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
