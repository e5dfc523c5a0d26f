"""The neutral core names no ruleset's races, powers, markers or factions.

The engine core, the bots and the playthrough serve every ruleset: what one ruleset
needs (its event kinds, rule constants, bot parameters, words) it declares in its own
package and the core asks for it. This test reads every shipped ruleset's content
files for the names it uses (each race, power and marker: its key and its display
name; each faction) and fails when the core's code says one of them: an identifier
(`H_WORGEN_HAND`) or a string the code uses ("buys Forsaken tokens"). Comments and
docstrings may still cite a ruleset as an example. The word list is built from the
content each run, so a race added to a ruleset is checked too.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ANALYZER = Path(__file__).resolve().parents[1] / "analyzer"
RULESETS = ANALYZER / "rulesets"

# The neutral core: the engine, the bots, the told game and the content model (all of
# analyzer/model/: each ruleset's names, loader and compiler live in its package).
CORE = (
    sorted((ANALYZER / "engine").rglob("*.py"))
    + sorted((ANALYZER / "players").rglob("*.py"))
    + [ANALYZER / "playthrough.py"]
    + sorted((ANALYZER / "model").glob("*.py"))
)
# Names of content that are also plain words of the core: SWoW's Neutral faction
# (the core's "neutral" hooks are the ones no ruleset overrides) and its Defensive
# power (the lookahead bot's defensive plan holds tokens back).
PLAIN_WORDS = {("neutral",), ("defensive",)}
CONTENT_TABLES = ("races", "powers", "markers")


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _forms(name: str) -> set[tuple[str, ...]]:
    """A name's word sequence, and its singular (Dwarves: dwarf, Orcs: orc)."""
    words = _tokens(name)
    if not words:
        return set()
    last = words[-1]
    forms = {tuple(words)}
    if last.endswith("ves"):
        forms.add((*words[:-1], last[:-3] + "f"))
    elif last.endswith("s") and len(last) > 3:
        forms.add((*words[:-1], last[:-1]))
    return forms


def content_names() -> dict[tuple[str, ...], str]:
    """Every race, power, marker and faction name of every shipped ruleset's content
    files (word sequence -> where it comes from)."""
    names: dict[tuple[str, ...], str] = {}
    for file in sorted(RULESETS.glob("*/content/*.toml")):
        data = tomllib.loads(file.read_text("utf-8"))
        where = str(file.relative_to(ANALYZER.parent))
        for table in CONTENT_TABLES:
            for key, entry in (data.get(table) or {}).items():
                if not isinstance(entry, dict):
                    continue
                found = [key, entry.get("name", "")]
                if isinstance(entry.get("faction"), str):
                    found.append(entry["faction"])
                for name in found:
                    for form in _forms(name):
                        names.setdefault(form, f"{where} [{table}.{key}]")
        # a ruleset's race of nobody has a table of its own (the original's Lost Tribes)
        for key, entry in data.items():
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                if key not in CONTENT_TABLES and ("banner" in entry or "box" in entry):
                    for form in _forms(entry["name"]):
                        names.setdefault(form, f"{where} [{key}]")
    return {form: where for form, where in names.items() if form not in PLAIN_WORDS}


def _docstrings(tree) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def code_words(source: str) -> list[tuple[int, str]]:
    """(line, text) of every identifier and non-docstring string in the code."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            out.append((line, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((line, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append((line, node.name))
        elif isinstance(node, ast.arg):
            out.append((line, node.arg))
        elif isinstance(node, ast.alias):
            out.append((line, node.asname or node.name))
        elif isinstance(node, ast.keyword) and node.arg:
            out.append((line, node.arg))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs:
                out.append((line, node.value))
    return out


def mentions(source: str, names: dict[tuple[str, ...], str]) -> list[str]:
    found = []
    longest = max(len(n) for n in names)
    for line, text in code_words(source):
        words = _tokens(text)
        for i in range(len(words)):
            for n in range(1, longest + 1):
                seq = tuple(words[i : i + n])
                if len(seq) == n and seq in names:
                    found.append(f"line {line}: {text!r} names {' '.join(seq)} ({names[seq]})")
    return found


def test_the_word_list_holds_every_rulesets_names():
    names = content_names()
    for form in (("worgen",), ("forsaken",), ("horde",), ("alliance",), ("doomhammer",),
                 ("sorcerer",), ("lost", "tribes"), ("dragon", "master")):  # fmt: skip
        assert form in names, form


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ANALYZER)))
def test_the_core_names_no_rulesets_content(path):
    found = mentions(path.read_text("utf-8"), content_names())
    assert found == [], f"{path.relative_to(ANALYZER.parent)} names a ruleset's content:\n" + (
        "\n".join(found)
    )


def test_the_check_finds_a_name_in_code_but_not_in_a_docstring():
    names = content_names()
    source = '"""SWoW\'s Worgen."""\nH_WORGEN_HAND = 9\nTEXT = "buys Forsaken tokens"\n'
    found = mentions(source, names)
    assert any("H_WORGEN_HAND" in f for f in found), found
    assert any("Forsaken" in f for f in found), found
    assert not any("line 1" in f for f in found), found


def test_the_slots_left_to_a_ruleset_are_free_of_the_cores():
    """A ruleset's own event kinds, rule constants and bot parameters live in slots
    the core leaves free: no core index may reach into them."""
    from analyzer.engine import core_layout as C
    from analyzer.players import params as P

    core_events = [v for k, v in vars(C).items() if k.startswith("EV_") and k != "EV_RULESET"]
    assert max(core_events) < C.EV_RULESET
    assert C.PAR_VARIANT < C.PAR_RULESET and C.N_PARAMS == C.PAR_RULESET + C.N_RULESET_PARAMS
    own = set(P.RULESET_BOT_PARAMS)
    core_bot = [i for k, (i, _) in P.LOOKAHEAD_PARAMS.items() if k not in own]
    ruleset_slots = range(P.H_RULESET, P.H_RULESET + P.N_RULESET_BOT_PARAMS)
    assert not set(core_bot) & set(ruleset_slots)
    assert {slot for slot, _d, _b in P.RULESET_BOT_PARAMS.values()} <= set(ruleset_slots)
    assert max(ruleset_slots) < P.N_POLICY_PARAMS
