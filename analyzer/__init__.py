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

from analyzer.notebook import Tables, combos, compare, play
from analyzer.rulesets import Game, NoGameLoaded, load_game

__all__ = ["Game", "NoGameLoaded", "Tables", "combos", "compare", "load_game", "play"]
