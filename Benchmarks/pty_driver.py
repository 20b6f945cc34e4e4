"""A program on a pseudo-terminal, driven as a person at a terminal would:
keys written, the answer read until the terminal is quiet, and the start-up
probe answered as a terminal answers it. What the benchmarks and the
reliability scripts share (run.py, key_path.py, ssh.py, ssh_scale.py,
soak_server.py, files_bench.py, store.py, Scripts/kitty_terminal.py).

Python 3 standard library only."""

import fcntl
import os
import select
import struct
import subprocess
import termios
import time

QUIET = 0.015          # seconds without a byte that end a response
FIRST_BYTE_TIMEOUT = 10.0  # a key that gets no answer in this long is recorded as lost
STARTUP_TIMEOUT = 60.0

KEYS = {
    "down": b"\x1bOB",     # xterm application cursor mode (keypad transmit is on)
    "pgdn": b"\x1b[6~",
    "enter": b"\r",
    "esc": b"\x1b",
    "slash": b"/",
    "home": b"g",          # first row: 'g' in both programs
    "quit": b"q",
}


# --- a program on a pseudo-terminal ---

# A Shoji app asks the terminal at start what it supports (the kitty keyboard
# flags, synchronized output, then Primary Device Attributes, which every
# terminal answers) and waits for the DA1 answer. A real terminal answers at
# once; this driver must too, as a terminal without those extensions would.
PROBE = b"\x1b[c"
PLAIN_ANSWERS = b"\x1b[?62;22c"
KITTY_ANSWERS = b"\x1b[?0u\x1b[?2026;2$y\x1b[?62;22c"


class ProbeAnswerer:
    """Watches a program's output and answers the start-up probe once."""

    def __init__(self, fd, answers=PLAIN_ANSWERS):
        self.fd, self.answers, self.tail, self.done = fd, answers, b"", False

    def saw(self, data):
        if self.done:
            return
        self.tail = (self.tail + data)[-16:]
        if PROBE in self.tail:
            os.write(self.fd, self.answers)
            self.done = True

def proc_status(pid, field):
    """A kB field of /proc/PID/status (VmHWM, VmRSS), or None when gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class Lost(Exception):
    """The program did not answer in time or exited."""


class Terminal:
    def __init__(self, argv, columns, lines, cwd=None, home=None, answers=PLAIN_ANSWERS, extra_env=None):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home or os.environ.get("HOME", "/tmp"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        }  # no LINES/COLUMNS: curses must take the size from the terminal
        env.update(extra_env or {})

        def child_setup():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                                        preexec_fn=child_setup, close_fds=True)
        os.close(slave)
        os.set_blocking(self.master, False)
        self.probe = ProbeAnswerer(self.master, answers)
        self.total_bytes = 0
        self.transcript = bytearray()

    def _read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return b""
        except OSError:  # EIO: the slave side is closed, the program is gone
            raise Lost("program exited")
        if not data:
            raise Lost("program exited")
        self.probe.saw(data)
        return data

    def response(self, since, first_timeout=FIRST_BYTE_TIMEOUT, until=None):
        """Reads until QUIET seconds pass without a byte (after the first byte,
        and after `until` has appeared when given). Returns (seconds from
        `since` to the last byte, bytes)."""
        out = bytearray()
        deadline = time.perf_counter() + first_timeout
        last = None
        while True:
            now = time.perf_counter()
            waiting_for_marker = until is not None and until not in out
            if last is None or waiting_for_marker:
                timeout = deadline - now
                if timeout <= 0:
                    raise Lost(f"no {'marker ' + repr(until) if waiting_for_marker else 'answer'}"
                               f" in {first_timeout:.0f} s")
                timeout = min(timeout, QUIET) if last is not None else timeout
            else:
                timeout = last + QUIET - now
                if timeout <= 0:
                    break
            data = self._read(timeout)
            if data:
                last = time.perf_counter()
                out += data
        self.total_bytes += len(out)
        self.transcript += out
        return last - since, bytes(out)

    def drain(self):
        """Reads whatever is still arriving (unmeasured)."""
        try:
            while self._read(QUIET):
                pass
        except Lost:
            pass

    def press(self, key, until=None, first_timeout=FIRST_BYTE_TIMEOUT):
        sent = time.perf_counter()
        os.write(self.master, key)
        return self.response(sent, first_timeout=first_timeout, until=until)

    def peak_rss_kib(self):
        return proc_status(self.process.pid, "VmHWM")

    def timed_quit(self):
        """Presses q and returns (seconds from the key to the last byte, which
        restores the screen; seconds to the process's exit, which the shell's
        prompt waits for; bytes written after the key)."""
        pidfd = os.pidfd_open(self.process.pid)
        out = bytearray()
        last = None
        try:
            sent = time.perf_counter()
            os.write(self.master, KEYS["quit"])
            while True:
                ready, _, _ = select.select([self.master, pidfd], [], [], STARTUP_TIMEOUT)
                if not ready:
                    raise Lost("did not exit after q")
                if self.master in ready:
                    try:
                        data = os.read(self.master, 65536)
                        if data:
                            out += data
                            last = time.perf_counter()
                    except OSError:  # EIO: the terminal's last holder is gone
                        pass
                if pidfd in ready:
                    exited = time.perf_counter()
                    break
            self.process.wait()
            return (last or exited) - sent, exited - sent, bytes(out)
        finally:
            os.close(pidfd)
            os.close(self.master)

    def quit(self):
        try:
            os.write(self.master, KEYS["quit"])
            self.drain()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            os.close(self.master)


# --- one session: start, measure every key, quit ---
