"""Studies: designed batches of games that answer one balance question each
(combos.py: `analyzer combos`, the value of every race and power combo;
decline.py: `analyzer decline`, when to decline; players.py: `analyzer players`,
what the player count changes; common.py: what they share)."""
