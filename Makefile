# Two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
# Debian packages the build and the tests need.
APT_PACKAGES := libncurses-dev libsqlite3-dev tmux
ARGS ?=

.PHONY: deps build run test fuzz bench clean

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

## build: compile the app and its libraries (debug).
build: deps
	$(SWIFT) build

## run: build, then start the app in this terminal (pass options with ARGS="...").
run: build
	@.build/debug/catalog $(ARGS)

## test: every test: unit, headless screen, and end to end through tmux.
test: deps
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --skip-build

## bench: build the release app (private scratch path) and the C floor, then measure
## through a real terminal; prints the table and writes bench-results/latest.md.
## Then the in-process micro benchmarks (catalog-microbench), appended to it.
## Reports only: never fails on a slow machine. Options: BENCH_ARGS="--quick"
## (also makes the micro benchmarks quick), MICRO_ARGS="--only filter".
BENCH_SCRATCH ?= .build-bench
BENCH_ARGS ?=
MICRO_ARGS ?= $(if $(findstring --quick,$(BENCH_ARGS)),--quick,)
bench: deps
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product catalog
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product catalog-microbench
	@mkdir -p $(BENCH_SCRATCH)
	cc -O2 -Wall -Wextra -o $(BENCH_SCRATCH)/floor Benchmarks/Floor/floor.c -lpanelw -lncursesw
	python3 Benchmarks/run.py --app $(BENCH_SCRATCH)/release/catalog --floor $(BENCH_SCRATCH)/floor \
	  --out bench-results/latest.md $(BENCH_ARGS)
	$(BENCH_SCRATCH)/release/catalog-microbench $(MICRO_ARGS) | tee -a bench-results/latest.md

## fuzz: a long run of the key fuzzer (1,000,000 keys; FUZZ_SEED=N replays a seed).
fuzz: deps
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=interactive=no CATALOG_FUZZ_KEYS=$${FUZZ_KEYS:-1000000} \
	  $${FUZZ_SEED:+CATALOG_FUZZ_SEED=$$FUZZ_SEED} $(SWIFT) test --skip-build --filter KeyFuzzTests

clean:
	rm -rf .build
