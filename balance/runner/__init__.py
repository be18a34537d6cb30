"""Experiments: grids of configurations, run in parallel into a resumable store.

Public surface: ``run_experiment(path_or_dict, ...)`` (what ``balance run``
does), ``load_run(run_dir)`` (the store as polars LazyFrames) and
``load_experiment``; ``balance.to_pandas(run)`` gives a run's games in
pandas.
"""
from .experiment import Cell, Experiment, load_experiment
from .run import run_experiment
from .store import Run, load_run

__all__ = ["Cell", "Experiment", "Run", "load_experiment", "load_run", "run_experiment"]
