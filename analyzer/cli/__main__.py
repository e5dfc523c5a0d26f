"""`python -m analyzer.cli`: the `analyzer` command."""

from analyzer.cli import main

main()
