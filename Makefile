# fifteen-kit: every target creates .venv itself, from the same pins Binder uses.
#   make lab       JupyterLab on the repository, lessons/00 open first; autosave off (prints the URL; works headless)
#   make test      ruff, mypy, unit tests, doctests, property tests, every lesson under nbval, then the browser tests
#   make labextension  rebuild the tablet extension (labextension/ -> share/jupyter/labextensions/; needs Node)
#   make play      one board as an app with Voila: make play GAME=fifteens
#   make lessons   re-execute every lesson (and the teacher's notebooks) in place and save its outputs, less
#                  what changes at every run (timestamps, widget state and ids: website/notebooks.py)
#   make bench     run the benchmarks in bench/ and write their headline table into README.md (about 20 minutes)
#   make guide-answers  write the teacher guide's answer pages (lessons/teacher_guide/answers/) from the workbook
#   make lite      build the browser-only JupyterLite site into build/lite/ (make test-lite tests it offline)
#   make printables  the printable materials as PDF files in build/printables/ (Chromium prints the kit's HTML)
#   make site      the published site in build/site/: the lessons and teacher guide as web pages, JupyterLite in
#                  lite/, the printables; KIT_REPO=owner/name sets its Binder links (make test-site tests it offline)
#   make hub       a JupyterHub for a class on this machine: a teacher and PUPILS (30) accounts, each with a sign-in
#                  code on a cut-out slip (CLASS_LIST=names.txt prints the pupils' names on them); prints the URL,
#                  where the slips are, and one nbgitpuller link per lesson
#                  (HUB_PORT=8000, IP=127.0.0.1, HUB_REPO=this checkout, HUB_BRANCH=main, HUB_URL=the address
#                  pupils use behind an HTTPS proxy); Ctrl-C stops it all
#   make hub-loadtest  simulated pupils through that hub (PUPILS="10 20 30", at most 40, loopback only) and
#                  one pupil per lesson; writes hub/results/ (about 12 minutes)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
IP     ?= 127.0.0.1
LESSONS := $(sort $(wildcard lessons/*.ipynb))
# Every notebook make lessons runs: the lessons and the teacher's notebooks.
LESSON_FILES := $(LESSONS) $(sort $(wildcard lessons/teacher/*.ipynb))
# How make lessons and make site-lessons run a notebook.
EXECUTE := $(BIN)/jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=120 \
	--ExecutePreprocessor.kernel_name=python3
# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)
SUDO    := $(if $(filter 0,$(shell id -u)),,sudo)
CHROMIUM ?= /usr/bin/chromium
# axe-core (npm), the accessibility checker the browser tests inject into each board's page.
AXE := .cache/axe-core-4.14.1/axe.min.js

.PHONY: lab labextension play test test-browser test-lite bench-lite bench-lite-tournament lite binder-check lessons bench guide-answers lint clean printables \
	hub hub-loadtest test-hub hub-status hub-clean-users site test-site site-lessons

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "fifteen-kit needs Python 3.10 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The kit with everything the lessons need, at Binder's exact pins.
# An editable install skips pyproject's data-files (setuptools#3399), so the kit's Voila template (play/'s app
# page) is linked into the venv by hand, where Voila looks for templates; Binder's plain install copies it.
VOILA_TEMPLATE := share/jupyter/voila/templates/fifteen-kit
# ...and, likewise by hand, the kit's Voila settings (etc/jupyter/: Voila skips Notebook 7's lab extension and
# the kit's tablet extension).
VOILA_CONFIG := etc/jupyter/voila.json etc/jupyter/jupyter_server_config.d/fifteen-kit-voila.json
voila-config = mkdir -p $(1)/etc/jupyter/jupyter_server_config.d && $(foreach f,$(VOILA_CONFIG),cp $(f) $(1)/$(f) &&) true
# ...and, likewise linked, the kit's prebuilt JupyterLab extension for tablets (labextension/; make labextension).
TABLET_EXT := share/jupyter/labextensions/fifteen-kit-tablet
tablet-ext = mkdir -p $(dir $(1)/$(TABLET_EXT)) && ln -sfn $(CURDIR)/$(TABLET_EXT) $(1)/$(TABLET_EXT)
$(VENV)/.lab: $(BIN)/python binder/requirements.txt binder/overrides.json pyproject.toml $(wildcard $(VOILA_TEMPLATE)/*) \
		$(VOILA_CONFIG) $(TABLET_EXT)/package.json
	$(BIN)/python -m pip install --quiet -r binder/requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	mkdir -p $(VENV)/share/jupyter/lab/settings && cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/
	mkdir -p $(dir $(VENV)/$(VOILA_TEMPLATE)) && ln -sfn $(CURDIR)/$(VOILA_TEMPLATE) $(VENV)/$(VOILA_TEMPLATE)
	$(call voila-config,$(VENV))
	$(call tablet-ext,$(VENV))
	@touch $@

# Rebuild the tablet extension's committed files (share/jupyter/labextensions/fifteen-kit-tablet/) from
# labextension/ after changing it: Node and npm needed here only, never on Binder or for pip.
labextension: $(VENV)/.lab
	cd labextension && npm ci --silent --no-audit --no-fund
	rm -rf $(TABLET_EXT)
	cd labextension && PATH="$(CURDIR)/$(BIN):$$PATH" jupyter-builder build .

# ...plus the test tools, at their exact pins.
$(VENV)/.test: $(VENV)/.lab tests/requirements.txt
	$(BIN)/python -m pip install --quiet -r tests/requirements.txt -c binder/requirements.txt
	@touch $@

# Benchmarks get their own environment (the lab pins plus OpenSpiel), so .venv stays what Binder runs.
BENCH_VENV := .venv-bench
$(BENCH_VENV)/.bench: binder/requirements.txt bench/requirements.txt pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt -r bench/requirements.txt
	$(BENCH_VENV)/bin/python -m pip install --quiet --no-deps -e .
	@touch $@

# make lab's own JupyterLab settings (never Binder's, where each pupil works on a copy and autosave stays on):
# binder/overrides.json plus lab/no-autosave.json, so running a lesson never writes into the tracked
# lessons/*.ipynb; File > Save Notebook As... keeps a copy (README).  tests/test_make_lab.py checks them.
LAB_SETTINGS := .cache/lab-settings
$(LAB_SETTINGS)/overrides.json: binder/overrides.json lab/no-autosave.json
	mkdir -p $(LAB_SETTINGS)/overrides.d
	cp lab/no-autosave.json $(LAB_SETTINGS)/overrides.d/
	cp binder/overrides.json $@

# The repository's root is served (lessons/, play/, bench/ all reachable); lesson 00 opens first.
lab: $(VENV)/.lab $(LAB_SETTINGS)/overrides.json
	$(BIN)/jupyter trust $(LESSONS) $(wildcard play/*.ipynb)
	mkdir -p my_work
	@echo "Starting JupyterLab on the kit (lessons/, play/, bench/) -- open the URL printed below (with its token)."
	@echo "It opens lessons/00_start_here.ipynb.  Autosave is off: to keep your work, File > Save Notebook As..."
	@echo "into my_work/.  Stop the server with Ctrl-C."
	$(BIN)/jupyter lab --no-browser $(ROOT_OK) --ip=$(IP) --port=$(PORT) --ServerApp.root_dir="$(CURDIR)" \
		--LabApp.default_url=/lab/tree/lessons/00_start_here.ipynb --LabApp.app_settings_dir="$(CURDIR)/$(LAB_SETTINGS)"

test: $(VENV)/.test $(CHROMIUM) $(AXE)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest tests fifteen_kit widgets website lessons docs --ignore=tests/browser --ignore=tests/lite \
		--ignore=tests/hub --ignore=tests/site --doctest-modules --doctest-glob="*.md" \
		--nbval --nbval-sanitize-with tests/sanitize.cfg --nbval-current-env
	$(MAKE) printables
	$(BIN)/python -m pytest tests/browser
	$(MAKE) test-lite
	$(MAKE) test-site
	$(MAKE) test-hub
	$(MAKE) binder-check

# Binder's recipe replayed on this machine, on top of what Binder's image holds first.  A fresh venv of python3.11
# (binder/runtime.txt's version; the host's $(PYTHON) if there is none) gets repo2docker's Python 3.11 base
# environment: its conda lock's Python packages at their versions, from PyPI (tests/binder/repo2docker_base.py),
# less those binder/requirements.txt pins at another version, which pip would replace at once (same end state,
# half the install).  Then binder/requirements.txt and binder/postBuild, as repo2docker runs them.  It fails if
# `pip check` finds a broken requirement, or a Jupyter extension is disabled or incompatible
# (tests/binder/check_extensions.py); then pytest and nbval (tests/requirements.txt pins) run every lesson in it,
# and tests/binder/measure.py prints its size and start-up times.  It checks the pins and postBuild, not the
# Docker image itself (no conda, no Docker here).
BINDER_VENV   := .venv-binder
# (python3.11 only if it runs: a pyenv shim exists for versions it does not select)
BINDER_PYTHON ?= $(or $(shell python3.11 -c 'import sys; print(sys.executable)' 2>/dev/null),$(PYTHON))
binder-check:
	rm -rf $(BINDER_VENV)
	@$(BINDER_PYTHON) -c 'import sys; v = sys.version_info[:2]; print("binder-check: Python %d.%d" % v \
		+ ("" if v == (3, 11) else " (no working python3.11 here; Binder runs 3.11, as binder/runtime.txt says)"))'
	$(BINDER_PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_VENV)/bin/python tests/binder/repo2docker_base.py --kept-beside binder/requirements.txt \
		--output $(BINDER_VENV)/base-kept.txt
	$(BINDER_VENV)/bin/python -m pip install --quiet --no-deps -r $(BINDER_VENV)/base-kept.txt
	$(BINDER_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt
	PATH="$(CURDIR)/$(BINDER_VENV)/bin:$$PATH" bash binder/postBuild
	$(BINDER_VENV)/bin/python -m pip check
	$(BINDER_VENV)/bin/python tests/binder/check_extensions.py
	$(BINDER_VENV)/bin/python -m pip install --quiet pytest nbval -c tests/requirements.txt
	$(BINDER_VENV)/bin/python -m pytest -p no:cacheprovider lessons --nbval --nbval-current-env \
		--nbval-sanitize-with tests/sanitize.cfg
	$(BINDER_VENV)/bin/python tests/binder/measure.py

# Browser tests only: JupyterLab from .venv driven in Debian's Chromium; screenshots in artifacts/browser/.
test-browser: $(VENV)/.test $(CHROMIUM) $(AXE)
	$(MAKE) printables
	$(BIN)/python -m pytest tests/browser

# The printable and unplugged materials: the kit's HTML pages (fifteen_kit.widgets.printables) printed to PDF by
# Debian's Chromium through Playwright (a test pin, hence .venv/.test); it fails if a page overflows its sheet.
PRINTABLES := build/printables
printables: $(VENV)/.test $(CHROMIUM)
	$(BIN)/python -m fifteen_kit.widgets.printables $(PRINTABLES) --chromium $(CHROMIUM)

# The browser-only site (JupyterLite, Pyodide): its build tools live in .venv-lite, downloads in .cache/lite/.
LITE_VENV := .venv-lite
LITE_SITE := build/lite
$(LITE_VENV)/.lite: lite/requirements.txt
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	@touch $@

lite: $(LITE_VENV)/.lite
	$(LITE_VENV)/bin/python lite/build.py --output $(LITE_SITE)

# The site served on 127.0.0.1 with every other address blocked: each lesson run cell by cell, each board played.
test-lite: lite $(VENV)/.test $(CHROMIUM)
	KIT_LITE_SITE=$(LITE_SITE) $(BIN)/python -m pytest tests/lite

# Lesson 01 to its first board on that site, cold (empty browser) and warm (next lesson, cache kept), offline in
# Chromium: bench/results/lite_start.json, and the figures of bench/results/lite_first_board.json.  Run it alone.
bench-lite: lite $(VENV)/.test $(CHROMIUM)
	$(BIN)/python bench/lite_start.py --site after=$(LITE_SITE)

# A class tournament of the 15 players of bench/tournament_15.py on that site (each in its own Web Worker), dice
# and Fifteens, beside the same tournament in the process sandbox: bench/results/lite_tournament.json.  Run it alone.
bench-lite-tournament: lite $(VENV)/.test $(CHROMIUM)
	$(BIN)/python bench/lite_tournament.py --site $(LITE_SITE)

# The published site (website/): Sphinx and myst-nb in .venv-site render the lessons (saved outputs, never run by
# Sphinx) and the teacher guide; beside them the JupyterLite site (make lite) in lite/ and the printables (make
# printables).  A lesson's page draws its boards from the notebook's saved widget state, which git does not keep
# (make lessons drops it): make site-lessons executes copies of the lessons, with their state, into build/.
# Its scripts (MathJax, the widgets' page manager) come from npm into .cache/site/, so nothing loads from outside.
# KIT_REPO=owner/name (else the origin remote) makes its Binder links; .github/workflows/publish.yml deploys it.
SITE_VENV := .venv-site
SITE      ?= build/site
KIT_REPO  ?=
SITE_LESSONS := build/site-lessons
SITE_BUILD = $(SITE_VENV)/bin/python -m website.build --lite $(LITE_SITE) --printables $(PRINTABLES) \
	--lessons $(SITE_LESSONS)
$(SITE_VENV)/.site: website/requirements.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r website/requirements.txt
	@touch $@

# The lessons executed with nbconvert (which saves each widget's state in the notebook), for the site only.
site-lessons: $(VENV)/.lab
	rm -rf $(SITE_LESSONS)
	$(EXECUTE) --output-dir $(SITE_LESSONS) $(LESSONS)

site: lite printables site-lessons $(SITE_VENV)/.site
	KIT_REPO=$(KIT_REPO) $(SITE_BUILD) --output $(SITE)

# The site built for a made-up address into its own folder, served on 127.0.0.1 and checked in Chromium offline.
TEST_SITE     := build/site-test
TEST_KIT_REPO := kit-test/fifteen-kit
test-site: lite printables site-lessons $(SITE_VENV)/.site $(VENV)/.test $(CHROMIUM)
	KIT_REPO=$(TEST_KIT_REPO) $(SITE_BUILD) --output $(TEST_SITE)
	KIT_SITE=$(TEST_SITE) KIT_SITE_REPO=$(TEST_KIT_REPO) $(BIN)/python -m pytest tests/site

# Debian's Chromium for the browser tests (Playwright's own browser download cannot work here).
$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser tests"
	$(SUDO) apt-get update -qq
	$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

# axe-core from the npm registry, checked against its published sha512.
$(AXE):
	$(PYTHON) tests/browser/fetch_axe.py $@

# The class hub (hub/): its own venv with the pupils' pins (binder/requirements.txt) plus the hub's
# (hub/requirements.txt), the kit, and JupyterLab's settings as Binder has them; its proxy from npm.
HUB_VENV  := .venv-hub
HUB_PROXY := .cache/hub-proxy/node_modules/.bin/configurable-http-proxy
CHP_VERSION := 5.3.0
HUB_PORT  ?= 8000
# HUB_REPO empty: the kit's public git address if it has one (website/address.py), else a read-only copy of this
# checkout's committed branches that the hub publishes beside the homes (never the working checkout itself).
HUB_REPO  ?=
# HUB_STATE (database, secrets, passwords; mode 0700) and HUB_HOMES (one home per account, mode 0700): empty means
# /var/lib/fifteen-kit-hub/{state,homes} as root, ~/.local/share/fifteen-kit-hub/{state,homes} otherwise.
HUB_STATE ?=
HUB_HOMES ?=
HUB_BRANCH ?= main
# HUB_URL: the address pupils use when the hub is behind the school's HTTPS proxy (printed links use it).
HUB_URL   ?=
# CLASS_LIST: a text file of the pupils' names, one a line in account order, printed on their sign-in slips only.
CLASS_LIST ?=
# Its Python must be one every account can run (pupils' servers run it as their own system users): the system's
# python3, not one under /root (pyenv), which other users cannot reach.
HUB_PYTHON ?= $(firstword $(wildcard /usr/bin/python3) $(PYTHON))
$(HUB_VENV)/.hub: binder/requirements.txt hub/requirements.txt binder/overrides.json pyproject.toml $(VOILA_CONFIG) \
		$(TABLET_EXT)/package.json
	$(HUB_PYTHON) -m venv $(HUB_VENV)
	$(HUB_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(HUB_VENV)/bin/python -m pip install --quiet -r binder/requirements.txt -r hub/requirements.txt
	$(HUB_VENV)/bin/python -m pip install --quiet --no-deps -e .
	$(HUB_VENV)/bin/python -m pip check
	mkdir -p $(HUB_VENV)/share/jupyter/lab/settings && cp binder/overrides.json $(HUB_VENV)/share/jupyter/lab/settings/
	mkdir -p $(dir $(HUB_VENV)/$(VOILA_TEMPLATE)) && ln -sfn $(CURDIR)/$(VOILA_TEMPLATE) $(HUB_VENV)/$(VOILA_TEMPLATE)
	$(call voila-config,$(HUB_VENV))
	$(call tablet-ext,$(HUB_VENV))
	@touch $@

$(HUB_PROXY):
	npm install --silent --no-audit --no-fund --prefix .cache/hub-proxy configurable-http-proxy@$(CHP_VERSION)

# PUPILS: the class size for make hub (default 30), the class sizes for make hub-loadtest (default "10 20 30").
hub: $(HUB_VENV)/.hub $(HUB_PROXY)
	KIT_HUB_PUPILS=$(or $(PUPILS),30) KIT_HUB_PORT=$(HUB_PORT) KIT_HUB_IP=$(IP) KIT_HUB_REPO=$(HUB_REPO) \
		KIT_HUB_BRANCH=$(HUB_BRANCH) KIT_HUB_PUBLIC_URL=$(HUB_URL) KIT_HUB_CLASS_LIST=$(CLASS_LIST) \
		KIT_HUB_STATE=$(HUB_STATE) KIT_HUB_HOMES=$(HUB_HOMES) $(HUB_VENV)/bin/python -m hub.run

# Who did not get the teacher's latest lesson changes (and why); each such pupil also finds a note in their home.
hub-status: $(HUB_VENV)/.hub
	KIT_HUB_PUPILS=$(or $(PUPILS),30) KIT_HUB_PORT=$(HUB_PORT) KIT_HUB_REPO=$(HUB_REPO) KIT_HUB_BRANCH=$(HUB_BRANCH) \
		KIT_HUB_STATE=$(HUB_STATE) KIT_HUB_HOMES=$(HUB_HOMES) $(HUB_VENV)/bin/python -m hub.pulls

# Delete the system users make hub created (every class's; homes stay).  Needs root.
hub-clean-users: $(HUB_VENV)/.hub
	$(HUB_VENV)/bin/python -m hub.users remove

# Heavy (about 12 minutes on 2 cores): run it alone.  A hard time limit on top of the one per class size.
hub-loadtest: $(HUB_VENV)/.hub $(HUB_PROXY)
	timeout --kill-after=120 5400 $(HUB_VENV)/bin/python -m hub.loadtest --pupils "$(or $(PUPILS),10 20 30)" \
		--port $(HUB_PORT)

# The short load test of make test: 5 pupils through a fresh hub (about a minute).
test-hub: $(HUB_VENV)/.hub $(HUB_PROXY) $(VENV)/.test
	$(BIN)/python -m pytest tests/hub

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/mypy

# One board as a clean app (no code cells), served by Voila: make play GAME=fifteens
GAME ?= game_of_15
play: $(VENV)/.lab
	@test -f play/$(GAME).ipynb || { echo "GAME is one of: $(notdir $(basename $(wildcard play/*.ipynb)))"; exit 2; }
	$(BIN)/jupyter trust play/$(GAME).ipynb
	@echo "Open the URL printed below; stop with Ctrl-C."
	$(BIN)/voila play/$(GAME).ipynb --no-browser --Voila.ip=$(IP) --port=$(PORT)

# Execute, then clean with nbstripout (website/notebooks.py): outputs and execution counts (nbval needs them) stay;
# timestamps, the widget state and the widget views' random model ids go, so a change of two cells is a diff of two cells
# (tests/test_lesson_files.py fails on a lesson saved otherwise).  nbstripout is a test tool, hence .venv/.test.
lessons: $(VENV)/.test
	$(BIN)/python -m fifteen_kit.widgets.workbook.plans
	$(EXECUTE) --inplace $(LESSON_FILES)
	$(BIN)/python -m website.notebooks $(LESSON_FILES)
	$(MAKE) guide-answers

bench: $(BENCH_VENV)/.bench
	$(BENCH_VENV)/bin/python bench/run.py

# The teacher guide's answer pages, from the workbook (tests/test_teacher_guide.py fails when they are stale).
guide-answers: $(VENV)/.lab
	$(BIN)/python -m fifteen_kit.widgets.workbook lessons/teacher_guide/answers

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(LITE_VENV) $(HUB_VENV) $(SITE_VENV) .cache .pytest_cache .ruff_cache build *.egg-info
