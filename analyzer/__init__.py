"""The Small World analyzer. A game is chosen by name, explicitly:

    import analyzer
    game = analyzer.load_game("swow")        # or "classic", or ("swow", "bfa")

Importing this package is light: it imports neither numba nor the engine.
"""

from analyzer.rulesets import Game, NoGameLoaded, load_game

__all__ = ["Game", "NoGameLoaded", "load_game"]
