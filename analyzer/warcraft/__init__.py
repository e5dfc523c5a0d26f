"""Warcraft: the Board Game battles: an exact solver, a compiled Monte Carlo and
casualty policies (docs/warcraft-battles.md). Shares the statistics, the CLI
conventions and the report style with the rest of the analyzer, not its engine.

Where to look: battle.py (armies, slots, one phase's rules), abilities.py (Area
Attack, Heal, Slow Poison, Bloodlust, Raise Dead), policies.py (casualty policies
and the best response), exact.py (the Markov chain), montecarlo.py (the compiled
simulator), units.py (unit data and its provenance), study.py (heatmap, efficiency
and the report page)."""
