# Two commands on a fresh machine: `make run` and `make test`; `make check`
# is the fast tier while working on the framework.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
# Debian packages the apps need to build and run (`make run`), and those
# only the tests need (end to end through tmux and ssh, strace, the cluster
# tests' PostgreSQL and HAProxy, the vi and less that Files opens files in, the
# sqlite3 the serve tests link a key with as the Account tab does, the htop
# and btop that bench-top measures top against), chromium for the browser
# test, and the xterm.js `catalog web` serves (Debian's; ShojiWeb/README.md).
APT_PACKAGES := libncurses-dev libsqlite3-dev
WEB_APT_PACKAGES := libjs-xterm node-xterm
TEST_APT_PACKAGES := tmux openssh-client strace postgresql haproxy vim-tiny less sqlite3 htop btop \
	chromium chromium-driver $(WEB_APT_PACKAGES)
ARGS ?=
# The framework is the root package; ShojiSSH (serving apps over SSH) and each
# app in Examples/ are packages of their own, tested after it.
CATALOG := Examples/Catalog
FILES := Examples/Files
NOTES := Examples/Notes
TOP := Examples/Top
EXAMPLES := $(CATALOG) $(NOTES) $(FILES) $(TOP)
PACKAGES := ShojiSSH ShojiWeb $(EXAMPLES)
# `make test` builds ShojiSSH, every example and the generator's copy in this
# one scratch folder: in each package's own .build, swift-nio, swift-crypto
# and BoringSSL compiled again for each of them (most of a fresh `make test`).
PACKAGES_SCRATCH ?= $(CURDIR)/.build-packages

.PHONY: help deps test-deps build run files notes top serve web web-test lint check test generator-test getting-started-test release-check old-api-check api-check docs pictures fuzz release bench bench-web bench-keys bench-ssh bench-files bench-top bench-store clean \
	sanitize sanitize-address sanitize-thread fuzz-parsers soak soak-app soak-server serve-tsan

.DEFAULT_GOAL := help

## help: every target with what it does (this list)
help:
	@python3 Scripts/make-help.py

## deps: install the Debian packages the apps need to build and run
## Installs what is missing when run as root, else prints the apt-get
## command; on a system without dpkg it only says so (Scripts/install-packages.sh).
deps:
	@Scripts/install-packages.sh $(APT_PACKAGES)

## test-deps: install what the tests need besides (tmux, ssh, PostgreSQL, HAProxy, chromium, Selenium...)
test-deps: deps
	@Scripts/install-packages.sh $(TEST_APT_PACKAGES)
	@python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --user --quiet --disable-pip-version-check selenium \
	  || python3 -m pip install --user --quiet --disable-pip-version-check --break-system-packages selenium

## build: compile the catalog app, and with it the framework (debug)
build: deps
	$(SWIFT) build --package-path $(CATALOG) --product catalog

## run: build, then start the catalog in this terminal (ARGS="..." for its options)
run: build
	@$(CATALOG)/.build/debug/catalog $(ARGS)

## files: build, then start the file browser in this terminal
## ARGS="--root DIR --open PATH", --restore, --no-mouse.
files: deps
	$(SWIFT) build --package-path $(FILES) --product files
	@$(FILES)/.build/debug/files $(ARGS)

## notes: build, then start the notes app in this terminal
## ARGS="--data-dir DIR" (default ~/.local/share/notes), --open notes/ID.
notes: deps
	$(SWIFT) build --package-path $(NOTES) --product notes
	@$(NOTES)/.build/debug/notes $(ARGS)

## top: build, then start the process monitor in this terminal
## ARGS="--delay SECONDS" (default 1), --read-only (no signals).
top: deps
	$(SWIFT) build --package-path $(TOP) --product top
	@$(TOP)/.build/debug/top $(ARGS)

## serve: build, then serve the catalog over SSH on PORT (default 2222)
## See the article ShojiSSH/Sources/ShojiSSH/ShojiSSH.docc/ServingOverSSH.md.
PORT ?= 2222
serve: build
	@$(CATALOG)/.build/debug/catalog serve --port $(PORT) $(ARGS)

