"""Starts `APP web` on a free port in a data folder of its own, reads the
address it prints, and finds its sessions' apps in its log. Shared by the
browser test and the hostile-client test."""
import os, re, signal, subprocess, tempfile, time


class WebServer:
    def __init__(self, app, *arguments, token=None):
        self.folder = tempfile.mkdtemp(prefix='shoji-web-')
        self.token = token
        command = [app, 'web', '--port', '0', '--data-dir', os.path.join(self.folder, 'data'), *arguments]
        if token:
            path = os.path.join(self.folder, 'token')
            with open(path, 'w') as file:
                file.write(token + '\n')
            command += ['--token-file', path]
        else:
            command.append('--public')
        environment = dict(os.environ, LANG='C.UTF-8', SWIFT_BACKTRACE='interactive=no')
        self.log_path = os.path.join(self.folder, 'server.log')
        self.log = open(self.log_path, 'w')
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, env=environment, text=True)
        line = self.process.stdout.readline()
        match = re.search(r'on ([0-9.]+):(\d+)', line)
        if not match:
            self.stop()
            raise RuntimeError(f'the server did not start: {line!r}\n{self.log_text()}')
        self.host, self.port = match.group(1), int(match.group(2))

    def url(self, token=None, host=None):
        token = self.token if token is None else token
        return f'http://{host or self.host}:{self.port}/' + (f'?token={token}' if token else '')

    def log_text(self):
        self.log.flush()
        with open(self.log_path) as file:
            return file.read()

    def session_pids(self):
        return [int(pid) for pid in re.findall(r'pid=(\d+) size=\S+ \[ShojiWeb\] session started', self.log_text())]

    def memory_kib(self):
        """The server's resident memory (its own process; apps are children)."""
        with open(f'/proc/{self.process.pid}/status') as file:
            for line in file:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
        return 0

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def wait_for(what, predicate, timeout=60, interval=0.1):
    """Polls `predicate` until it returns a true value (returned), or fails
    saying `what` after `timeout` seconds: waits for a state, never a sleep
    standing in for one."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f'timed out waiting for {what}')
        time.sleep(interval)


def process_gone(pid):
    """True once `pid` has exited (and been reaped, or is a zombie)."""
    try:
        with open(f'/proc/{pid}/stat') as file:
            return file.read().split(') ')[1].startswith('Z')
    except FileNotFoundError:
        return True
