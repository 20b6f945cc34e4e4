#!/usr/bin/env python3
"""The framework's public API against its last release: fails when a break
is not listed in the CHANGELOG's Migrating sections.

Usage: Scripts/api-check.py [TAG [RELEASE]]   (`make api-check`; TAG
defaults to the newest tag that is a version, `0.1.0`, else the newest
release Scripts/releases.txt lists with its commit; RELEASE, the version
whose CHANGELOG section TAG is, defaults to TAG: a commit can stand in for
a tag that is not made yet, `Scripts/api-check.py HEAD 0.1.0`)

Runs `swift package diagnose-api-breaking-changes TAG` for every library
product of the root package (the baseline is built from TAG in
.build-api/baseline, the current tree in .build-api: one folder, removed by
CI's scratch cleanup). Each break it reports ("API breakage: var
ShojiApp.options has been removed") names a declaration. The break is
listed when that declaration's name, without its parameter list
(`ShojiApp.options`; an initialiser as `ShojiApp.init` or `ShojiApp(`), is
written in backticks in a Migrating section of the CHANGELOG above TAG's
own section: [Unreleased] or a later release. The rule is in
CONTRIBUTING.md, "The API check".

Exits 1 with the list of unlisted breaks; 0 when every break is listed
(listed ones are printed too), and 0 with a note when the repository has
no version tag yet (a clone of a branch that was never released)."""
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build-api"
PRODUCTS = ["ShojiCore", "ShojiCurses", "ShojiNavigation", "ShojiPresentation",
            "ShojiWidgets", "ShojiAppKit", "ShojiTesting", "ShojiEndToEnd"]
VERSION_TAG = re.compile(r"^\d+\.\d+\.\d+$")
BREAK = re.compile(r"API breakage: (?:(?:static|class|mutating|final)\s+)*([A-Za-z]+) ([A-Za-z_][A-Za-z0-9_.]*)")
ACCESSORS = (".Get", ".Set", ".Modify", "._modify", ".Read")


def newest_release():
    """(what to compare with, its version): the newest version tag, or where
    a clone carries no tags (a submission sends commits, not always tags)
    the newest line of Scripts/releases.txt, `VERSION COMMIT`."""
    tags = subprocess.run(["git", "tag", "--list"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    releases = {tag: tag for tag in tags if VERSION_TAG.match(tag)}
    listed = ROOT / "Scripts" / "releases.txt"
    if listed.exists():
        for line in listed.read_text().splitlines():
            fields = line.split()
            if len(fields) == 2 and VERSION_TAG.match(fields[0]) and not line.startswith("#"):
                releases.setdefault(fields[0], fields[1])
    if not releases:
        return None, None
    version = max(releases, key=lambda tag: tuple(int(part) for part in tag.split(".")))
    return releases[version], version


def migrating_text(tag):
    """The Migrating sections of [Unreleased] and of every release above `tag`."""
    changelog = (ROOT / "CHANGELOG.md").read_text()
    releases = re.split(r"^## ", changelog, flags=re.M)[1:]
    text = []
    for release in releases:
        if release.startswith(f"[{tag}]"):
            break
        section = re.search(r"^### Migrating\n(.*?)(?=^### |\Z)", release, flags=re.M | re.S)
        if section:
            text.append(section.group(1))
    return "\n".join(text)


def names(kind, declaration):
    """How a Migrating section may write the declaration a break names."""
    for accessor in ACCESSORS:
        if declaration.endswith(accessor):
            declaration = declaration[: -len(accessor)]
    written = {declaration}
    if kind == "constructor" and declaration.endswith(".init"):
        written.add(declaration[: -len(".init")] + "(")
    return written


def main():
    tag, version = (sys.argv[1], sys.argv[1]) if len(sys.argv) > 1 else newest_release()
    if tag is None:
        print("api-check: no version tag in this repository (git tag 0.1.0 makes the first release): nothing to compare")
        return 0
    command = ["swift", "package", "--scratch-path", str(SCRATCH), "diagnose-api-breaking-changes", tag,
               "--products", *PRODUCTS, "--baseline-dir", str(SCRATCH / "baseline")]
    print("api-check: " + " ".join(command), flush=True)
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    output = result.stdout + result.stderr
    print(f"api-check: diagnose-api-breaking-changes took {time.monotonic() - started:.0f} s")
    breaks = sorted({line.strip().lstrip("💔").strip() for line in output.splitlines() if "API breakage:" in line})
    if result.returncode != 0 and not breaks:
        print(output)
        print(f"api-check: diagnose-api-breaking-changes failed (status {result.returncode}) without naming a break")
        return 1
    release = sys.argv[2] if len(sys.argv) > 2 else version
    spans = re.findall(r"`([^`\n]+)`", migrating_text(release))
    unlisted = []
    for message in breaks:
        match = BREAK.search(message)
        listed = bool(match) and any(name in span for name in names(*match.groups()) for span in spans)
        print(f"  {'listed  ' if listed else 'UNLISTED'} {message}")
        if not listed:
            unlisted.append(message)
    if unlisted:
        print(f"api-check: {len(unlisted)} of {len(breaks)} API breaks since {tag} are not in a Migrating section "
              "of CHANGELOG.md: keep the old name as a deprecated alias, or list the break with before/after code "
              "(CONTRIBUTING.md, \"The API check\")")
        return 1
    print(f"api-check: {len(breaks)} API breaks since {tag}, all listed in CHANGELOG.md's Migrating sections")
    return 0


if __name__ == "__main__":
    sys.exit(main())
