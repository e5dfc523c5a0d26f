"""The core's neutral hooks, one module per layer (rules, bots, turn): what a ruleset
that has no ability at a hook does there."""
