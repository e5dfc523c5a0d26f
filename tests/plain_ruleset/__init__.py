"""A ruleset with no ability at all, for the tests: the core's game (the combo
column, conquest, the die, decline, scoring) on SWoW's content, played on the
core's neutral hooks (engine/neutral_hooks/) but for the four every ruleset must
give. It proves that the core plays through its hooks alone and that a process
playing one ruleset compiles and caches no other (test_rulesets.py)."""
