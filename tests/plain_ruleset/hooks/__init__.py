"""The plain ruleset's hooks, one module per layer (see analyzer/engine/*_hooks.py)."""
