#!/usr/bin/env python3
"""A terminal that speaks the kitty keyboard protocol, for end-to-end tests.

Runs a Shoji app (the catalog: `BINARY --guest --data-dir DIR --generate 100`)
on a real pseudo-terminal that answers the start-up probe as kitty does
(keyboard flags, synchronized output, device attributes), or as a plain
terminal with --plain, then plays one scenario and prints what it saw as
JSON on stdout:

  quit     Enter, Enter, Esc as CSI 27 u (timed), q
  ctrl-c   Ctrl-C as kitty reports it (CSI 99 ; 5 u)
  sigterm  SIGTERM from outside
  crash    the app crashes on purpose after its first paint

{"status": exit status, "output": everything the app wrote (latin-1), "esc_ms": ...}

Usage: Scripts/kitty_terminal.py BINARY SCENARIO [--plain]
"""

import json
import os
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks"))
import pty_driver  # noqa: E402

ESC = b"\x1b[27u"
CTRL_C = b"\x1b[99;5u"


def main():
    binary, scenario = sys.argv[1], sys.argv[2]
    answers = pty_driver.PLAIN_ANSWERS if "--plain" in sys.argv else pty_driver.KITTY_ANSWERS
    data = tempfile.mkdtemp(prefix="kitty-e2e-")
    argv = [binary, "--guest", "--data-dir", data, "--generate", "100"]
    if scenario == "crash":
        argv.append("--crash-after-first-paint")
    term = pty_driver.Terminal(argv, 80, 24, cwd=data, home=data, answers=answers)
    result = {}
    try:
        if scenario != "crash":  # which ends by itself, right after its first paint
            term.response(term.started, 20, until=b"100 items")
        if scenario == "quit":
            term.press(pty_driver.KEYS["enter"], until=b"List")
            term.press(pty_driver.KEYS["enter"])  # into the first item's detail
            seconds, _ = term.press(ESC)
            result["esc_ms"] = seconds * 1000
            os.write(term.master, pty_driver.KEYS["quit"])
        elif scenario == "ctrl-c":
            os.write(term.master, CTRL_C)
        elif scenario == "sigterm":
            term.process.send_signal(signal.SIGTERM)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                term.transcript += term._read(0.05)
            except pty_driver.Lost:  # the terminal's last holder is gone
                break
        result["status"] = term.process.wait(timeout=10)
    finally:
        if term.process.poll() is None:
            term.process.kill()
            term.process.wait()
        os.close(term.master)
    result["output"] = bytes(term.transcript).decode("latin-1")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