## web: build, then serve the catalog to a browser on WEB_PORT (default 8080; ARGS="--public")
WEB_PORT ?= 8080
web: build
	@Scripts/install-packages.sh $(WEB_APT_PACKAGES)
	@$(CATALOG)/.build/debug/catalog web --port $(WEB_PORT) $(ARGS)

## lint: the source checks, no build (seconds; CI's first step)
## Every target documented in `make help`, the layer tables of
## ARCHITECTURE.md against the manifests and the imports, symbol links DocC
## can resolve, every file named after its type, a /// on every public
## declaration, no new public API unused outside Sources/.
lint:
	@python3 Scripts/make-help.py --check
	@SWIFT=$(SWIFT) python3 Scripts/check-layers.py
	@python3 Scripts/doc-links.py
	@python3 Scripts/file-names.py
	@python3 Scripts/doc-comments.py
	@python3 Scripts/unused-public.py

## check: the fast tier: `lint`, then the framework's unit and headless tests
## The fast tier, no apt and no root. Needs libncurses-dev.
check: lint
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build

## test: every test: the framework, ShojiSSH, ShojiWeb, each example, the generator, Getting started
test: test-deps check
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/test-packages.sh $(PACKAGES)
	@$(MAKE) --no-print-directory web-test
	@$(MAKE) --no-print-directory generator-test
	@$(MAKE) --no-print-directory getting-started-test

## web-test: `catalog web` in headless chromium, then hostile WebSocket clients (Scripts/web-test.sh)
web-test: test-deps
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/web-test.sh

## getting-started-test: the "Getting started" article run as a newcomer would (Scripts/getting-started-test.sh)
getting-started-test:
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/getting-started-test.sh

## release-check: the framework and the file browser built optimised (optimisation-only warnings show here)
release-check:
	$(SWIFT) build -c release --scratch-path $(CURDIR)/.build-release-check
	$(SWIFT) build -c release --package-path $(FILES) --scratch-path $(CURDIR)/.build-release-check/files

## old-api-check: apps written with the previous release's names still build and behave (Tests/OldAPI)
## Tests/OldAPI is a package of its own: a process monitor and a contacts
## app written with the names from before 0.1.0's renames (every renamed
## declaration), built against this checkout, and old-api-checks, run
## here, which checks what that code relies on still happens (an old
## `didHighlight(index: Int)` is called, `onNeedsDetail` is asked), then
## Scripts/old-api-fixits.py applies the replacement the compiler offers
## for each deprecation (the `renamed:` fix-it) and checks the result
## compiles with no renamed name left. Their
## deprecation warnings are expected, and Scripts/no-warnings.py allows
## them there only (CONTRIBUTING.md, "Deprecation").
old-api-check:
	$(SWIFT) build --package-path Tests/OldAPI --scratch-path $(PACKAGES_SCRATCH)
	$(SWIFT) run --skip-build --package-path Tests/OldAPI --scratch-path $(PACKAGES_SCRATCH) old-api-checks
	python3 Scripts/old-api-fixits.py $(PACKAGES_SCRATCH)

## api-check: the public API against the last release tag; a break no Migrating section lists fails
## Scripts/api-check.py: `swift package diagnose-api-breaking-changes` against
## the newest version tag (0.1.0) for every library product, built in
## .build-api; each break must be named in backticks in a Migrating section
## of CHANGELOG.md above that release (CONTRIBUTING.md, "The API check").
## Without a version tag it says so and passes.
api-check:
	python3 Scripts/api-check.py

## generator-test: the screen generator end to end on a copy of Examples/Notes (Scripts/generator-test.sh)
generator-test:
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/generator-test.sh

