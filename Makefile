# cardkit: the README's commands.
#   make app    serve the app with Voila on http://$(HOST):$(PORT)/ (lands on notebooks/index.ipynb);
#               installs only what the app needs, and prints the address to open
#   make class  the same, with SIZE kernels warmed for each of PAGES before a class arrives:
#               make class PAGES="lessons/flip7_when_to_stop flip7" SIZE=30
#   make hub    JupyterHub for a class (deploy/jupyterhub/): every student's own server opens the app;
#               on http://$(HOST):$(HUB_PORT)/ (docs/deploy.md)
#   make lab    JupyterLab on notebooks/, to write a lesson of your own (docs/lessons.md)
#   make docs   the README and the guides in docs/ as a site in build/docs/ (Sphinx and MyST)
#   make test   the whole suite: engine and widget tests, every notebook (nbval), browser tests
#   make bench  the benchmarks in bench/ (installs the peer engines first)
#   make site   the app as a static site in site/ (Voici: every page runs in the visitor's browser)
#   make site-serve  serve site/ on http://$(HOST):$(SITE_PORT)/ with a plain static file server
#   make test-site   build the site and test it in chromium with every off-host request blocked
#   make clean  remove the virtual environment, caches and test artifacts

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8866
SITE_PORT ?= 8000
HUB_PORT ?= 8000
# make hub: the hub's folder (its database, cookie secret, the students' homes); docs/deploy.md
HUB_DATA ?= hub-data
# make class: the pages of the day (notebooks under notebooks/, .ipynb optional) and warm kernels each.
PAGES  ?= flip7
SIZE   ?= 30
PYTEST_ARGS ?=

# Where Voila looks for templates in the environment (the app's template is "cardkit").
TEMPLATES := $(VENV)/share/jupyter/voila/templates

.PHONY: app class lab hub test bench clean venv site site-serve test-site docs catalogs

venv: $(VENV)/.installed-test $(VENV)/.installed-hub $(VENV)/.installed-axe

$(PY):
	$(PYTHON) -m venv $(VENV)

PIP := $(PY) -m pip install --quiet --disable-pip-version-check --progress-bar off

# Re-install whenever the project's metadata changes or a top-level package
# appears (an editable install maps the packages that existed when it ran).
# The app needs only the project's dependencies; the tests add the `test` extra
# (pytest, nbval, playwright, dask) on top, under a stamp of their own.
# An editable install copies no data files, so the Voila template is linked into the environment.
$(VENV)/.installed-app: pyproject.toml $(wildcard */__init__.py) | $(PY)
	@echo "Installing cardkit and Voila into $(VENV) (quietly; a minute or two the first time)..."
	$(PIP) -e .
	mkdir -p $(TEMPLATES)
	rm -rf $(TEMPLATES)/cardkit
	ln -s $(CURDIR)/share/jupyter/voila/templates/cardkit $(TEMPLATES)/cardkit
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed-app
	@echo "Installing the test tools into $(VENV) (quietly)..."
	$(PIP) -e '.[test]'
	touch $@

# The static site's build tools (Voici, the Pyodide kernel), under an extra of their own.
$(VENV)/.installed-site: $(VENV)/.installed-app
	@echo "Installing the static-site tools into $(VENV) (quietly)..."
	$(PIP) -e '.[site]'
	touch $@

# JupyterHub, its authenticator and idle culler (the `hub` extra), and configurable-http-proxy from
# npm into $(VENV)/proxy (not globally), where deploy/jupyterhub/jupyterhub_config.py finds it.
$(VENV)/.installed-hub: $(VENV)/.installed-app
	@echo "Installing JupyterHub into $(VENV) and configurable-http-proxy into $(VENV)/proxy (quietly)..."
	$(PIP) -e '.[hub]'
	npm install --prefix $(VENV)/proxy --no-audit --no-fund --silent configurable-http-proxy@5
	touch $@

# axe-core from npm into $(VENV)/axe, where the browser tests' accessibility check
# (tests/browser/test_accessibility.py) reads axe.min.js and runs it in each page.
$(VENV)/.installed-axe: | $(PY)
	@echo "Installing axe-core into $(VENV)/axe (quietly)..."
	npm install --prefix $(VENV)/axe --no-audit --no-fund --silent axe-core@4
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-app
	@echo "Installing JupyterLab into $(VENV) (quietly)..."
	$(PIP) -e '.[dev]'
	touch $@

$(VENV)/.installed-docs: $(VENV)/.installed-app
	@echo "Installing Sphinx and MyST into $(VENV) (quietly)..."
	$(PIP) -e '.[docs]'
	touch $@

$(VENV)/.installed-bench: $(VENV)/.installed-test
	$(PIP) -e '.[test,bench]'
	touch $@

# `cardkit app` / `cardkit class` (server/cli.py), the command a pip install gives: the server
# (server.voila_server: Voila plus the page limits and the class mode, docs/hosting.md) on notebooks/,
# with voila.json's settings (template, stripped sources, hidden tracebacks,
# timeouts, idle-kernel culling, page limits). HOST=0.0.0.0 serves other machines.
CARDKIT := $(PY) -m server.cli

app: $(VENV)/.installed-app
	@$(CARDKIT) app --port=$(PORT) --host=$(HOST)

