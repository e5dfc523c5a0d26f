"""The original Small World (Days of Wonder, 2009) as data.

`content/ruleset.toml` holds the races, special powers, components and rule numbers,
`content/maps.toml` the four official maps; `loader.py` loads and checks both. The
engine does not play this ruleset yet, and every ability says so (`modeled = "none"`).
"""