## test-portable: the framework, Notes and Top on the portable path (what macOS runs), forced on Linux
# SHOJI_PORTABLE: frames composed in a temporary file instead of a memfd,
# the event loop on dispatch sources and dispatchMain() instead of polling
# the main queue's descriptor (README "Platforms"). Notes without its SSH
# server, as on a Mac.
PORTABLE_SCRATCH := $(CURDIR)/.build-portable
PORTABLE_FLAGS := -Xswiftc -DSHOJI_PORTABLE -Xcc -DSHOJI_PORTABLE
PORTABLE_BUILD := SHOJI_PORTABLE=1 $(SWIFT) build $(PORTABLE_FLAGS)
PORTABLE_TEST := SHOJI_PORTABLE=1 SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build $(PORTABLE_FLAGS)
.PHONY: test-portable
test-portable: test-deps
	$(PORTABLE_BUILD) --build-tests --scratch-path $(PORTABLE_SCRATCH)/shoji
	$(PORTABLE_TEST) --scratch-path $(PORTABLE_SCRATCH)/shoji
	$(PORTABLE_BUILD) --build-tests --scratch-path $(PORTABLE_SCRATCH)/notes --package-path Examples/Notes
	$(PORTABLE_TEST) --scratch-path $(PORTABLE_SCRATCH)/notes --package-path Examples/Notes
	$(PORTABLE_BUILD) --build-tests --scratch-path $(PORTABLE_SCRATCH)/top --package-path $(TOP)
	$(PORTABLE_TEST) --scratch-path $(PORTABLE_SCRATCH)/top --package-path $(TOP) --skip EndToEndTests

## docs: DocC documentation of every module, warnings as errors, into .build-docs/site/ (Scripts/docs.sh)
DOC_TARGETS := ShojiCore ShojiCurses ShojiNavigation ShojiPresentation ShojiWidgets ShojiAppKit ShojiTesting ShojiEndToEnd
docs:
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/docs.sh $(DOC_TARGETS)

## pictures: draw again every picture of a screen that the documentation shows (Scripts/pictures.sh)
PICTURE_TESTS := $(CATALOG):CatalogPictureTests Examples/Notes:NotesPictureTests $(FILES):FilesPictureTests
pictures: test-deps
	SWIFT=$(SWIFT) SCRATCH=$(PACKAGES_SCRATCH) Scripts/pictures.sh $(PICTURE_TESTS)

## release: the optimised catalog binary to deploy, in .build-release/release/catalog
# The flags, and what each was measured to save, are the article "Running an
# app" (section "A release build"): the Swift runtime and Foundation linked
# statically; a position-independent executable, as it serves untrusted
# clients (RELEASE_LINK_FLAGS="-Xlinker -no-pie" links it position-dependent,
# for a faster start); `-z now`, so the loop never runs the loader's symbol
# lookups; `--no-export-dynamic`, as nothing looks the app's own symbols up;
# concrete generic metadata through accessors, not names the runtime
# demangles with a conformance scan; a link order per app, which keeps the
# loop's code on few pages. On Linux only: ld64 knows neither `-z now` nor
# gold's ordering file.
RELEASE_SCRATCH ?= $(CURDIR)/.build-release
RELEASE_LINK_FLAGS ?=
ifeq ($(shell uname -s),Linux)
BIND_NOW := -Xlinker -z -Xlinker now
NO_EXPORTS := -Xlinker --no-export-dynamic
# An app's link order (Benchmarks/link_order.py): its loop's functions laid out together.
link_order = -Xlinker --section-ordering-file=$(CURDIR)/$(1)/link-order.txt
# Every function in a section of its own, so an order can lay out all the
# loop runs; only with an order (alone it spreads the loop's code further).
FUNCTION_SECTIONS := -Xswiftc -Xfrontend -Xswiftc -function-sections
endif
# top's release, built with FUNCTION_SECTIONS: a scratch folder of its own,
# as SwiftPM does not always compile a module again when only the flags change.
TOP_RELEASE := $(RELEASE_SCRATCH)/top-sections
STATIC_RELEASE := -c release --static-swift-stdlib $(BIND_NOW) $(NO_EXPORTS)
CONCRETE_METADATA := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
RELEASE_FLAGS := $(STATIC_RELEASE) --scratch-path $(RELEASE_SCRATCH) $(RELEASE_LINK_FLAGS) $(CONCRETE_METADATA)
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --package-path $(CATALOG) --product catalog

