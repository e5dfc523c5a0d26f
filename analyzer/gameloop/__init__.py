"""The game loop: what calls both the rules (the engine's core) and the bots (the
players) in turn. The turn loop (turns.py), the bots that choose by playing turns
ahead (lookahead.py, search.py: they run the turn loop on imagined games), the whole
game (play.py), batches of games over threads (batch.py) and the Python API over
them (api.py). Like the engine, it compiles for the ruleset the process plays."""
