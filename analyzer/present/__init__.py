"""What every part that shows results shares: charts (charts.py), the progress bar
(progress.py), self-contained HTML pages (html.py) and the compare study's metric
labels that its charts print (metrics.py).

A lower layer: the Small World studies, the report and the Warcraft battle
calculator use it; it imports none of them (tests/test_layers.py)."""
