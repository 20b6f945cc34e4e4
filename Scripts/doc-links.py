#!/usr/bin/env python3
"""Symbol links (``Name``) in a module's documentation that DocC cannot
resolve: DocC builds each module's documentation alone, so a link resolves
only to a symbol declared in that same module; a type from another module
(even one this module re-exports) fails `make docs` with "'X' doesn't exist".
Name such a type in code voice (`Canvas`) instead. Reads the /// comments and
the DocC articles of every documented module; `make check` runs it, so the
mistake shows up in seconds rather than in `make docs`."""
import glob
import re
import sys

MODULES = sorted(path.rstrip("/") for path in glob.glob("Sources/*/") + glob.glob("ShojiSSH/Sources/*/") + glob.glob("ShojiWeb/Sources/*/") if glob.glob(f"{path}*.docc"))
DECLARATION = re.compile(r"\b(?:class|struct|enum|protocol|typealias|actor|func|var|let|case|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*)")

problems = []
for folder in MODULES:
    module = folder.rsplit("/", 1)[1]
    declared = set()
    for source in glob.glob(f"{folder}/**/*.swift", recursive=True):
        declared.update(DECLARATION.findall(open(source, encoding="utf-8").read()))
    declared.add(module)
    texts = glob.glob(f"{folder}/**/*.swift", recursive=True) + glob.glob(f"{folder}/**/*.md", recursive=True)
    for path in sorted(texts):
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if path.endswith(".swift") and not line.lstrip().startswith("///"):
                continue
            for link in re.findall(r"``([^`]+)``", line):
                first = re.split(r"[/.(]", link, maxsplit=1)[0]
                if first not in declared:
                    problems.append(f"{path}:{number}: ``{link}`` names no symbol of {module}: DocC cannot link it (write `{link}`)")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
