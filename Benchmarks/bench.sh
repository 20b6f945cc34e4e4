#!/usr/bin/env bash
# Every benchmark, or one: `make bench` runs `Benchmarks/bench.sh all`.
# Each measures the app against a peer in the same run and writes its
# report under bench-results/; none fails on a goal (Benchmarks/README.md).
#
#   Benchmarks/bench.sh all|catalog|keys|keys-portable|ssh|files|top|store|tools|web|link-orders|soak-app|soak-server
#
# catalog        the release catalog against the C floor (run.py, split_keys.py),
#                its micro benchmarks, ssh.py and paste.py
# keys           where a key's time goes: threads woken, context switches,
#                writes and CPU per Down (key_path.py), then the system calls
#                per Down and per Enter under strace (syscalls_per_key.py)
# keys-portable  the release file browser built for Linux and with
#                SHOJI_PORTABLE (what macOS runs), Down through 1,000 files
# ssh            SESSIONS (1,000) busy ssh sessions: PSS per session, connect
#                -> paint, keys while 100 type, a storm of 200 connects; then
#                as many forked from a session template (memory only);
#                SSH_SCALE_ARGS="--key --template --memory-only --mappings"
#                makes it one run of your choice
# files          the release file browser (in its link order) against nnn,
#                1,000 and 100,000 entries at 80x24
# top            the release top (function sections, in its link order)
#                against htop and btop at 120x40, about 500 extra processes
# store          the catalog served on SQLite, then on a throwaway PostgreSQL;
#                STORE_ARGS="--quick"
# tools          one run of a program through ShojiTools' Tool.run() against a
#                C posix_spawn floor (tool_runs.py; TOOL_RUNS_ARGS)
# web            Down over a WebSocket against ssh, memory per idle session
# link-orders    write again Examples/Files/link-order.txt and
#                Examples/Top/link-order.txt under callgrind (valgrind): run
#                after changing what the loop runs; a stale order only costs memory
# soak-app       SOAK_KEYS (1,000,000) keys fed headlessly, memory sampled
# soak-server    `catalog serve` under SOAK_MINUTES (10) of connection churn
#
# BENCH_ARGS="--quick" makes every one short; MICRO_ARGS="--only filter"
# picks micro benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
release=${RELEASE_SCRATCH:-$PWD/.build-release}
export SWIFT=$swift RELEASE_SCRATCH=$release
quick=
case " ${BENCH_ARGS:-} " in *" --quick "*) quick=--quick ;; esac
catalog=$release/release/catalog
floor=$release/floor
mkdir -p bench-results

build_floor() { cc -O2 -Wall -Wextra -o "$floor" Benchmarks/Floor/floor.c -lpanelw -lncursesw; }
thousand_files() {
    local tree
    tree=$(mktemp -d)
    for i in $(seq -w 1 1000); do : > "$tree/file-$i"; done
    echo "$tree"
}

