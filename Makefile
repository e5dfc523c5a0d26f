# Every target that runs code sets up the local virtual environment first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# numba's on-disk cache lives beside the venv so a clean checkout compiles once.
export NUMBA_CACHE_DIR := $(CURDIR)/.numba_cache

.PHONY: setup test report bench lint format clean

setup: $(STAMP)

# uv installs the packages in parallel: about 40 s against pip's 1-3 min here. It
# compiles their bytecode up front, as pip does: a machine that never writes .pyc
# files (PYTHONDONTWRITEBYTECODE) would otherwise compile numba, numpy and pandas
# from source in every command, 4 s each. Where uv cannot be had, pip installs.
# The analyzer's own modules are compiled too (the editable install leaves them
# out): 0.15 s of every command's start on such a machine. A module edited since
# is compiled from source again, as without this.
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	($(BIN)/pip install --quiet uv && \
		$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '.[dev]') || \
		$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python -m compileall -q analyzer
	touch $(STAMP)

# One pytest run per ruleset (a process plays one): swow with every test of tests/,
# then tests/every_ruleset/ and each ruleset's own folder under the others. Each run
# spreads its test files over the cores (a file's tests stay together, sharing their
# fixtures); PYTEST_WORKERS=0 runs them in this one process.
PYTEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile
test: setup
	$(PYTEST)
	$(PYTEST) --ruleset classic
	$(PYTEST) --ruleset tests.plain_ruleset

# `make report SCALE=0.1`: every study's games times 0.1, a quick rough look (the pages say so).
SCALE ?= 1
report: setup
	$(BIN)/analyzer report --scale $(SCALE)

# Every playable ruleset (analyzer/rulesets/__init__.py says which), each in its own process.
PLAYABLE := from analyzer.rulesets import playable_rulesets; print(*playable_rulesets())

bench: setup
	for ruleset in $$($(BIN)/python -c "$(PLAYABLE)"); do \
		$(BIN)/analyzer bench --ruleset $$ruleset || exit 1; done
	@echo "A local Dask cluster of 2 workers against this process, on a long 4-player heuristic run:"
	$(BIN)/analyzer bench --workers 2 --repeats 2
	$(BIN)/analyzer battle-bench
	@echo "SWoW's full 320-combo table at +/- 3 win-rate points (1,100 games per combo):"
	$(BIN)/analyzer combos --players 4 --games-per-combo 1100 --out reports/bench-combos
	@echo "The full balance table at 4 players, default precision (curves, all at once, seats 2-5, sensitivity):"
	$(BIN)/analyzer balance --players 4 --out reports/bench-balance
	@echo "analyzer tune's default search (10 generations of 16 candidates; its time is printed last):"
	$(BIN)/analyzer tune --out reports/bench-tune
	@echo "make report from a fresh clone of this commit (its own set-up, compiles and every study):"
	$(BIN)/python tools/time_fresh_report.py

lint: setup
	$(BIN)/ruff format --check analyzer tests tools
	$(BIN)/ruff check analyzer tests tools

format: setup
	$(BIN)/ruff format analyzer tests tools
	$(BIN)/ruff check --fix analyzer tests tools

clean:
	rm -rf $(VENV) .numba_cache .pytest_cache .ruff_cache