# Start it before the lesson: the students' pages open warm once it prints "ready: N pages warm"
# (about a minute per 10 kernels on 2 cores; 80 MB of memory per kernel).
class: $(VENV)/.installed-app
	@$(CARDKIT) class $(PAGES) --size=$(SIZE) --port=$(PORT) --host=$(HOST)

# JupyterHub for a class: the teacher signs up first as "teacher" (CARDKIT_HUB_ADMIN) and approves the
# students' sign-ups at /hub/authorize; CARDKIT_DB=postgresql+psycopg://... for one PostgreSQL.
hub: $(VENV)/.installed-hub
	@CARDKIT_HUB_DATA=$(HUB_DATA) $(VENV)/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py --ip=$(HOST) --port=$(HUB_PORT)

# JupyterLab on notebooks/ (the `dev` extra), to write a lesson: copy lessons/_template.ipynb
# (docs/lessons.md). LAB_PORT: JupyterLab's port.
LAB_PORT ?= 8888
lab: $(VENV)/.installed-dev
	@$(CARDKIT) lab notebooks --ServerApp.port=$(LAB_PORT) --ServerApp.ip=$(HOST)

# The tests; their configuration is in pyproject.toml ([tool.pytest.ini_options]).
# Browser tests use Debian's chromium: apt-get install -y chromium
# The browser tests mostly wait (on kernels, pages, a hub) and the rest mostly computes, so a plain
# `make test` runs them side by side (each with its own temporary folder) and prints the browser
# tests' reports after the others'; with PYTEST_ARGS (a file, -k, -m ...) it is one plain pytest run.

# The browser tests that open every page type (in their languages, under axe-core), start a hub or
# nginx, or hold a class: a third run beside the other two, each with a browser and a server of its own
# (the three take about as long).
BROWSER_APART = tests/browser/test_languages.py tests/browser/test_accessibility.py \
	tests/browser/test_deploy_jupyterhub.py tests/browser/test_deploy_nginx.py tests/browser/test_lesson_languages.py \
	tests/browser/test_class_board.py tests/browser/test_class_mode.py

test: $(VENV)/.installed-test $(VENV)/.installed-hub $(VENV)/.installed-axe
ifeq ($(strip $(PYTEST_ARGS)),)
	@log=$$(mktemp); log2=$$(mktemp); \
	$(PY) -m pytest -m browser $(BROWSER_APART) --basetemp="$$(mktemp -d)" > "$$log2" 2>&1 & apart=$$!; \
	$(PY) -m pytest -m browser $(addprefix --ignore=,$(BROWSER_APART)) --basetemp="$$(mktemp -d)" > "$$log" 2>&1 & browser=$$!; \
	$(PY) -m pytest -m "not browser" --basetemp="$$(mktemp -d)"; rest=$$?; \
	wait $$browser; browsers=$$?; wait $$apart; aparts=$$?; \
	echo "==== the browser tests (run beside the others)"; cat "$$log"; rm -f "$$log"; \
	echo "==== the browser tests of every page in its language, axe-core, the hub, nginx and a class (run beside them)"; \
	cat "$$log2"; rm -f "$$log2"; \
	[ $$rest -eq 0 ] && [ $$browsers -eq 0 ] && [ $$aparts -eq 0 ]
else
	$(PY) -m pytest $(PYTEST_ARGS)
endif

# The translation catalogs (cardkit/locale/<lang>/LC_MESSAGES/{cardkit,pages}.po): find every message in
# the code and the notebooks, merge them into each language's file, compile; then say what is missing.
catalogs: $(VENV)/.installed-test
	$(PY) tools/catalogs.py update
	$(PY) tools/catalogs.py check || true

# The docs site: tools/docs/conf.py reads README.md, docs/ and bench/README.md from the root; warnings
# (a missing page, heading or docstring target) fail the build. tests/test_docs_site.py builds it too.
docs: $(VENV)/.installed-docs
	$(PY) -m sphinx -W --keep-going -q -c tools/docs . build/docs
	@echo "  The docs site is in build/docs/: open build/docs/index.html"

bench: $(VENV)/.installed-bench
	@set -e; for f in bench/[!_]*.py; do \
	  [ -e "$$f" ] || { echo "no benchmarks in bench/"; break; }; \
	  echo "== $$f"; $(PY) "$$f"; \
	done

# The build starts clean every time (site/ and its staging folder are rebuilt); downloads (Pyodide's
# core from npm, the wheels from PyPI) and the wheels Pyodide compiled are cached in build/site-cache/.
# Needs npm and Node (Pyodide's Python compiles the packages to bytecode at build time).
site: $(VENV)/.installed-site
	$(CARDKIT) site site

# Any static file server will do; this one is Python's own. HOST=0.0.0.0 serves other machines.
site-serve:
	@[ -f site/index.html ] || { echo "No site/ yet: run make site first."; exit 1; }
	@echo
	@echo "  Serving site/. Open http://$(HOST):$(SITE_PORT)/ in your browser (Ctrl-C stops it)."
	@echo
	@cd site && $(abspath $(PY)) -m http.server $(SITE_PORT) --bind $(HOST)

# The static site in a real browser: builds site/, then tests/site/ against that build.
test-site: site $(VENV)/.installed-test
	CARDKIT_SITE=site $(PY) -m pytest tests/site $(PYTEST_ARGS)

clean:
	rm -rf .venv build dist site *.egg-info .pytest_cache .hypothesis tests/browser/screenshots tests/site/screenshots bench/out
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -not -path './.git/*' -exec rm -rf {} +
