"""Property-based tests of bad input, run through the command line in this process:
bad scenarios, ruleset folders, battle files, option values and output-folder states
(decoy files, foreign and tampered manifests, staging-like names). For each: exit
code 2, one paragraph per problem and no traceback, no game played, and every file
the analyzer did not make byte-identical before and after.

Every generated input is one the commands must refuse before any game, so no engine
is compiled or run here (a played game fails the test); the whole file takes well
under a minute."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.main import get_command
from typer.testing import CliRunner

import analyzer.engine  # noqa: F401  (this process plays swow, bound before any test)
from analyzer.cli import app
from analyzer.output import MANIFEST, STAGING_PREFIX, STAGING_TOKEN, OutputFolder
from analyzer.tomlcheck.nesting import MAX_NESTING

ROOT = Path(__file__).resolve().parents[1]
SWOW_CONTENT = ROOT / "analyzer" / "rulesets" / "swow" / "content"
runner = CliRunner()
FAST = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(autouse=True)
def no_game(monkeypatch):
    """A game played fails the test: every input here is refused before one."""
    from analyzer.gameloop import api

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played for input that should be refused")

    monkeypatch.setattr(api, "play_batch", refuse)


# ------------------------------------------------------------------ checking
def refused(args, *, single: bool = False) -> str:
    """Run `analyzer ARGS`; assert exit code 2, no traceback, and that every problem
    is one paragraph of one line (exactly one problem when `single`). Returns the
    message without the "Ruleset: ..." line."""
    result = runner.invoke(app, [str(a) for a in args])
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    text = "\n".join(
        line for line in result.output.splitlines() if not line.startswith("Ruleset: ")
    ).strip()
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    assert paragraphs, result.output
    if single:
        assert len(paragraphs) == 1, text
    for p in paragraphs:
        lines = p.strip().splitlines()
        # validate ends with its count of problems on a line of its own
        assert len(lines) == 1 or re.fullmatch(r"\d+ problem\(s\) in .*", lines[-1]), p
    return text


def tree(folder: Path) -> dict[str, str]:
    """Every entry below `folder` (links not followed) with a hash of its bytes."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "folder"
    return out


@contextlib.contextmanager
def scratch():
    folder = Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def options_of(command: str) -> set[str]:
    cmd = get_command(app).commands[command]
    return {o for p in cmd.params for o in [*p.opts, *p.secondary_opts] if o.startswith("--")}


def named_options(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", text))


# ------------------------------------------------------------------ TOML
def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def deep(depth: int, kind: str) -> str:
    """A value nested `depth` levels: arrays, or inline tables."""
    if kind == "array":
        return "[" * depth + "1" + "]" * depth
    return "{ a = " * depth + "1" + " }" * depth


NESTING = st.tuples(st.integers(MAX_NESTING + 1, 600), st.sampled_from(["array", "table"]))
SCENARIO = {"name": "fuzz", "description": "a generated scenario", "players": 3}
JUNK = st.one_of(
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.booleans(),
    st.lists(st.integers(-3, 3), max_size=3),
)


def scenario_text(head: dict, extra: str = "") -> str:
    lines = ["[scenario]"] + [f"{k} = {toml_value(v)}" for k, v in head.items()]
    return "\n".join(lines) + "\n" + extra


@st.composite
def bad_scenarios(draw) -> str:
    """A scenario with one fault: a bad value of a [scenario] key, an unknown key,
    an unknown bot, a bad rule number, or nesting past the limit."""
    head = dict(SCENARIO)
    fault = draw(st.sampled_from(["players", "variant", "ruleset", "unknown", "seat",
                                  "rule", "nesting", "dotted"]))  # fmt: skip
    extra = ""
    if fault == "players":
        head["players"] = draw(JUNK.filter(lambda v: not (type(v) is int and 2 <= v <= 5)))
    elif fault == "variant":
        head["variant"] = draw(JUNK.filter(lambda v: v not in ("standard", "bfa")))
    elif fault == "ruleset":
        head["ruleset"] = draw(st.one_of(st.integers(), st.sampled_from(["swwo", "clasic", "x"])))
    elif fault == "unknown":
        head[draw(st.sampled_from(["player", "rule", "varient", "seed"]))] = 1
    elif fault == "seat":
        name = draw(st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=12))
        assume(name not in ("heuristic", "random", "lookahead", "default", "aggressive"))
        extra = f"[[seats]]\npolicy = {json.dumps(name + '-x')}\n"
    elif fault == "rule":
        key = draw(st.sampled_from(["rounds", "column_size", "faction_bonus", "travel_cost"]))
        value = draw(st.one_of(st.integers(max_value=-1), st.text(max_size=4), st.just(10**9)))
        extra = f"[rules]\n{key} = {toml_value(value)}\n"
    elif fault == "nesting":
        depth, kind = draw(NESTING)
        extra = f"[rules]\nrounds = {deep(depth, kind)}\n"
    else:  # dotted keys nest without brackets
        depth = draw(st.integers(MAX_NESTING + 1, 1500))
        extra = "[rules]\n" + ".".join(["a"] * depth) + " = 1\n"
    return scenario_text(head, extra)


