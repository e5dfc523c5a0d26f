"""The Small World analyzer. A game is chosen by name, explicitly:

    import analyzer
    game = analyzer.load_game("swow")        # or "classic", or ("swow", "bfa")

and the questions are asked by name, with tables back as pandas DataFrames
(analyzer/notebook.py; docs/python-api.md shows a notebook session):

    analyzer.play(game, 2000, bots="aggressive").seats
    analyzer.combos(game, 50, races=["Orcs", "Tauren"]).races
    analyzer.compare(game, ["scenarios/no-tauren.toml"]).compare

Importing this package is light: it imports neither numba nor the engine.
"""

import os

# numpy's BLAS starts a thread per core that spins after each of the statistics' small
# matrix products, taking CPU from the engine's threads and from the report's other
# pages; one BLAS thread computes the same numbers. Only effective before numpy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from analyzer.notebook import Tables, combos, compare, play
from analyzer.ruleset_registry import NoGameLoaded
from analyzer.rulesets import Game, load_game

__all__ = ["Game", "NoGameLoaded", "Tables", "combos", "compare", "load_game", "play"]
