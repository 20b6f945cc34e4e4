#!/usr/bin/env bash
# The screen generator end to end: Examples/Notes copied to a temporary
# folder (depending on this checkout by absolute path), `new-screen
# Settings` run in it (presenter, view and route into NotesPresenters, the
# panel view into NotesApp, found by themselves), then its build and tests;
# a second run must refuse to overwrite, a lower-case name must be refused.
#
#   Scripts/generator-test.sh   (SWIFT; SCRATCH, default .build-packages)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
scratch=${SCRATCH:-$root/.build-packages}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== new-screen in $work/Notes"
tar -C "$root/Examples" --exclude=.build -cf - Notes | tar -C "$work" -xf -
sed -i -e "s#path: \"\.\./\.\./\(ShojiSSH\|ShojiWeb\)\"#path: \"$root/\1\"#" \
    -e "s|path: \"\.\./\.\.\"|path: \"$root\"|" "$work/Notes/Package.swift"
cd "$work/Notes"
generate() { "$swift" package --scratch-path "$scratch" --allow-writing-to-package-directory new-screen "$@"; }
generate Settings
test -f Sources/NotesPresenters/Screens/Settings/SettingsPresenter.swift
test -f Sources/NotesApp/Screens/Settings/SettingsPanelView.swift
if generate Settings --target NotesApp 2>/dev/null; then echo "new-screen overwrote Settings" >&2; exit 1; fi
if generate settings --target NotesApp 2>/dev/null; then echo "new-screen took a lower-case name" >&2; exit 1; fi
"$swift" build --build-tests --explicit-target-dependency-import-check error --scratch-path "$scratch"
SWIFT_BACKTRACE=interactive=no "$swift" test --skip-build --scratch-path "$scratch"
test -f Tests/__Snapshots__/NotesAppTests/Settings/SettingsSnapshotTests/settings.txt
