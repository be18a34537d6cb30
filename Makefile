# make demo | make test | make bench -- each creates .venv and installs on first use.
PY      := .venv/bin/python
STAMP   := .venv/.installed
export NUMBA_CACHE_DIR := $(CURDIR)/.numba_cache

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test,cluster]"
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m balance simulate --deck-a decks/gabriel.toml --deck-b decks/belial.toml --threshold 5 --games 20000 --seed 1

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m balance bench

clean:
	rm -rf .venv .numba_cache .pytest_cache reports/* runs/*
