# The two commands of the README. Both create .venv and install the project with its extras first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test install lint typecheck pytest bench clean i18n

run: $(STAMP)
	$(PY) -B -m terminal run

test: lint typecheck pytest

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,lab,cluster]'
	$(PY) -m terminal.i18n_build > /dev/null
	touch $(STAMP)

# Compile the gettext catalogues (assets/i18n/**.po) to .mo; the program also does it on first use.
i18n: $(STAMP)
	$(PY) -m terminal.i18n_build

lint: $(STAMP)
	$(VENV)/bin/ruff check rng terminal tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict rng terminal

pytest: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(STAMP)
	for script in benchmarks/*_bench.py; do $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
