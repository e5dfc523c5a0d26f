"""The hooks the original game gives the core, one module per layer: rules, bots, turn."""
