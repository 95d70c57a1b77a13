# The two set-up commands: `make run` starts the bot, `make test` runs every check.
# Both create .venv and install what they need on first use from the lock files in requirements/
# (every package pinned, with hashes), and again when a lock file or pyproject.toml changes.
# After changing a pin in pyproject.toml: `make lock`, and commit requirements/.

# The oldest Python allowed first: lint and types target 3.11 (the floor), CI runs on it, and a
# machine that has only a newer one (Ubuntu 24.04: 3.12, Debian 13: 3.13) takes that.
PYTHON ?= $(shell command -v python3.11 || command -v python3.12 || command -v python3.13 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
# A stamp per lock file and pyproject.toml's contents: a changed lock (a `git pull`, `make lock`)
# or a changed pyproject.toml (entry points) installs again.
STAMP = $(VENV)/.installed-$(1)-$(shell cat requirements/$(1).txt pyproject.toml 2>/dev/null | cksum | cut -d' ' -f1)
RUN_STAMP := $(call STAMP,run)
TEST_STAMP := $(call STAMP,test)
# The lock tool, pinned so that `make lock` resolves the same way everywhere.
UV_VERSION := 0.13.9
# uv keeps the versions already in the lock files where it can: `make lock LOCK_FLAGS=--upgrade`
# takes the newest of every package that is not pinned in pyproject.toml.
LOCK := $(BIN)/uv pip compile pyproject.toml --quiet --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command 'make lock' $(LOCK_FLAGS)

# The catalogues' keywords: rules.text's Phrase makers and N_, Words' methods (gettext, ngettext and
# pgettext are Babel's defaults), discord.py's locale_str for the commands' descriptions.
EXTRACT := $(BIN)/pybabel extract -F locales/babel.cfg --add-location=file --sort-output --no-wrap \
	--project=tavern --copyright-holder='the Tavern authors' --msgid-bugs-address='' \
	-c TRANSLATORS: -k phrase -k plural_phrase:1,2 -k context_phrase:1c,2 -k N_ -k locale_str \
	-o locales/tavern.pot .

.PHONY: run test lint bench lock clean messages

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if (3, 11) <= sys.version_info[:2] <= (3, 13) else "Python 3.11, 3.12 or 3.13 is needed; $(PYTHON) is " + sys.version.split()[0] + ". Install one, or name it: make PYTHON=/path/to/python3.12 ...")'
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Installs exactly the locked packages (hash-checked), then the project itself without its
# dependencies (the project is not hash-checked: it is this folder).
$(VENV)/.installed-%: | $(BIN)/python
	$(PIP) install --quiet --require-hashes -r requirements/$(firstword $(subst -, ,$*)).txt
	$(PIP) install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-$(firstword $(subst -, ,$*))-*
	touch $@

run: $(RUN_STAMP)
	$(BIN)/python bot.py

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .

test: lint
	$(BIN)/python -m pytest

bench: $(TEST_STAMP)
	$(BIN)/python -m bench

# Resolved for Python 3.11 with markers where 3.12 or 3.13 need other packages (--universal), so
# one lock serves every Python allowed; run.txt within test.txt's versions, so that the bot runs
# with the versions it was tested with.
lock: | $(BIN)/python
	test -x $(BIN)/uv || $(PIP) install --quiet uv==$(UV_VERSION)
	mkdir -p requirements
	$(LOCK) --extra test -o requirements/test.txt
	$(LOCK) --constraint requirements/test.txt -o requirements/run.txt

# After changing text in the code: the English messages extracted again, and every catalogue
# updated (new messages empty, changed ones fuzzy: `make test` fails until they are translated).
messages: $(TEST_STAMP)
	$(EXTRACT)
	$(BIN)/pybabel update -i locales/tavern.pot -d locales -D tavern --no-wrap --ignore-obsolete

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis
