# Two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
# Debian packages the build and the tests need.
APT_PACKAGES := libncurses-dev libsqlite3-dev tmux openssh-client
ARGS ?=
# The framework is the root package; each app in Examples/ is a package of its own.
CATALOG := Examples/Catalog
FILES := Examples/Files
EXAMPLES := $(CATALOG) Examples/Notes $(FILES)

.PHONY: deps build run files serve test fuzz release bench bench-files clean

## deps: install the Debian packages that are missing (root), else print the command.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

## build: compile the framework and the catalog app (debug).
build: deps
	$(SWIFT) build
	$(SWIFT) build --package-path $(CATALOG)

## run: build, then start the app in this terminal (pass options with ARGS="...").
run: build
	@$(CATALOG)/.build/debug/catalog $(ARGS)

## files: build, then start the file browser here (ARGS="--root DIR --open PATH", --restore, --no-mouse).
files: deps
	$(SWIFT) build --package-path $(FILES) --product files
	@$(FILES)/.build/debug/files $(ARGS)

## serve: build, then serve the app over SSH on PORT (default 2222); see README.
PORT ?= 2222
serve: build
	@$(CATALOG)/.build/debug/catalog serve --port $(PORT) $(ARGS)

## test: every test: the framework's (unit and headless screen), then each
## example's (unit, headless screen, and end to end through tmux and ssh).
test: deps
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build
	@for example in $(EXAMPLES); do \
	  echo "== $$example"; \
	  $(SWIFT) build --build-tests --package-path $$example || exit 1; \
	  SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build --package-path $$example || exit 1; \
	done

## release: the binary to deploy (for `catalog serve`, say), in .build-release/release/catalog:
## optimised, with the Swift runtime and Foundation linked in statically, which
## starts about a fifth faster (far fewer symbols for the dynamic loader to bind).
## Linking FoundationNetworking statically needs libcurl's development files.
RELEASE_SCRATCH ?= $(CURDIR)/.build-release
RELEASE_FLAGS := -c release --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)
release: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES=libcurl4-openssl-dev
	$(SWIFT) build $(RELEASE_FLAGS) --package-path $(CATALOG) --product catalog

## bench: build the release app and the C floor, then measure through a real
## terminal; prints the table and writes bench-results/latest.md. Then the
## in-process micro benchmarks (catalog-microbench), appended to it, and the app
## over ssh against the app run locally (bench-results/ssh.md).
## Reports only: never fails on a slow machine. Options: BENCH_ARGS="--quick"
## (also makes the micro benchmarks quick), MICRO_ARGS="--only filter".
BENCH_ARGS ?=
MICRO_ARGS ?= $(if $(findstring --quick,$(BENCH_ARGS)),--quick,)
bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --package-path $(CATALOG) --product catalog-microbench
	cc -O2 -Wall -Wextra -o $(RELEASE_SCRATCH)/floor Benchmarks/Floor/floor.c -lpanelw -lncursesw
	python3 Benchmarks/run.py --app $(RELEASE_SCRATCH)/release/catalog --floor $(RELEASE_SCRATCH)/floor \
	  --out bench-results/latest.md $(BENCH_ARGS)
	$(RELEASE_SCRATCH)/release/catalog-microbench $(MICRO_ARGS) | tee -a bench-results/latest.md
	python3 Benchmarks/ssh.py --app $(RELEASE_SCRATCH)/release/catalog --out bench-results/ssh.md \
	  $(filter --quick,$(BENCH_ARGS))
	@$(MAKE) --no-print-directory bench-files

## bench-files: the release file browser against nnn (installed here when
## missing, as `deps` installs its packages), 1,000 and 100,000 entries at
## 80x24, through a real pty; writes bench-results/files.md.
bench-files: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES=nnn
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)/files --package-path $(FILES) --product files
	python3 Benchmarks/files_bench.py --app $(RELEASE_SCRATCH)/files/release/files --nnn $$(command -v nnn) \
	  --out bench-results/files.md $(filter --quick,$(BENCH_ARGS))

## fuzz: a long run of the key fuzzer (1,000,000 keys; FUZZ_SEED=N replays a seed).
fuzz: deps
	$(SWIFT) build --build-tests --package-path $(CATALOG)
	SWIFT_BACKTRACE=interactive=no CATALOG_FUZZ_KEYS=$${FUZZ_KEYS:-1000000} \
	  $${FUZZ_SEED:+CATALOG_FUZZ_SEED=$$FUZZ_SEED} $(SWIFT) test --skip-build --package-path $(CATALOG) --filter KeyFuzzTests

clean:
	rm -rf .build $(RELEASE_SCRATCH) $(addsuffix /.build,$(EXAMPLES))
