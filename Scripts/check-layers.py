#!/usr/bin/env python3
"""The layer tables of ARCHITECTURE.md against the code.

ARCHITECTURE.md lists, in fenced blocks marked `layers`, every module of
each package and the modules it may import. For each package named there
this checks, both ways, that the manifest (`swift package dump-package`)
declares exactly those dependencies for exactly those targets (test targets
aside), and that no source file imports a module its target does not
declare (toolchain modules aside). A module added, a dependency added or an
import added without the page saying so fails `make check`.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SWIFT = os.environ.get("SWIFT", "swift")
# Modules that come with the toolchain or the system: importable by anyone.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl", "Darwin",
    "Dispatch", "Synchronization", "Observation", "_Concurrency", "os", "CoreFoundation",
    "XCTest", "Testing", "Android", "WinSDK", "ucrt",
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def tables():
    text = (ROOT / "ARCHITECTURE.md").read_text()
    packages = {}
    for block in re.findall(r"```layers\n(.*?)```", text, re.S):
        package = None
        for line in block.splitlines():
            line = line.strip()
            if not line:
                continue
            if line.startswith("# package "):
                package = line[len("# package "):].strip()
                packages.setdefault(package, {})
                continue
            if package is None:
                sys.exit("ARCHITECTURE.md: a layers block must start with '# package PATH'")
            name, *deps = line.split()
            packages[package][name] = set() if deps == ["-"] else set(deps)
    return packages


def manifest(package):
    output = subprocess.run([SWIFT, "package", "dump-package", "--package-path", str(ROOT / package)],
                            check=True, capture_output=True, text=True).stdout
    targets = {}
    for target in json.loads(output)["targets"]:
        if target["type"] in ("test", "plugin"):
            continue
        deps = set()
        for dependency in target["dependencies"]:
            kind = next(iter(dependency))
            deps.add(dependency[kind][0])
        path = target.get("path") or ("Sources/" + target["name"])
        targets[target["name"]] = (deps, ROOT / package / path)
    return targets


def imports(folder):
    found = {}
    for source in sorted(folder.rglob("*.swift")):
        for module in IMPORT.findall(source.read_text(errors="replace")):
            found.setdefault(module, source.relative_to(ROOT))
    return found


def main():
    problems = []
    for package, expected in tables().items():
        declared = manifest(package)
        for name in sorted(set(expected) | set(declared)):
            if name not in declared:
                problems.append(f"{package}: ARCHITECTURE.md lists {name}, which the manifest does not declare")
                continue
            if name not in expected:
                problems.append(f"{package}: target {name} is missing from ARCHITECTURE.md's layer table")
                continue
            deps, folder = declared[name]
            if deps != expected[name]:
                extra, missing = sorted(deps - expected[name]), sorted(expected[name] - deps)
                problems.append(f"{package}: {name} depends on {', '.join(deps) or 'nothing'} in the manifest;"
                                f" ARCHITECTURE.md says {', '.join(sorted(expected[name])) or 'nothing'}"
                                f" (not in the page: {', '.join(extra) or '-'}; not in the manifest: {', '.join(missing) or '-'})")
            for module, source in imports(folder).items():
                if module not in deps and module not in TOOLCHAIN and module != name:
                    problems.append(f"{source}: imports {module}, which {name} does not declare (ARCHITECTURE.md, Layers)")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"layers: {sum(len(t) for t in tables().values())} modules agree with ARCHITECTURE.md")


main()
