"""Content as data: load and check rulesets and boards, then compile engine tables."""

from __future__ import annotations

import importlib

# Exported lazily: analyzer.engine.layout imports analyzer.model.ids, and the loaders
# import layout, so importing them here would make a cycle.
_EXPORTS = {
    "compile_tables": "analyzer.model.tables",
    "default_content": "analyzer.model.tables",
    "default_tables": "analyzer.model.tables",
    "load_faces": "analyzer.model.boards",
    "load_ruleset": "analyzer.model.ruleset",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'analyzer.model' has no attribute {name!r}")