bench() {
    case $1 in
    catalog)
        Scripts/release.sh catalog
        Scripts/release.sh microbench
        build_floor
        # shellcheck disable=SC2086  # BENCH_ARGS is words
        python3 Benchmarks/run.py --app "$catalog" --floor "$floor" --out bench-results/latest.md ${BENCH_ARGS:-}
        python3 Benchmarks/split_keys.py --app "$catalog" --floor "$floor" --out bench-results/latest.md $quick
        # shellcheck disable=SC2086
        "$release/release/catalog-microbench" ${MICRO_ARGS:-$quick} | tee -a bench-results/latest.md
        python3 Benchmarks/ssh.py --app "$catalog" --out bench-results/ssh.md $quick
        python3 Benchmarks/paste.py --app "$catalog" $quick
        ;;
    keys)
        Scripts/release.sh catalog
        build_floor
        local app="catalog=$catalog --guest --data-dir {tmp} --generate 1000"
        python3 Benchmarks/key_path.py --program "floor=$floor 1000" --program "$app" \
            --ready "1,000 items" --then-enter --presses 400 --rounds 4 | tee bench-results/keys.md
        for key in down "enter --back esc"; do
            # shellcheck disable=SC2086  # the key and its options are words
            python3 Benchmarks/syscalls_per_key.py --program "floor=$floor 1000" --program "$app" \
                --ready "1,000 items" --then-enter --key $key --presses 30 | tee -a bench-results/keys.md
        done
        ;;
    keys-portable)
        local portable=$PWD/.build-portable/release-files tree
        Scripts/release.sh files-plain
        SHOJI_PORTABLE=1 "$swift" build -c release --static-swift-stdlib -Xswiftc -DSHOJI_PORTABLE -Xcc -DSHOJI_PORTABLE \
            --scratch-path "$portable" --package-path Examples/Files --product files
        tree=$(thousand_files)
        # shellcheck disable=SC2086  # PORTABLE_KEYS_ARGS is words
        python3 Benchmarks/key_path.py --program "linux=$release/files/release/files --no-mouse --root $tree" \
            --program "portable=$portable/release/files --no-mouse --root $tree" \
            --ready file-0001 ${PORTABLE_KEYS_ARGS:---presses 200 --rounds 2} | tee bench-results/keys-portable.md
        rm -rf "$tree"
        ;;
    ssh)
        local sessions=${SESSIONS:-1000}
        [ -n "$quick" ] && sessions=${SESSIONS:-100}
        Scripts/release.sh catalog
        # shellcheck disable=SC2086  # SSH_SCALE_ARGS is words
        python3 Benchmarks/ssh_scale.py --app "$catalog" --sessions "$sessions" --out bench-results/ssh-scale.md ${SSH_SCALE_ARGS:-}
        if [ -z "${SSH_SCALE_ARGS:-}" ]; then
            python3 Benchmarks/ssh_scale.py --app "$catalog" --sessions "$sessions" --template --memory-only \
                --out bench-results/ssh-scale-template.md
        fi
        ;;
    files)
        Scripts/install-packages.sh nnn
        Scripts/release.sh files
        python3 Benchmarks/files_bench.py --app "$release/files/release/files" --nnn "$(command -v nnn)" \
            --out bench-results/files.md $quick
        ;;
    top)
        Scripts/release.sh top
        python3 Benchmarks/top_bench.py --app "$release/top-sections/release/top" --out bench-results/top.md $quick
        ;;
    store)
        Scripts/release.sh catalog
        # shellcheck disable=SC2086  # STORE_ARGS is words
        python3 Benchmarks/store.py --app "$catalog" ${STORE_ARGS:-$quick}
        ;;
    tools)
        "$swift" build -c release --static-swift-stdlib --scratch-path "$release/tool-runs" \
            --package-path Benchmarks/ToolRuns --product tool-runs
        cc -O2 -Wall -Wextra -o "$release/spawn_floor" Benchmarks/Floor/spawn_floor.c
        # shellcheck disable=SC2086  # TOOL_RUNS_ARGS is words
        python3 Benchmarks/tool_runs.py --floor "$release/spawn_floor" \
            --tool-runs "$release/tool-runs/release/tool-runs" --out bench-results/tools.md ${TOOL_RUNS_ARGS:-}
        ;;
    web)
        Scripts/release.sh catalog
        python3 Benchmarks/web.py --app "$catalog" --out bench-results/web.md
        ;;
    link-orders)
        local tree
        Scripts/install-packages.sh valgrind
        Scripts/release.sh files-plain
        Scripts/release.sh top-plain
        tree=$(thousand_files)
        mkdir "$tree/aaa-sub"
        python3 Benchmarks/link_order.py --app "$release/files/release/files" --marker file-0001 \
            --cwd "$tree" --columns 80 --lines 24 --keys down,down,right,left,slash,7,esc,down --seconds 4 \
            --out Examples/Files/link-order.txt -- --no-mouse
        python3 Benchmarks/link_order.py --app "$release/top-sections/release/top" --marker COMMAND \
            --keys down,down --seconds 10 --out Examples/Top/link-order.txt -- --delay 1
        rm -rf "$tree"
        ;;
    soak-app)
        "$swift" build --build-tests --package-path Examples/Catalog
        python3 Benchmarks/soak_app.py --keys "${SOAK_KEYS:-1000000}" --swift "$swift"
        ;;
    soak-server)
        "$swift" build --package-path Examples/Catalog --product catalog
        python3 Benchmarks/soak_server.py --app Examples/Catalog/.build/debug/catalog --minutes "${SOAK_MINUTES:-10}"
        ;;
    all)
        for one in catalog keys ssh files top store tools; do bench "$one"; done
        ;;
    *)
        echo "bench: no benchmark '$1': all, catalog, keys, keys-portable, ssh, files, top, store, tools, web, link-orders, soak-app or soak-server" >&2
        exit 2
        ;;
    esac
}

Scripts/deps.sh tests
for name in "${@:-all}"; do bench "$name"; done
