"""Reports written from simulation runs (baseline.py: `analyzer report`)."""
