"""tests/classic/ plays the original game: its engine binds at import
(ANALYZER_RULESET=classic), so those tests run in a process of their own
(test_classic.py starts it) and the SWoW process leaves them out."""

from __future__ import annotations

import os

collect_ignore = [] if os.environ.get("ANALYZER_RULESET") == "classic" else ["classic"]

# Property tests draw the same examples every run, so a red or green suite means the
# same on every machine; set HYPOTHESIS_PROFILE=explore to search afresh.
from hypothesis import settings  # noqa: E402

settings.register_profile("suite", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
