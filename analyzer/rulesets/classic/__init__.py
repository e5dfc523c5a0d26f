"""The original Small World (Days of Wonder, 2009).

`content/ruleset.toml` holds the races, special powers, components and rule
numbers, `content/maps.toml` the four official maps; `loader.py` loads and
checks both and `tables.py` compiles them for the engine. The engine plays it
once it is loaded (`analyzer.load_game("classic")`, `--ruleset classic`):
`layout.py` (its columns), `abilities.py` (the rule hooks), `turn.py` (the turn
hooks), `bots.py`, `targets.py` and `values.py` (what the bots know), `setup.py`,
`hooks/` (the core's names).
Each race and power says in ruleset.toml how far the engine plays it.
"""