## bench: every benchmark, each against a peer in the same run (Benchmarks/README.md); reports, never fails
# BENCH_ARGS="--quick" for short runs (the micro benchmarks too), MICRO_ARGS="--only filter".
BENCH_ARGS ?=
MICRO_ARGS ?= $(if $(findstring --quick,$(BENCH_ARGS)),--quick,)
bench: release test-deps
	$(SWIFT) build $(RELEASE_FLAGS) --package-path $(CATALOG) --product catalog-microbench
	cc -O2 -Wall -Wextra -o $(RELEASE_SCRATCH)/floor Benchmarks/Floor/floor.c -lpanelw -lncursesw
	python3 Benchmarks/run.py --app $(RELEASE_SCRATCH)/release/catalog --floor $(RELEASE_SCRATCH)/floor \
	  --out bench-results/latest.md $(BENCH_ARGS)
	python3 Benchmarks/split_keys.py --app $(RELEASE_SCRATCH)/release/catalog --floor $(RELEASE_SCRATCH)/floor \
	  --out bench-results/latest.md $(filter --quick,$(BENCH_ARGS))
	$(RELEASE_SCRATCH)/release/catalog-microbench $(MICRO_ARGS) | tee -a bench-results/latest.md
	python3 Benchmarks/ssh.py --app $(RELEASE_SCRATCH)/release/catalog --out bench-results/ssh.md \
	  $(filter --quick,$(BENCH_ARGS))
	python3 Benchmarks/paste.py --app $(RELEASE_SCRATCH)/release/catalog $(filter --quick,$(BENCH_ARGS))
	@$(MAKE) --no-print-directory bench-keys
	@$(MAKE) --no-print-directory bench-ssh $(if $(findstring --quick,$(BENCH_ARGS)),SESSIONS=100,)
	@$(MAKE) --no-print-directory bench-files
	@$(MAKE) --no-print-directory bench-top
	@$(MAKE) --no-print-directory bench-store $(if $(findstring --quick,$(BENCH_ARGS)),STORE_ARGS=--quick,)
	@$(MAKE) --no-print-directory bench-tools $(if $(findstring --quick,$(BENCH_ARGS)),TOOL_RUNS_ARGS="--runs 200 --rounds 1",)

## bench-tools: one run of a tool through Tool.run() against a C posix_spawn floor
## One run of a tool (`/bin/true`, and `head` printing 64 KiB) through
## ShojiTools' Tool.run() in a release build (Benchmarks/ToolRuns) against
## Benchmarks/Floor/spawn_floor.c, 1,000 runs x 3 rounds; goal within 1.2x
## (Benchmarks/tool_runs.py). TOOL_RUNS_ARGS to change the run.
TOOL_RUNS_ARGS ?=
.PHONY: bench-tools
bench-tools:
	@mkdir -p bench-results
	$(SWIFT) build $(STATIC_RELEASE) --scratch-path $(RELEASE_SCRATCH)/tool-runs --package-path Benchmarks/ToolRuns --product tool-runs
	cc -O2 -Wall -Wextra -o $(RELEASE_SCRATCH)/spawn_floor Benchmarks/Floor/spawn_floor.c
	python3 Benchmarks/tool_runs.py --floor $(RELEASE_SCRATCH)/spawn_floor \
	  --tool-runs $(RELEASE_SCRATCH)/tool-runs/release/tool-runs --out bench-results/tools.md $(TOOL_RUNS_ARGS)

## bench-web: key -> frame p50/p99 over a WebSocket against ssh, memory per idle session (Benchmarks/web.py)
bench-web: release test-deps
	@mkdir -p bench-results
	python3 Benchmarks/web.py --app $(RELEASE_SCRATCH)/release/catalog --out bench-results/web.md

