#!/usr/bin/env python3
"""`make help`: every target of the Makefile with the first line of its
`## target: ...` comment. With --check, fails naming any .PHONY target that
has no such comment, or whose comment runs on to a second `##` line, so a
target cannot be added without saying in one line what it does (`make lint`
runs it); the rest belongs in a `#` comment or the script it runs."""
import re
import sys
from pathlib import Path

makefile = Path(__file__).resolve().parent.parent / "Makefile"
lines = makefile.read_text().splitlines()

# A `## name:` line documents a target only where `name` is one: the first
# line of a comment block is the summary, the lines after it the details.
targets = set()
for line in lines:
    found = re.match(r"^([a-z][a-z0-9 -]*):(?!=)", line)
    if found:
        targets.update(found.group(1).split())
entries = {}
order = []
longer = []
index = 0
while index < len(lines):
    match = re.match(r"^## ([a-z][a-z0-9-]*): ?(.*)$", lines[index])
    if not match:
        index += 1
        continue
    index += 1
    name = match.group(1)
    if name not in targets or name in entries:
        continue
    if index < len(lines) and lines[index].startswith("##") and not re.match(r"^## [a-z][a-z0-9-]*:", lines[index]):
        longer.append(name)
    entries[name] = match.group(2).rstrip(".")
    order.append(name)

phony = set()
for line in "\n".join(lines).replace("\\\n", " ").splitlines():
    if line.startswith(".PHONY:"):
        phony.update(line[len(".PHONY:"):].split())

if "--check" in sys.argv:
    missing = sorted(phony - set(entries))
    if missing:
        print("Makefile: these targets have no '## target: what it does' comment: " + ", ".join(missing))
        sys.exit(1)
    if longer:
        print("Makefile: say these targets' help in one `##` line (details in a `#` comment): " + ", ".join(longer))
        sys.exit(1)
    sys.exit(0)

width = max(len(name) for name in order)
for name in order:
    print(f"  {name.ljust(width)}  {entries[name]}")
