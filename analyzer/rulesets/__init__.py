"""The rulesets, one package each (its content files, abilities and bots' knowledge), by name."""

from __future__ import annotations

from pathlib import Path

RULESETS_DIR = Path(__file__).resolve().parent


def content_dir(name: str) -> Path:
    """The folder of a ruleset's content files (ruleset.toml, boards.toml)."""
    return RULESETS_DIR / name / "content"


def ruleset_names() -> list[str]:
    """Every ruleset package that ships content files."""
    return sorted(p.parent.parent.name for p in RULESETS_DIR.glob("*/content/ruleset.toml"))
