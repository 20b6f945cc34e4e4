#!/usr/bin/env python3
"""The deprecation fix-its write code that compiles.

Usage: Scripts/old-api-fixits.py SCRATCH   (`make old-api-check`, after the
Tests/OldAPI package was built in SCRATCH)

For each app of Tests/OldAPI (one main.swift each, written with the names
from before 0.1.0), asks the compiler for every fix-it it offers
(`-fixit-all -emit-fixits-path`), applies them to a copy, and type-checks
the copy again: it must compile with no deprecation warning left. A
`renamed:` that names the wrong declaration, or one the fix-it cannot
write, fails here with the compiler's message. Exits 1 on any failure."""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "Tests" / "OldAPI"


def build_folder(scratch):
    for candidate in (scratch / "debug", *sorted(scratch.glob("*-linux-gnu/debug")), *sorted(scratch.glob("*-apple-macosx/debug"))):
        if (candidate / "Modules").is_dir():
            return candidate
    sys.exit(f"old-api-fixits: no debug build with Modules/ in {scratch} (build Tests/OldAPI there first)")


def typecheck(source, build, extra=()):
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "OldApp", str(source),
               "-I", str(build / "Modules"), "-Xcc", f"-fmodule-map-file={build / 'CShojiCurses.build' / 'module.modulemap'}",
               "-Xcc", f"-I{ROOT / 'Modules' / 'CShojiCurses' / 'include'}", *extra]
    return subprocess.run(command, capture_output=True, text=True)


def apply(source_text, edits):
    data = source_text.encode()
    for edit in sorted(edits, key=lambda e: e["offset"], reverse=True):
        data = data[: edit["offset"]] + edit["text"].encode() + data[edit["offset"] + edit["remove"]:]
    return data.decode()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = build_folder(Path(sys.argv[1]))
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for source in sorted(PACKAGE.glob("Sources/*/main.swift")):
            app = source.parent.name
            remap = Path(folder) / f"{app}.remap"
            first = typecheck(source, build, ["-Xfrontend", "-fixit-all", "-Xfrontend", "-emit-fixits-path",
                                              "-Xfrontend", str(remap)])
            deprecations = first.stderr.count("is deprecated")
            if first.returncode != 0 or not remap.exists():
                print(first.stderr)
                print(f"FAIL {app}: does not compile as written")
                failures += 1
                continue
            edits = [edit for edit in json.loads(remap.read_text() or "[]")]
            fixed = Path(folder) / app / "main.swift"
            fixed.parent.mkdir()
            fixed.write_text(apply(source.read_text(), edits))
            second = typecheck(fixed, build)
            left = second.stderr.count("is deprecated")
            if second.returncode != 0 or left:
                print(second.stderr)
                print(f"FAIL {app}: {len(edits)} fix-its applied, the result "
                      + ("does not compile" if second.returncode else f"still has {left} deprecation warnings"))
                failures += 1
            else:
                print(f"ok   {app}: {deprecations} deprecation warnings, {len(edits)} fix-its applied, compiles without one")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
