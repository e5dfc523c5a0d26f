"""`analyzer report` with no ruleset (what `make report` runs) builds the index in a
process that binds no game: it must get past its checks without importing the engine."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_index_report_checks_its_folder_without_a_game(tmp_path):
    a_file = tmp_path / "taken"
    a_file.write_text("mine", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "ANALYZER_RULESET"}
    done = subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "report", "--scale", "0.1", "--out", str(a_file)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "NoGameLoaded" not in done.stderr, done.stderr
    assert str(a_file) in done.stderr
    assert a_file.read_text(encoding="utf-8") == "mine"
