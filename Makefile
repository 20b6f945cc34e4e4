# Two commands on a fresh machine: `make run` and `make test`; `make check`
# is the fast tier while working on the framework. Each target is one line
# of `make help`; what a recipe needs more than a few lines for is a script
# in Scripts/ or Benchmarks/, whose header says the rest.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
export SWIFT
ARGS ?=
# The framework is the root package; ShojiSSH and ShojiWeb (serving apps
# over SSH and to a browser) and each app in Examples/ are packages of their
# own, tested after it.
CATALOG := Examples/Catalog
EXAMPLES := $(CATALOG) Examples/Notes Examples/Files Examples/Top
PACKAGES := ShojiSSH ShojiWeb $(EXAMPLES)
# Every package but the root builds in this one scratch folder: in each
# package's own .build, swift-nio, swift-crypto and BoringSSL were compiled
# again for each of them (most of a fresh `make test`).
export SCRATCH := $(CURDIR)/.build-packages

.PHONY: help deps build run files notes top serve web lint check test test-portable release-check \
	old-api-check api-check docs sanitize serve-tsan fuzz-parsers soak release bench clean

.DEFAULT_GOAL := help

## help: every target with what it does (this list)
help:
	@python3 Scripts/make-help.py

## deps: install the Debian packages the apps need to build and run (Scripts/deps.sh)
deps:
	@Scripts/deps.sh apps

## build: compile the catalog app, and with it the framework (debug)
build: deps
	$(SWIFT) build --package-path $(CATALOG) --product catalog

## run: build, then start the catalog in this terminal (ARGS="..." for its options)
run: build
	@$(CATALOG)/.build/debug/catalog $(ARGS)

## files: build, then start the file browser (ARGS="--root DIR --open PATH")
files: deps
	$(SWIFT) build --package-path Examples/Files --product files
	@Examples/Files/.build/debug/files $(ARGS)

## notes: build, then start the notes app (ARGS="--data-dir DIR", default ~/.local/share/notes)
notes: deps
	$(SWIFT) build --package-path Examples/Notes --product notes
	@Examples/Notes/.build/debug/notes $(ARGS)

## top: build, then start the process monitor (ARGS="--delay SECONDS --read-only")
top: deps
	$(SWIFT) build --package-path Examples/Top --product top
	@Examples/Top/.build/debug/top $(ARGS)

## serve: build, then serve the catalog over SSH on PORT (default 2222; ShojiSSH's article "Serving over SSH")
PORT ?= 2222
serve: build
	@$(CATALOG)/.build/debug/catalog serve --port $(PORT) $(ARGS)

## web: build, then serve the catalog to a browser on WEB_PORT (default 8080; ARGS="--public")
WEB_PORT ?= 8080
web: build
	@Scripts/deps.sh web
	@$(CATALOG)/.build/debug/catalog web --port $(WEB_PORT) $(ARGS)

## lint: the source checks, no build, in seconds (CI's first step)
# Every target with one line of `make help`, the layer tables of
# ARCHITECTURE.md against the manifests and the imports, symbol links DocC
# can resolve, every file named after its type, a /// on every public
# declaration, no new public API unused outside Sources/, no
# Synchronization.Mutex (Scripts/locks.py).
lint:
	@python3 Scripts/make-help.py --check
	@python3 Scripts/check-layers.py
	@python3 Scripts/doc-links.py
	@python3 Scripts/file-names.py
	@python3 Scripts/doc-comments.py
	@python3 Scripts/unused-public.py
	@python3 Scripts/locks.py

## check: the fast tier: `lint`, then the framework's unit and headless tests (needs only libncurses-dev)
check: lint
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build

## test: every test: the framework, ShojiSSH, ShojiWeb, each example, the browser, the generator, Getting started
test: check
	@Scripts/deps.sh tests
	Scripts/test-packages.sh $(PACKAGES)
	Scripts/web-test.sh
	Scripts/generator-test.sh
	Scripts/getting-started-test.sh

## test-portable: the framework, Notes and Top on the portable path (what macOS runs), forced on Linux
test-portable:
	@Scripts/deps.sh tests
	Scripts/test-portable.sh

