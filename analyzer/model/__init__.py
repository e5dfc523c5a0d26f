"""What every ruleset's content shares: the rule numbers (params.py), the ranges a
user's numbers must keep (limits.py), value tables keyed by name (named.py), the
engine's tables (tables.py) and the checks both rulesets' loaders use (loader.py).
Each ruleset's own names, content files, loader and compiler live in its package
(analyzer/rulesets/<name>/)."""