## bench-keys: where a key's time goes, the release app against the C floor
## Where a key's time goes, the release app against the C floor:
## threads woken, context switches, writes and CPU per Down (Benchmarks/key_path.py),
## then the system calls per Down and per Enter under strace (Benchmarks/syscalls_per_key.py).
bench-keys: release test-deps
	@mkdir -p bench-results
	cc -O2 -Wall -Wextra -o $(RELEASE_SCRATCH)/floor Benchmarks/Floor/floor.c -lpanelw -lncursesw
	python3 Benchmarks/key_path.py --program "floor=$(RELEASE_SCRATCH)/floor 1000" \
	  --program "catalog=$(RELEASE_SCRATCH)/release/catalog --guest --data-dir {tmp} --generate 1000" \
	  --ready "1,000 items" --then-enter --presses 400 --rounds 4 | tee bench-results/keys.md
	for key in "down" "enter --back esc"; do \
	  python3 Benchmarks/syscalls_per_key.py --program "floor=$(RELEASE_SCRATCH)/floor 1000" \
	    --program "catalog=$(RELEASE_SCRATCH)/release/catalog --guest --data-dir {tmp} --generate 1000" \
	    --ready "1,000 items" --then-enter --key $$key --presses 30 | tee -a bench-results/keys.md || exit 1; \
	done

## bench-keys-portable: the Linux path against the portable one, Down in the file browser
## The Linux path against the portable one in one run:
## the release file browser built both ways (the portable one with
## SHOJI_PORTABLE, in .build-portable), Down through a directory of 1,000
## empty files, latency, writes and CPU per key (Benchmarks/key_path.py);
## bench-results/keys-portable.md. The catalog would do too, but its SSH
## server does not build portably. PORTABLE_KEYS_ARGS to change the run.
PORTABLE_KEYS_ARGS ?= --presses 200 --rounds 2
.PHONY: bench-keys-portable
bench-keys-portable: test-deps
	@mkdir -p bench-results
	$(SWIFT) build $(STATIC_RELEASE) --scratch-path $(RELEASE_SCRATCH)/files --package-path $(FILES) --product files
	$(PORTABLE_BUILD) $(STATIC_RELEASE) --scratch-path $(PORTABLE_SCRATCH)/release-files \
	  --package-path $(FILES) --product files
	@tree=$$(mktemp -d); trap 'rm -rf "$$tree"' EXIT; \
	for i in $$(seq -w 1 1000); do : > "$$tree/file-$$i"; done; \
	python3 Benchmarks/key_path.py --program "linux=$(RELEASE_SCRATCH)/files/release/files --no-mouse --root $$tree" \
	  --program "portable=$(PORTABLE_SCRATCH)/release-files/release/files --no-mouse --root $$tree" \
	  --ready "file-0001" $(PORTABLE_KEYS_ARGS) | tee bench-results/keys-portable.md

## bench-store: the store over ssh: SQLite against a throwaway PostgreSQL
## The store over ssh, SQLite against a throwaway PostgreSQL on loopback:
## sign-in and favourite toggle p50/p99 (bench-results/store.md), then the thousand-session
## run with PostgreSQL as the store (bench-results/ssh-scale-postgres.md). STORE_ARGS="--quick".
STORE_ARGS ?=
bench-store: release test-deps
	@mkdir -p bench-results
	python3 Benchmarks/store.py --app $(RELEASE_SCRATCH)/release/catalog $(STORE_ARGS)

## bench-ssh: a thousand busy ssh sessions: memory per session (PSS), connect, keys
## A thousand busy ssh sessions on the release server (SESSIONS=N to
## change): memory per session (PSS), connect -> paint while they are open,
## keys while 100 of them type, a storm of 200 connects; bench-results/ssh-scale.md.
## Then the memory of as many sessions forked from a session template
## (`--session-template`), bench-results/ssh-scale-template.md: each kind
## with its PSS goal (2 MiB spawned, 1 MiB forked).
## SSH_SCALE_ARGS="--key --template --memory-only --mappings" picks the kind of session and what to measure (one run).
SESSIONS ?= 1000
bench-ssh: release test-deps
	python3 Benchmarks/ssh_scale.py --app $(RELEASE_SCRATCH)/release/catalog --sessions $(SESSIONS) \
	  --out bench-results/ssh-scale.md $(SSH_SCALE_ARGS)
	$(if $(SSH_SCALE_ARGS),,python3 Benchmarks/ssh_scale.py --app $(RELEASE_SCRATCH)/release/catalog \
	  --sessions $(SESSIONS) --template --memory-only --out bench-results/ssh-scale-template.md)