## release-check: the framework and the file browser built optimised (optimisation-only warnings show here)
release-check:
	$(SWIFT) build -c release --scratch-path $(CURDIR)/.build-release-check
	$(SWIFT) build -c release --package-path Examples/Files --scratch-path $(CURDIR)/.build-release-check/files

## old-api-check: apps written with the previous release's names still build and behave (Tests/OldAPI/README.md)
old-api-check:
	$(SWIFT) build --package-path Tests/OldAPI --scratch-path $(SCRATCH)
	$(SWIFT) run --skip-build --package-path Tests/OldAPI --scratch-path $(SCRATCH) old-api-checks
	python3 Scripts/old-api-fixits.py $(SCRATCH)

## api-check: the public API against the last release; a break no Migrating section lists fails (Scripts/api-check.py)
api-check:
	python3 Scripts/api-check.py

## docs: DocC documentation of every module, warnings as errors, into .build-docs/site/ (Scripts/docs.sh)
docs:
	Scripts/docs.sh ShojiCore ShojiCurses ShojiNavigation ShojiPresentation ShojiWidgets ShojiAppKit ShojiTesting ShojiEndToEnd

## sanitize: unit and headless tests under AddressSanitizer, then ThreadSanitizer (Scripts/sanitize.sh)
# AddressSanitizer (with LeakSanitizer, UBSan on the C code) over every
# package: a leak added to an example landed unseen twice while it did not.
# ThreadSanitizer over the packages that run work off the main thread: the
# framework (progress reporters, the event loop's wake-ups), ShojiSSH and
# ShojiWeb (event loops, session processes), the catalog (download, stores)
# and Files (directory reading and watching); Notes and Top do all their
# work on the main actor. The end-to-end targets (tmux and ssh driving the
# real binaries) are skipped (Scripts/Reliability.md).
# SANITIZERS, SANITIZE_PACKAGES and THREAD_PACKAGES narrow a run.
SANITIZERS ?= address thread
SANITIZE_PACKAGES ?= . ShojiSSH ShojiWeb $(EXAMPLES)
THREAD_PACKAGES ?= . ShojiSSH ShojiWeb $(CATALOG) Examples/Files
SANITIZE_SKIP := --skip EndToEndTests --skip FrameWriteTests
sanitize:
	@Scripts/deps.sh tests
	$(if $(filter address,$(SANITIZERS)),Scripts/sanitize.sh address $(SANITIZE_PACKAGES) -- $(SANITIZE_SKIP))
	$(if $(filter thread,$(SANITIZERS)),Scripts/sanitize.sh thread $(THREAD_PACKAGES) -- $(SANITIZE_SKIP))

## serve-tsan: `catalog serve` under ThreadSanitizer serving 20 concurrent sessions (Scripts/serve-tsan.sh)
serve-tsan:
	@Scripts/deps.sh tests
	Scripts/serve-tsan.sh

## fuzz-parsers: coverage-guided fuzzing of every parser of outside bytes (FUZZ_SECONDS each; Scripts/fuzz-parsers.sh)
FUZZ_TARGETS ?= keys json authorized-keys private-key file-names
fuzz-parsers: deps
	Scripts/fuzz-parsers.sh $(FUZZ_TARGETS)

## soak: minutes of keys and connection churn, memory sampled: fails unless flat (Benchmarks/bench.sh)
soak:
	Benchmarks/bench.sh soak-app soak-server

## release: the optimised catalog binary to deploy, in .build-release/release/catalog (Scripts/release.sh)
release: deps
	Scripts/release.sh catalog

## bench: every benchmark, each against a peer in the same run; reports, never fails (Benchmarks/README.md)
bench: deps
	Benchmarks/bench.sh all

## clean: remove every build folder this Makefile and its scripts write
clean:
	rm -rf .build .build-release .build-packages .build-release-check .build-portable .build-api .build-tsan
	rm -rf $(addsuffix /.build,$(PACKAGES)) .build-docs Fuzz/.build-fuzz
