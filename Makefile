# The two commands of the README. Both create .venv and install the project with its extras first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# The suite runs on every core (pytest-xdist); a test is handed to whichever worker is free.
WORKERS ?= auto
# Test folders (ledgers, keys, screenshots) go on a RAM disk where there is one: the ledger's
# synchronous=FULL waits for the disk at every commit (a third of the ledger and table tests' time), and a
# test's throw-away ledger needs no power-loss durability. Elsewhere the usual temporary folder.
TEST_TMPDIR ?= $(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm || echo "$${TMPDIR:-/tmp}")
# Byte-code caching on for the test run (an empty PYTHONDONTWRITEBYTECODE is off): each worker otherwise
# compiles and assertion-rewrites every module again at every run (~3 s of CPU a worker).
PYTEST := TMPDIR=$(TEST_TMPDIR) SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONDONTWRITEBYTECODE= \
	$(PY) -m pytest -n $(WORKERS) --dist worksteal

.PHONY: run test check install lint typecheck pytest pytest-fast bench clean i18n lab-evidence

# The table starts through the isolated launcher: -I (no PYTHON* variables, no user site, not the current
# folder on the path), -S (no site: no .pth file runs), -B (no byte-code written). It verifies the program
# and the venv's site-packages against the signed manifest before loading either (docs/security/launch.md).
run: $(STAMP)
	$(PY) -I -S -B boot/launch.py run

# ruff first (under a second); then mypy runs beside the tests rather than before them: it is one process on
# one core (~9 s from a fresh clone), and the tests leave a core idle for about that long in all while they
# wait on servers, subprocesses and the last worker. Its report is printed when the tests end, and either
# failing fails the command. The whole suite also prints its 25 slowest tests, so every CI log shows where
# the time goes.
test: lint $(STAMP)
	@$(call typecheck_beside,$(PYTEST) --durations=25)

# The quick loop while changing code: everything but the tests marked slow (crash, kill, long statistics).
check: lint $(STAMP)
	@$(call typecheck_beside,$(PYTEST) -m "not slow")

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,lab,cluster,floor,sounds]'
	$(PY) -B -m terminal.i18n_build > /dev/null
	touch $(STAMP)

# Compile the gettext catalogues (assets/i18n/**.po) to .mo; the program also does it on first use.
i18n: $(STAMP)
	$(PY) -B -m terminal.i18n_build

lint: $(STAMP)
	$(VENV)/bin/ruff check rng terminal tests benchmarks tools boot

MYPY := $(VENV)/bin/mypy --strict rng terminal boot/launch.py

typecheck: $(STAMP)
	$(MYPY)

# $(1): the test command. mypy's output is held in a temporary file until the tests end, so the two
# reports do not interleave; the exit status is the tests' or, if they passed, mypy's.
define typecheck_beside
	report=$$(mktemp); echo "$(MYPY) (beside the tests; its report follows them)"; \
	$(MYPY) > "$$report" 2>&1 & typing=$$!; trap 'kill $$typing 2>/dev/null; rm -f "$$report"' INT TERM; \
	echo '$(1)'; $(1); tests=$$?; \
	wait $$typing; types=$$?; cat "$$report"; rm -f "$$report"; \
	if [ $$tests -ne 0 ]; then exit $$tests; fi; exit $$types
endef

pytest: $(STAMP)
	$(PYTEST)

pytest-fast: $(STAMP)
	$(PYTEST) -m "not slow"

bench: $(STAMP)
	for script in benchmarks/*_bench.py; do $(PY) $$script || exit 1; done

# The RNG evidence under docs/lab/ (dieharder, the lab profile's rng-report), with the software fingerprint
# it ran on; LAB_EVIDENCE="--dieharder all" for dieharder -a (hours on a small machine).
lab-evidence: $(STAMP)
	$(PY) -B tools/lab_evidence.py $(LAB_EVIDENCE)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