@FAST
@given(text=bad_scenarios(), command=st.sampled_from(["simulate", "validate", "combos"]))
def test_a_bad_scenario_is_refused_by_every_reader(text, command):
    with scratch() as folder:
        path = folder / "bad.toml"
        path.write_text(text, encoding="utf-8")
        before = tree(folder)
        if command == "validate":
            refused(["validate", path])
        else:
            out = ["--out", folder / "out"] if command == "combos" else []
            refused([command, "--scenario", path, *out])
        assert tree(folder) == before


# ------------------------------------------------------------------ ruleset folders
@st.composite
def bad_ruleset_folders(draw) -> tuple[str, str]:
    """(the file changed, a change to it) that makes a ruleset folder unplayable."""
    fault = draw(st.sampled_from(["number", "box", "nesting", "boards"]))
    if fault == "number":
        key = draw(st.sampled_from(["column_size", "faction_bonus", "travel_cost"]))
        value = draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=10**6)))
        return "ruleset.toml", f"^{key} = .*$::{key} = {value}"
    if fault == "box":  # fewer tokens in the box than the boards need: a cross-file check
        what = draw(st.sampled_from(["murlocs", "mountains"]))
        return "ruleset.toml", f"^{what} = .*$::{what} = {draw(st.integers(0, 2))}"
    if fault == "boards":
        return (
            "ruleset.toml",
            f'^"4" = .*$::"4" = {{ large = 2, medium = 2, small = {draw(st.integers(2, 9))} }}',
        )
    depth, kind = draw(NESTING)
    name = draw(st.sampled_from(["ruleset.toml", "boards.toml"]))
    return name, f"\\Z::\nextra = {deep(depth, kind)}\n"


@FAST
@given(change=bad_ruleset_folders())
def test_validate_refuses_a_ruleset_folder_exactly_when_the_commands_do(change):
    name, edit = change
    pattern, replacement = edit.split("::", 1)
    with scratch() as folder:
        content = folder / "content"
        shutil.copytree(SWOW_CONTENT, content)
        target = content / name
        text, n = re.subn(pattern, replacement, target.read_text("utf-8"), count=1, flags=re.M)
        assert n == 1, pattern
        target.write_text(text, "utf-8")
        scenario = folder / "s.toml"
        scenario.write_text(scenario_text(dict(SCENARIO, ruleset="content", players=4)))
        before = tree(folder)
        for args in (["validate", content], ["validate", content / "ruleset.toml"],
                     ["validate", scenario], ["simulate", "--scenario", scenario]):  # fmt: skip
            refused(args)
        assert tree(folder) == before


def test_the_shipped_ruleset_folder_passes_validate():
    result = runner.invoke(app, ["validate", str(SWOW_CONTENT)])
    assert result.exit_code == 0, result.output and "OK:" in result.output