## bench-files: the release file browser against nnn, 1,000 and 100,000 entries
## The release file browser against nnn (installed here when
## missing, as `deps` installs its packages), 1,000 and 100,000 entries at
## 80x24, through a real pty; writes bench-results/files.md.
bench-files: deps
	@Scripts/install-packages.sh nnn
	$(SWIFT) build $(STATIC_RELEASE) $(call link_order,$(FILES)) --scratch-path $(RELEASE_SCRATCH)/files --package-path $(FILES) --product files
	python3 Benchmarks/files_bench.py --app $(RELEASE_SCRATCH)/files/release/files --nnn $$(command -v nnn) \
	  --out bench-results/files.md $(filter --quick,$(BENCH_ARGS))

## bench-top: the release process monitor against htop and btop, 500 processes, 120x40
## The release `top` against htop and btop (test-deps installs them),
## one after the other through a real pty at 120x40 with a 1 s refresh, 60 s
## each (15 with BENCH_ARGS=--quick), about 500 extra processes started and
## ended by the bench: CPU and bytes per refresh, PSS, the first full frame,
## and the goal lines; writes bench-results/top.md (Benchmarks/top_bench.py).
bench-top: test-deps
	$(SWIFT) build $(STATIC_RELEASE) $(FUNCTION_SECTIONS) $(call link_order,$(TOP)) --scratch-path $(TOP_RELEASE) --package-path $(TOP) --product top
	python3 Benchmarks/top_bench.py --app $(TOP_RELEASE)/release/top --out bench-results/top.md \
	  $(filter --quick,$(BENCH_ARGS))

## link-orders: write again the link orders of the release file browser and top (valgrind)
## Each app's functions in the order a session runs them, its loop's
## first (Benchmarks/link_order.py, under valgrind's callgrind), into
## Examples/Files/link-order.txt and Examples/Top/link-order.txt, which
## bench-files and bench-top link with. Run after changing what the loop
## runs; a stale order only costs memory. Linux, needs valgrind.
.PHONY: link-orders
link-orders: test-deps
	@Scripts/install-packages.sh valgrind
	$(SWIFT) build $(STATIC_RELEASE) --scratch-path $(RELEASE_SCRATCH)/files --package-path $(FILES) --product files
	$(SWIFT) build $(STATIC_RELEASE) $(FUNCTION_SECTIONS) --scratch-path $(TOP_RELEASE) --package-path $(TOP) --product top
	@tree=$$(mktemp -d); trap 'rm -rf "$$tree"' EXIT; mkdir "$$tree/aaa-sub"; \
	for i in $$(seq -w 1 1000); do : > "$$tree/file-$$i"; done; \
	python3 Benchmarks/link_order.py --app $(RELEASE_SCRATCH)/files/release/files --marker file-0001 \
	  --cwd "$$tree" --columns 80 --lines 24 --keys down,down,right,left,slash,7,esc,down --seconds 4 \
	  --out $(FILES)/link-order.txt -- --no-mouse
	python3 Benchmarks/link_order.py --app $(TOP_RELEASE)/release/top --marker COMMAND \
	  --keys down,down --seconds 10 --out $(TOP)/link-order.txt -- --delay 1

## fuzz: a long run of the catalog's key fuzzer (1,000,000 keys)
## A long run of the key fuzzer (1,000,000 keys; FUZZ_SEED=N replays a seed).
fuzz: deps
	$(SWIFT) build --build-tests --package-path $(CATALOG)
	SWIFT_BACKTRACE=interactive=no CATALOG_FUZZ_KEYS=$${FUZZ_KEYS:-1000000} \
	  $${FUZZ_SEED:+CATALOG_FUZZ_SEED=$$FUZZ_SEED} $(SWIFT) test --skip-build --package-path $(CATALOG) --filter KeyFuzzTests

