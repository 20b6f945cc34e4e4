#!/usr/bin/env python3
"""The deprecation fix-its write code that compiles.

Usage: Scripts/old-api-fixits.py SCRATCH   (`make old-api-check`, after the
Tests/OldAPI package was built in SCRATCH)

For each app of Tests/OldAPI (one main.swift each, written with the names
from before 0.1.0), type-checks it against the framework built in SCRATCH
and reads every deprecation warning with the replacement the compiler
offers for it ("note: use 'init(name:configuration:)' instead", from the
declaration's `renamed:`). Each is applied to a copy as the fix-it does it
(the name at the warning's place, and for a function the argument labels
of its call), and the copy is type-checked again: it must compile, and no
deprecation with a replacement may be left (those with a message only,
such as `onNeedsDetail`, stay and are counted). A `renamed:` naming the
wrong declaration fails here with the compiler's message. (Swift 6.3's
driver no longer writes fix-its to a file: `-emit-fixits-path` is
obsolete, so the replacement is read from the note.) Exits 1 on a failure."""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "Tests" / "OldAPI"
DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (warning|note|error): (.*)$")
DEPRECATED = re.compile(r"'([^']+)' is deprecated")
USE = re.compile(r"use '([^']+)' instead")


def build_folder(scratch):
    for candidate in (scratch / "debug", *sorted(scratch.glob("*/debug"))):
        if (candidate / "Modules").is_dir():
            return candidate
    sys.exit(f"old-api-fixits: no debug build with Modules/ in {scratch} (build Tests/OldAPI there first)")


def typecheck(source, build):
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "OldApp", str(source),
               "-diagnostic-style", "llvm", "-I", str(build / "Modules"),
               "-Xcc", f"-fmodule-map-file={build / 'CShojiCurses.build' / 'module.modulemap'}",
               "-Xcc", f"-I{ROOT / 'Modules' / 'CShojiCurses' / 'include'}"]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def deprecations(output):
    """(line, column, old name, replacement or None) for each deprecation warning."""
    found = {}
    for text in output.splitlines():
        match = DIAGNOSTIC.match(text)
        if not match:
            continue
        place = (int(match.group(2)), int(match.group(3)))
        if match.group(4) == "warning" and (old := DEPRECATED.search(match.group(5))):
            found[place] = [old.group(1), None]
        elif match.group(4) == "note" and place in found and (use := USE.search(match.group(5))):
            found[place][1] = use.group(1)
    return [(line, column, old, new) for (line, column), (old, new) in sorted(found.items())]


def labels(name):
    inside = name[name.index("(") + 1: name.rindex(")")]
    return [label for label in inside.split(":") if label != ""]


def apply(lines, line, column, old, new):
    """Rewrites lines[line - 1] at `column` as the fix-it for `old` -> `new` would."""
    text = lines[line - 1]
    start = column - 1
    old_base = old.split("(")[0]
    new_base = new.split("(")[0]
    if "(" not in new:
        end = start + len(old_base)
        lines[line - 1] = text[:start] + new + text[end:]
        return
    if old_base != "init" and text[start:start + len(old_base)] == old_base and new_base != old_base:
        text = text[:start] + new_base + text[start + len(old_base):]
    # The call's argument labels, in order, inside its parentheses.
    open_paren = text.index("(", start)
    position = open_paren + 1
    for before, after in zip(labels(old), labels(new)):
        if before == "_" or before == after:
            continue
        found = re.compile(rf"\b{re.escape(before)}\s*:").search(text, position)
        if found:
            text = text[:found.start()] + after + ":" + text[found.end():]
            position = found.start() + len(after) + 1
    lines[line - 1] = text


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = build_folder(Path(sys.argv[1]))
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for source in sorted(PACKAGE.glob("Sources/*/main.swift")):
            app = source.parent.name
            status, output = typecheck(source, build)
            if status != 0:
                print(output)
                print(f"FAIL {app}: does not compile as written")
                failures += 1
                continue
            found = deprecations(output)
            lines = source.read_text().split("\n")
            for line, column, old, new in reversed(found):
                if new:
                    apply(lines, line, column, old, new)
            fixed = Path(folder) / app / "main.swift"
            fixed.parent.mkdir()
            fixed.write_text("\n".join(lines))
            status, output = typecheck(fixed, build)
            left = deprecations(output)
            renamed_left = [entry for entry in left if entry[3]]
            applied = sum(1 for entry in found if entry[3])
            if status != 0 or renamed_left:
                print(output)
                print(f"FAIL {app}: {applied} replacements applied, the result "
                      + ("does not compile" if status else f"still uses {len(renamed_left)} renamed names"))
                failures += 1
            else:
                print(f"ok   {app}: {len(found)} deprecation warnings, {applied} replacements applied, "
                      f"compiles; {len(left)} left with a message and no replacement "
                      + (f"({', '.join(sorted({entry[2] for entry in left}))})" if left else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
