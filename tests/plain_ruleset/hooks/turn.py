"""The turn hooks without abilities: every one is the core's neutral hook
(engine/neutral_hooks/turn.py)."""