# ------------------------------------------------------------------ battle files
@FAST
@given(nesting=NESTING, where=st.sampled_from(["units", "name", "top"]))
def test_a_battle_file_nested_too_deep_is_refused(nesting, where):
    depth, kind = nesting
    value = deep(depth, kind)
    units = '[[attacker.units]]\ntype = "melee"\nstrength = 2\n'
    body = {
        "units": f'[attacker]\nname = "a"\n{units}extra = {value}\n',
        "name": f"[attacker]\nname = {value}\n{units}",
        "top": f"x = {value}\n[attacker]\nname = 'a'\n{units}",
    }[where]
    text = body + '[defender]\nname = "d"\n[[defender.units]]\ntype = "melee"\nstrength = 2\n'
    with scratch() as folder:
        path = folder / "battle.toml"
        path.write_text(text)
        message = refused(["battle", "--file", path], single=True)
        assert "nested more than" in message and str(path) in message


# ------------------------------------------------------------------ options
COMMANDS = sorted(get_command(app).commands)
SKIP_OPTIONS = {"--out", "--help", "--file", "--units", "--baseline", "--scenario", "--cluster"}


@st.composite
def bad_options(draw) -> tuple[str, list[str]]:
    """A command with one option given a value it must refuse: a negative number, or
    a name that is nothing (bots, rulesets, variants, player lists, bots by seat)."""
    command = draw(st.sampled_from(COMMANDS))
    cmd = get_command(app).commands[command]
    params = [p for p in cmd.params
              if p.param_type_name == "option" and not p.is_flag
              and p.opts[0] not in SKIP_OPTIONS]  # fmt: skip
    assume(params)
    p = draw(st.sampled_from(params))
    kind = p.type_descriptor.annotation
    if kind in (int, float) or "int" in str(kind) or "float" in str(kind):
        value = str(draw(st.integers(-(2**70), -1)))
    else:
        value = draw(st.sampled_from(["zzz-nothing", "heuristic,zzz", "9", "1,9", "bfaa"]))
        if p.opts[0] in ("--combos",):
            value = "Nobody+Nothing"
    args = [command, p.opts[0], value]
    if command == "compare":
        args.insert(1, str(ROOT / "scenarios" / "double-faction-bonus.toml"))
    if command == "validate":
        args.insert(1, str(ROOT / "scenarios" / "example.toml"))
    return command, args


@FAST
@given(case=bad_options())
def test_a_bad_option_is_refused_naming_only_options_the_command_has(case):
    command, args = case
    with scratch() as folder:
        if "--out" in options_of(command):
            args = [*args, "--out", str(folder / "out")]
        result = runner.invoke(app, args)
        if result.exit_code == 0:
            # A value that happens to be valid (a style named "9" does not exist, but
            # a list or a count may fit): nothing to refuse, and no game was played.
            return
        message = refused(args)
        assert named_options(message) <= options_of(command), message
        assert not (folder / "out").exists()


# ------------------------------------------------------------------ output folders
NAMES = st.text("abcdefghij.-_", min_size=1, max_size=10).filter(
    lambda n: n not in (".", "..") and n != MANIFEST
)
STAGING_LIKE = st.builds(
    lambda pid, tail: f"{STAGING_PREFIX}{pid}-{tail}",
    st.integers(1, 2**31),
    st.one_of(
        st.text("0123456789abcdef", min_size=10, max_size=10),
        st.text("0123456789abcdef", min_size=1, max_size=12),
    ),
)


