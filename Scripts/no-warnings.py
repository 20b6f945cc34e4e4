#!/usr/bin/env python3
"""Fails when a build log shows a compiler warning in the project's own code.

Usage: Scripts/no-warnings.py LOG...   (the output of builds from a fresh
clone, where every file is compiled and so every warning printed; .ci/run
keeps its whole output for this). Warnings in dependencies (anything under a
build folder) are not ours and are left out. Each warning is listed once,
however many times the log repeats it. The warnings known today are listed
in Scripts/known-warnings.txt (path and message, without the line): those
are reported but do not fail; shrink that list, never grow it. Deprecation
warnings in Tests/OldAPI (code kept on the previous release's names, built
by `make old-api-check`) are expected and left out."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARNING = re.compile(r"^(/[^:\s]+):(\d+):(\d+): warning: (.*)$")
DEPRECATED = re.compile(r"is deprecated(:| \[)|is deprecated$")

found = {}
for log in sys.argv[1:]:
    for line in Path(log).read_text(errors="replace").splitlines():
        match = WARNING.match(line.strip())
        if not match:
            continue
        path = Path(match.group(1))
        try:
            relative = path.resolve().relative_to(ROOT)
        except ValueError:
            continue
        if any(part.startswith(".build") for part in relative.parts):
            continue
        # Tests/OldAPI is code written against the previous release's names
        # on purpose (make old-api-check): its deprecation warnings are the
        # point; any other warning there counts.
        if relative.parts[:2] == ("Tests", "OldAPI") and DEPRECATED.search(match.group(4)):
            continue
        found.setdefault(f"{relative}:{match.group(2)}:{match.group(3)}", match.group(4))

known_file = ROOT / "Scripts" / "known-warnings.txt"
known = {line for line in known_file.read_text().splitlines() if line and not line.startswith("#")} if known_file.exists() else set()
unknown = {}
for place, message in sorted(found.items()):
    print(f"{place}: warning: {message}")
    if f"{place.split(':')[0]}: {message}" not in known:
        unknown[place] = message
if found and not unknown:
    print(f"{len(found)} compiler warnings, all in Scripts/known-warnings.txt: fix them and take them off")
    sys.exit(0)
found = unknown
if found:
    print(f"{len(found)} compiler warnings in the project's own code: fix them (CI builds with none)")
    sys.exit(1)
print("no compiler warnings in the project's own code")
