"""The hooks SWoW gives the core, one module per layer: rules, bots, turn."""