def _manifest(kind: str, folder: Path, outside: Path, name: str) -> str:
    h = "0" * 32
    return {
        "dotdot": json.dumps({"files": {f"../{outside.name}/victim.txt": [h]}}),
        "deep-dotdot": json.dumps({"files": {f"sub/../../{outside.name}/victim.txt": [h]}}),
        "absolute": json.dumps({"files": {str(outside / "victim.txt"): [h]}}),
        "link": json.dumps({"files": {"out-link/victim.txt": [h]}}),
        "folder": json.dumps({"files": {}, "folders": [f"../{outside.name}"]}),
        "staging": json.dumps({"files": {}, "staging": {f"../{name}": h}}),
        "not-json": "my notes " + name,
        "foreign": json.dumps({"theme": name}),
        "bad-hash": json.dumps({"files": {name: ["not a hash"]}}),
        "list": json.dumps([name]),
    }[kind]


@st.composite
def folder_states(draw):
    """(decoys: name -> file or folder, a manifest kind or None, --force)."""
    decoys = draw(st.dictionaries(st.one_of(NAMES, STAGING_LIKE), st.booleans(), max_size=5))
    manifest = draw(st.one_of(st.none(), st.sampled_from(
        ["dotdot", "deep-dotdot", "absolute", "link", "folder", "staging", "not-json",
         "foreign", "bad-hash", "list"])))  # fmt: skip
    force = draw(st.booleans())
    # Refused for sure: a manifest that cannot be trusted, or decoys without --force.
    assume(manifest is not None or (decoys and not force))
    return decoys, manifest, force


@FAST
@given(state=folder_states(), command=st.sampled_from(["decline", "combos", "bots"]))
def test_an_untrustworthy_output_folder_is_refused_and_nothing_changes(state, command):
    decoys, manifest, force = state
    with scratch() as root:
        outside = root / "elsewhere"
        outside.mkdir()
        (outside / "victim.txt").write_text("the user's")
        out = root / "out"
        out.mkdir()
        (out / "out-link").symlink_to(outside)
        for name, is_folder in decoys.items():
            if is_folder:
                (out / name).mkdir(exist_ok=True)
                (out / name / "thesis.tex").write_text("years of work")
            elif not (out / name).exists():
                (out / name).write_text(f"mine: {name}")
        if manifest is not None:
            (out / MANIFEST).write_text(_manifest(manifest, out, outside, "x"))
        before = tree(root)
        args = {"decline": ["decline", "-p", 2, "--games", 2],
                "combos": ["combos", "-p", 2, "-g", 1],
                "bots": ["bots", "-p", 2, "-g", 2]}[command]  # fmt: skip
        message = refused([*args, "--out", out, *(["--force"] if force else [])], single=True)
        assert tree(root) == before
        assert str(out) in message


@FAST
@given(
    entries=st.lists(
        st.tuples(STAGING_LIKE, st.booleans(), st.booleans(), st.booleans()),
        max_size=6,
        unique_by=lambda e: e[0],
    )
)
def test_leftovers_are_removed_only_with_proof(entries):
    """Staging-like entries: (name, listed in the manifest, holds the listed token, is
    a folder). Only a listed folder holding its token, of a process that is gone, is
    removed; everything else stays byte for byte."""
    with scratch() as root:
        out = root / "out"
        out.mkdir()
        folder = OutputFolder(out)
        proven = set()
        for name, listed, token_matches, is_folder in entries:
            token = hashlib.md5(name.encode()).hexdigest()
            path = out / name
            if is_folder:
                path.mkdir()
                (path / STAGING_TOKEN).write_text(token if token_matches else "f" * 32)
                (path / "data.bin").write_bytes(os.urandom(16))
            else:
                path.write_text(token)
            valid = re.fullmatch(re.escape(STAGING_PREFIX) + r"[0-9]+-[0-9a-f]{10}", name)
            if listed and valid:
                folder._claim_staging(name, token)
                pid = int(name[len(STAGING_PREFIX) :].split("-")[0])
                alive = pid == os.getpid() or _alive(pid)
                if is_folder and token_matches and not alive:
                    proven.add(name)
        before = {k: v for k, v in tree(out).items() if k != MANIFEST}
        folder.remove_debris()
        after = {k: v for k, v in tree(out).items() if k != MANIFEST}
        expected = {k: v for k, v in before.items() if k.split("/")[0] not in proven}
        assert after == expected


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True
