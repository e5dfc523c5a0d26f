"""`python -m analyzer`: the `analyzer` command, for a child process started with the
same Python (the report runs each ruleset's studies in a process of its own)."""

from analyzer.cli import main

main()
