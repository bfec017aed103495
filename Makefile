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

.PHONY: install install-ui system-deps dashboard ui test lint test-python test-parts bench stack clean

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

## make test: lint, then every test of every part, against a throwaway PostgreSQL cluster
test: system-deps install install-ui lint test-parts test-python

## make lint: ruff check + ruff format --check over all Python (rules in ruff.toml), then mypy
## (mypy.ini): strict for the contract and the parsers, the normal mode for the rest
MYPY_STRICT := contract/src parsers/src
MYPY_NORMAL := backend/src collectors/src testsupport/src
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict $(MYPY_STRICT)
	$(BIN)/mypy $(MYPY_NORMAL)

test-parts:
	for part in agents/jvm agents/esp32c6 frontend; do \
		if [ -f $$part/Makefile ]; then $(MAKE) -C $$part test || exit 1; fi; \
	done

test-python: install
	$(BIN)/pytest

## make stack: the docker-compose stack without Docker (local PostgreSQL cluster, demo data, a token)
stack: install ui
	scripts/stack.sh

## make bench: every benchmark in bench/ (each prints a last line of JSON)
bench: install
	set -e; for script in bench/*.py; do echo "== $$script"; $(BIN)/python $$script; done
	set -e; for script in $(wildcard bench/*.mjs); do echo "== $$script"; node $$script; done

clean:
	rm -rf $(VENV) .data
