# CryptoBench: the two commands are `make dashboard` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_PARTS := contract parsers backend collectors testsupport
PY_PROJECTS := $(wildcard $(addsuffix /pyproject.toml,$(PY_PARTS)))
comma := ,
COLLECTORS := $(if $(wildcard collectors/pyproject.toml),-e 'collectors[dev$(comma)ecc]')
HOST ?= $(or $(CRYPTOBENCH_HOST),127.0.0.1)
PORT ?= $(or $(CRYPTOBENCH_PORT),8000)

.PHONY: install install-ui system-deps dashboard ui test test-fast lint lint-then-ui test-python test-docker test-parts test-agents test-ui bench stack clean

## make install: one .venv at the root with contract, parsers, backend, collectors and testsupport (editable;
## testsupport is the pytest plugin and PostgreSQL helper, never in the image)
install: $(VENV)/.installed

$(VENV)/.installed: $(PY_PROJECTS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	scripts/retry.sh 'pip install (PyPI)' $(BIN)/pip install -q --disable-pip-version-check -e contract -e parsers -e 'backend[dev]' -e testsupport $(COLLECTORS)
	touch $@

install-ui:
	if [ -f frontend/Makefile ]; then $(MAKE) -C frontend install; fi

## make system-deps: Debian packages the tests need (PostgreSQL, Chromium, mbedtls incl. i386, JDK,
## Maven, docker.io, docker-compose, debootstrap)
system-deps:
	scripts/ensure-system-deps.sh

ui: install-ui
	if [ -f frontend/Makefile ]; then $(MAKE) -C frontend build; fi

## make dashboard: install, build the UI, migrate, load the demo data, serve on http://$(HOST):$(PORT)
dashboard: install ui
	$(BIN)/cryptobench-server migrate
	$(BIN)/cryptobench-server demo load
	$(BIN)/cryptobench-server serve --host $(HOST) --port $(PORT)

## make test: lint and every test of every part, against a throwaway PostgreSQL cluster. Three
## streams run side by side (make -j3, each one's output printed whole when it ends): the Docker
## compose test (test-docker: mostly waiting on Debian's archive and the registries while its
## images build); the Python tests on two workers, the agents' own suites (JMH, firmware) among
## them (test-python); lint, then the UI's tests. One after the other they took 19-25 minutes.
test: system-deps install install-ui
	$(MAKE) --no-print-directory -j3 --output-sync=target test-docker test-python lint-then-ui

lint-then-ui:
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory test-ui

## make test-fast: what to run before each commit, under a minute of CPU: the pure tests of the
## contract, the parsers and the backend's and collectors' pure modules, the UI's Biome lint and
## vitest (no PostgreSQL, server process, browser, Docker, JVM or QEMU; `make test` runs these too)
FAST_TESTS := contract/tests parsers/tests \
	$(addprefix backend/tests/test_,changes_detect.py fingerprints.py line_diff.py normalize.py \
		query_distribution.py query_pure.py rooms.py) \
	$(addprefix collectors/tests/test_,delivery.py ecc_tables.py hostinfo.py spool.py uploader.py)
test-fast: install install-ui
	$(BIN)/pytest $(FAST_TESTS)
	if [ -f frontend/Makefile ]; then $(MAKE) -C frontend lint unit; fi

## make lint: ruff check + ruff format --check over all Python (rules in ruff.toml), then mypy
## (mypy.ini): strict for the contract and the parsers, the normal mode for the rest
MYPY_STRICT := contract/src parsers/src
MYPY_NORMAL := backend/src collectors/src testsupport/src
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict $(MYPY_STRICT)
	$(BIN)/mypy $(MYPY_NORMAL)

## make test-parts: the agents' tests (test-agents), then the UI's (test-ui)
test-parts: test-agents test-ui

test-agents:
	for part in agents/jvm agents/esp32c6; do \
		if [ -f $$part/Makefile ]; then $(MAKE) -C $$part test || exit 1; fi; \
	done

test-ui:
	if [ -f frontend/Makefile ]; then $(MAKE) -C frontend test; fi

## make test-python: every Python test but the Docker one, on two pytest-xdist workers (a test
## module stays on one worker, the agents' builds are one unit: see testsupport's pytest plugin),
## naming the 15 slowest; make test-docker: the Docker one
test-python: install
	$(BIN)/pytest -m "not docker" -n 2 --durations=15

test-docker: install
	$(BIN)/pytest -m docker

## make stack: the docker-compose stack without Docker (local PostgreSQL cluster, demo data, a token)
stack: install ui
	scripts/stack.sh

## make bench: every benchmark in bench/ (each prints a last line of JSON)
bench: install
	set -e; for script in bench/*.py; do echo "== $$script"; $(BIN)/python $$script; done
	set -e; for script in $(wildcard bench/*.mjs); do echo "== $$script"; node $$script; done

clean:
	rm -rf $(VENV) .data
