"""One package per ruleset: its content files, their loader, its abilities and
what its bots know of them.

`analyzer.rulesets.<name>` holds one game (`swow` is Small World of Warcraft,
`classic` the original Small World); the shared machinery (the engine's core,
TOML checking, problems, the CLI) stays in the core packages.
"""

from __future__ import annotations

from pathlib import Path

RULESETS_DIR = Path(__file__).resolve().parent


def content_dir(name: str) -> Path:
    """The folder of a ruleset's content files (ruleset.toml, boards.toml)."""
    return RULESETS_DIR / name / "content"


def ruleset_names() -> list[str]:
    """The rulesets a scenario may name: packages whose content the engine plays
    (ruleset.toml and boards.toml; the classic one's maps have no engine yet)."""
    return sorted(p.parent.parent.name for p in RULESETS_DIR.glob("*/content/boards.toml"))
