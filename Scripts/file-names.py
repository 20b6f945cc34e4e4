#!/usr/bin/env python3
"""Every Swift file of the framework is named after the type it holds:
`TerminalScreen.swift` declares `TerminalScreen`, and `Type+Concern.swift`
extends `Type` (or declares it). Lists the files that break the rule and
exits 1; `make check` runs it. Files that hold no type (free functions, an
`Exports.swift` of re-exports) are named after what they hold and are left
alone."""
import glob
import re
import sys

DECLARES = re.compile(r"^\s*(?:@[\w()\":, ]+\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)
EXTENDS = re.compile(r"^\s*(?:@[\w()\":, ]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?extension\s+([A-Za-z_][A-Za-z0-9_.]*)", re.M)

problems = []
for path in sorted(glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("ShojiSSH/Sources/**/*.swift", recursive=True)):
    name = path.rsplit("/", 1)[1][:-len(".swift")]
    base = name.split("+", 1)[0]
    text = open(path, encoding="utf-8").read()
    declared = set(DECLARES.findall(text))
    extended = {full.split(".")[-1] for full in EXTENDS.findall(text)} | {full.split(".")[0] for full in EXTENDS.findall(text)}
    if not declared and not extended:
        continue
    if base in declared or base in extended:
        continue
    problems.append(f"{path}: holds {', '.join(sorted(declared | extended))}; name the file after its main type")
for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} files not named after their types")
    sys.exit(1)
