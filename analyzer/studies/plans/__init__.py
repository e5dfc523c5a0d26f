"""Each study's settings object and steps (analyzer/studies/protocol.py): its checks
(the command's options turned into settings, bad input refused before any game), its
run, its writer, its answer card and its place in the report. One module per study;
common.py holds what several share (a scenario's rules and bots, --bots by count)."""
