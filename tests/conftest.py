"""tests/classic/ plays the original game: its engine binds at import
(ANALYZER_RULESET=classic), so those tests run in a process of their own
(test_classic.py starts it) and the SWoW process leaves them out."""

from __future__ import annotations

import os

collect_ignore = [] if os.environ.get("ANALYZER_RULESET") == "classic" else ["classic"]
