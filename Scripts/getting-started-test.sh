#!/bin/sh
# "Getting started" run as a newcomer would, with today's toolchain: the
# article (Sources/ShojiAppKit/ShojiAppKit.docc/GettingStarted.md) is the
# script. `swift package init --type executable` in an empty folder, each
# `<!-- file: PATH -->` block written to PATH exactly as shown (the package
# path pointed at this checkout), the generator run while the test target
# has no file yet, then the build with the import check, the tests, the
# snapshot recorded without any `exclude` warning, a presenter that imports
# curses refused by the compiler, and the app itself in a tmux terminal.
#
#   Scripts/getting-started-test.sh   (SWIFT, SCRATCH: a shared scratch path)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
article="$root/Sources/ShojiAppKit/ShojiAppKit.docc/GettingStarted.md"
work=$(mktemp -d "${TMPDIR:-/tmp}/shoji-getting-started.XXXXXX")
socket="shoji-gs-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
scratch=${SCRATCH:-$work/.build}
step() { echo "== getting started: $*"; }
fail() { echo "getting started: $*" >&2; exit 1; }

# Writes the article's file blocks whose paths start with one of the prefixes.
write_files() {
    python3 - "$article" "$@" <<'PY'
import os, re, sys
article, prefixes = sys.argv[1], sys.argv[2:]
lines = open(article, encoding="utf-8").read().split("\n")
written = 0
for index, line in enumerate(lines):
    marker = re.fullmatch(r"<!-- file: (\S+) -->", line)
    if not marker or lines[index + 1] != "```swift":
        continue
    path = marker.group(1)
    if not any(path.startswith(prefix) for prefix in prefixes):
        continue
    end = lines.index("```", index + 2)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines[index + 2:end]) + "\n")
    written += 1
if written == 0:
    sys.exit("no file block in the article starts with " + ", ".join(prefixes))
PY
}

step "swift package init --type executable"
mkdir "$work/chores" && cd "$work/chores"
"$swift" package init --type executable >/dev/null
for expected in Package.swift Sources/chores/chores.swift Tests/choresTests/choresTests.swift; do
    test -f "$expected" || fail "swift package init no longer writes $expected; the article says it does"
done
grep -q '@main' Sources/chores/chores.swift || fail "swift package init's entry point has no @main; the article says it has"
rm Tests/choresTests/choresTests.swift

step "steps 1 to 4: the manifest and the sources"
write_files Package.swift Sources/
grep -q 'path: "../shoji"' Package.swift || fail "the article's manifest no longer depends on ../shoji"
sed -i "s|path: \"../shoji\"|path: \"$root\"|" Package.swift

step "step 5: new-screen Settings, the test target still empty"
"$swift" package --scratch-path "$scratch" --allow-writing-to-package-directory new-screen Settings >"$work/generator.log"
for expected in Sources/ChoresPresenters/Screens/Settings/SettingsPresenter.swift \
                Sources/ChoresPresenters/Screens/Settings/SettingsView.swift \
                Sources/ChoresPresenters/Screens/Settings/SettingsOutput.swift \
                Sources/chores/Screens/Settings/SettingsPanelView.swift \
                Tests/choresTests/Settings/SettingsPresenterTests.swift \
                Tests/choresTests/Settings/SettingsSnapshotTests.swift; do
    test -f "$expected" || { cat "$work/generator.log"; fail "new-screen did not write $expected"; }
done

step "step 6: the flow's test"
write_files Tests/

step "build (every target imports only what it declares)"
"$swift" build --build-tests --explicit-target-dependency-import-check error --scratch-path "$scratch" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log"; fail "the package does not build"; }
if grep -E "unhandled|warning: .*chores" "$work/build.log"; then fail "the build warns about the newcomer's package"; fi

step "swift test"
SWIFT_BACKTRACE=interactive=no "$swift" test --skip-build --scratch-path "$scratch" >"$work/test.log" 2>&1 \
    || { cat "$work/test.log"; fail "the tests fail"; }
grep -aq "aChoreOpensAndBackReturnsToTheList" "$work/test.log" || fail "the flow's test did not run"
grep -aq "drawsOnAHeadlessScreen" "$work/test.log" || fail "the generated snapshot test did not run"
test -f Tests/__Snapshots__/choresTests/Settings/SettingsSnapshotTests/settings.txt \
    || fail "the snapshot was not recorded where the article says"
"$swift" build --build-tests --scratch-path "$scratch" 2>&1 | grep -E "unhandled|exclude" && fail "SwiftPM warns about the recorded snapshot"

step "a presenter that imports curses does not compile"
cp Sources/ChoresPresenters/ChoreList.swift "$work/ChoreList.swift"
sed -i '1i import ShojiCurses' Sources/ChoresPresenters/ChoreList.swift
if "$swift" build --explicit-target-dependency-import-check error --scratch-path "$scratch" >"$work/refused.log" 2>&1; then
    fail "ChoresPresenters imported ShojiCurses and still built"
fi
grep -q "ChoresPresenters" "$work/refused.log" || { cat "$work/refused.log"; fail "the error does not name the presenters target"; }
cp "$work/ChoreList.swift" Sources/ChoresPresenters/ChoreList.swift

step "swift run chores, in a terminal"
"$swift" build --scratch-path "$scratch" --product chores >/dev/null
binary="$("$swift" build --scratch-path "$scratch" --show-bin-path)/chores"
"$binary" --help | grep -q "chores" || fail "--help does not name the program"
tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    -e SWIFT_BACKTRACE=interactive=no "$binary; echo; echo exit=\$?; sleep 60"
wait_for() {
    tries=0
    until tmux -L "$socket" capture-pane -p | grep -qx "$1"; do
        tries=$((tries + 1))
        [ $tries -lt 100 ] || { tmux -L "$socket" capture-pane -p; fail "the screen never showed: $1"; }
        sleep 0.1
    done
}
wait_for " chores › Chores.*"
tmux -L "$socket" send-keys Down Enter
wait_for " chores › Chores › Take out the bins.*"
tmux -L "$socket" send-keys Escape 2
wait_for " *Chores, a Shoji tutorial."
tmux -L "$socket" send-keys q
wait_for "exit=0"
echo "== getting started: passed"
