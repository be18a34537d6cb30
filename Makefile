# make demo | make test | make bench -- each creates .venv and installs on first use.
PY      := .venv/bin/python
STAMP   := .venv/.installed
export NUMBA_CACHE_DIR ?= $(CURDIR)/.numba_cache

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test,cluster]"
	$(PY) -m balance simulate --games 2 >/dev/null    # warm-up: compile the rules kernel into the cache once (it says so on stderr)
	$(PY) -m balance simulate --ruleset kamigami --games 4 >/dev/null     # and Kamigami's (about 25 s)
	$(PY) -m balance simulate --ruleset solium --games 4 >/dev/null       # and Solium Infernum's (about 20 s)
	touch $(STAMP)

# experiments/demo.toml (the starter decks' round robin at thresholds 3, 4 and 5; Gabriel against
# Belial under two agent pairings and both protection readings; a search agent on 12 games), three
# of Belial's cards replayed blank (200 games a cell: the card verdicts), then the report
# (reports/demo/index.html); then Kamigami Battles' seat balance at 2, 4 and 6 players
# and what each card is worth to Cthulhu, blanked for the whole table (experiments/kamigami.toml,
# reports/kamigami/index.html); Solium Infernum's battles and duels, with what Charge is worth to
# the Brass Lancers (experiments/solium.toml, reports/solium/index.html); Innomination's four-deck
# round robin under two scripted styles (experiments/innomination.toml, reports/innomination/index.html);
# 3 minutes at most.
demo: $(STAMP)
	$(PY) -m balance run experiments/demo.toml --fresh
	$(PY) -m balance impact experiments/demo.toml --deck decks/belial.toml --games 200 \
		--cards "Arson Spree" "Gorvath" "Song of Fire"
	$(PY) -m balance report runs/demo --out reports/demo
	$(PY) -m balance run experiments/kamigami.toml --fresh
	$(PY) -m balance impact experiments/kamigami.toml --deck Cthulhu
	$(PY) -m balance report runs/kamigami --out reports/kamigami
	$(PY) -m balance run experiments/solium.toml --fresh
	$(PY) -m balance impact experiments/solium.toml --deck "Brass Lancers"
	$(PY) -m balance report runs/solium --out reports/solium
	$(PY) -m balance run experiments/innomination.toml --fresh
	$(PY) -m balance report runs/innomination --out reports/innomination

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m balance bench

clean:
	rm -rf .venv .numba_cache .pytest_cache reports/* runs/*
