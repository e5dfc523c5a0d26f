"""Studies: designed batches of games that answer one balance question each
(combos.py: `analyzer combos`, the value of every race and power combo)."""