## sanitize: every package's unit and headless tests under AddressSanitizer, then ThreadSanitizer
## sanitize-address: the same under AddressSanitizer only
## sanitize-thread: the same under ThreadSanitizer only
# Scripts/sanitize.sh, one scratch folder per sanitizer for every package
# (.build-asan, .build-tsan); any report fails. AddressSanitizer (with
# LeakSanitizer, UBSan on the C code) runs over every package: a leak added
# to an example landed unseen twice while it did not. ThreadSanitizer over
# the packages that run work off the main thread: the framework (progress
# reporters, the event loop's wake-ups), ShojiSSH and ShojiWeb (event
# loops, session processes), the catalog (download, stores) and Files
# (directory reading and watching); Notes and Top do all their work on the
# main actor. The end-to-end targets (tmux and ssh driving the real
# binaries) are skipped (Scripts/Reliability.md). SANITIZE_PACKAGES and
# THREAD_PACKAGES narrow them.
SANITIZE_PACKAGES ?= . ShojiSSH ShojiWeb $(EXAMPLES)
THREAD_PACKAGES ?= . ShojiSSH ShojiWeb $(CATALOG) $(FILES)
SANITIZE_SKIP := --skip EndToEndTests --skip FrameWriteTests
sanitize: sanitize-address sanitize-thread
sanitize-address: test-deps
	SWIFT=$(SWIFT) Scripts/sanitize.sh address $(SANITIZE_PACKAGES) -- $(SANITIZE_SKIP)
sanitize-thread: test-deps
	SWIFT=$(SWIFT) Scripts/sanitize.sh thread $(THREAD_PACKAGES) -- $(SANITIZE_SKIP)

## fuzz-parsers: coverage-guided fuzzing (libFuzzer + ASan) of every parser of outside bytes
## Coverage-guided fuzzing (libFuzzer + ASan, Fuzz/) of every
## parser that reads outside bytes, FUZZ_SECONDS (default 60) each from the
## seeds in Fuzz/Corpus/; findings land in Fuzz/Findings/ and fail the run.
## FUZZ_TARGETS="json keys" to choose.
FUZZ_TARGETS ?= keys json authorized-keys private-key file-names
fuzz-parsers: deps
	SWIFT=$(SWIFT) Scripts/fuzz-parsers.sh $(FUZZ_TARGETS)

## serve-tsan: `catalog serve` under ThreadSanitizer serving 20 concurrent sessions
## `catalog serve` built with ThreadSanitizer (.build-tsan)
## serving 20 concurrent sessions end to end, then shut down: no report.
serve-tsan: test-deps
	SWIFT=$(SWIFT) Scripts/serve-tsan.sh

## soak: minutes of keys and connection churn, memory sampled: fails unless flat
## Minutes, never part of `make test`. The app fed SOAK_KEYS (default
## 1,000,000) keys headlessly, sampled every 50,000; then `catalog serve`
## under SOAK_MINUTES (default 10) of connection churn, sampled each minute.
## Each prints a table and fails unless flat after warm-up (Scripts/Reliability.md).
SOAK_MINUTES ?= 10
SOAK_KEYS ?= 1000000
soak: soak-app soak-server
## soak-app: the app fed SOAK_KEYS keys headlessly
soak-app: deps
	$(SWIFT) build --build-tests --package-path $(CATALOG)
	python3 Benchmarks/soak_app.py --keys $(SOAK_KEYS) --swift $(SWIFT)
## soak-server: `catalog serve` under SOAK_MINUTES of connection churn
soak-server: test-deps
	$(SWIFT) build --package-path $(CATALOG) --product catalog
	python3 Benchmarks/soak_server.py --app $(CATALOG)/.build/debug/catalog --minutes $(SOAK_MINUTES)

## clean: remove every build folder this Makefile writes
clean:
	rm -rf .build $(RELEASE_SCRATCH) $(PACKAGES_SCRATCH) .build-release-check .build-portable .build-api $(addsuffix /.build,$(PACKAGES))
	rm -rf .build-docs $(CATALOG)/.build-tsan Fuzz/.build-fuzz
