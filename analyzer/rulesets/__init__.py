"""One package per ruleset: the game's content files, their loader and, later, its engine.

`analyzer.rulesets.<name>` holds one game (`classic` is the original Small World); the
shared machinery (TOML checking, problems, the CLI) stays in the core packages.
"""
