"""The analyzer's parts import one way: down the declared order, never up, and no
import ever comes back round to where it started.

A part is a top-level module or subpackage of analyzer (analyzer/stats.py is
`stats`, analyzer/studies/ is `studies`); a ruleset's own package
(analyzer/rulesets/swow/, ...) is the part `rulesets.*`, apart from
analyzer/rulesets/__init__.py (`rulesets`, the Game handle above them). Every
module's AST is walked, imports inside functions included (a function-local import
binds as surely, only later).

LAYERS below lists the parts from the bottom up. A part may import its own part and
any part of a lower layer. The game is layered too: the rulesets there are and the
one bound (ruleset_registry), the engine's core (state, rules, conquest, scoring:
no bot), the content model, the bots (players), the game loop that calls the core
and the bots in turn (gameloop, with the bots that search by playing turns ahead),
each ruleset's own package, the variants and the Game handle. The core calls a
ruleset's hooks by name once the process has bound its ruleset
(engine.ruleset_module): a plug-in called, not imported. One exception is declared,
not discovered:

- The Warcraft battle calculator is a sibling of the Small World parts: it may use
  only the shared foundation and presentation layers, and only the command line
  imports it.

No module imports another module's private name (`from x import _y`) either: what
two modules share gets a public name in a home both may import.

ALLOWED lists the exceptions still open, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "analyzer"

# From the bottom up; a layer is a tuple of parts side by side (which import neither).
LAYERS = (
    (
        "errors",
        "compile_cache",
        "speed_goals",
    ),  # problems a user can fix; compile-cache files checked; the speed goals
    ("tomlcheck",),  # reading and checking TOML files, shared by every file the analyzer reads
    ("stats", "precision"),  # intervals, correlations, tests; when games are too few to tell
    ("output",),  # output folders that never lose a user's file
    ("present",),  # charts, the progress bar, HTML pages
    ("ruleset_registry",),  # the rulesets there are and the one this process plays
    ("engine",),  # the core: state, rules, conquest, scoring; no bot
    ("model",),  # content files checked and compiled into the engine's tables
    ("players",),  # the bots, on the core
    ("gameloop",),  # the game loop: the core and the bots in turn; the searching bots
    ("rulesets.*",),  # a ruleset's own package: its content, abilities and hooks
    ("variants",),  # a ruleset's variants, by name
    ("rulesets",),  # the Game handle: load_game and the game a run plays
    ("scenario",),  # scenario files: a ruleset, its changes and the bots
    ("results",),  # what a run measured
    ("backends",),  # where batches of games run
    ("simulate",),  # a simulation run
    ("playthrough",),  # one game told move by move
    ("bench",),  # timings
    ("studies",),  # the Small World studies
    ("report",),  # the report over the studies
    ("cli",),  # the command line
    ("__main__",),  # `python -m analyzer`
    ("notebook",),  # names in, DataFrames out: the functions the package's face gives
    ("analyzer",),  # the package's face (__init__.py): load_game and the Game handle
)
SIBLINGS = {"warcraft": 4}  # may import layers 0..4 only (up to output and present)
IMPORTED_BY = {"warcraft": {"cli", "warcraft"}}  # who may import a sibling

# (importing module, imported module or "module:name") -> why it is still allowed.
ALLOWED: dict[tuple[str, str], str] = {}


def part_of(module: str) -> str:
    parts = module.split(".")
    if parts[1:2] == ["rulesets"] and len(parts) > 2:
        return "rulesets.*"
    return parts[1] if len(parts) > 1 else "analyzer"


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    names = list(rel.parts)
    return ".".join(names[:-1] if names[-1] == "__init__" else names)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known) -> list[tuple[str, str | None, int]]:
    """(imported module, imported name or None, line) of every analyzer import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                # `from analyzer.engine import layout` imports a module, not a name
                out.append(
                    (sub, None, node.lineno) if sub in known else (base, a.name, node.lineno)
                )
    return [(m, n, line) for m, n, line in out if m == "analyzer" or m.startswith("analyzer.")]


def private(module: str, name: str | None) -> bool:
    names = module.split(".") + ([name] if name else [])
    return any(n.startswith("_") and not n.startswith("__") for n in names)


LEVEL = {part: i for i, layer in enumerate(LAYERS) for part in layer}


def violations() -> list[str]:
    known = modules()
    found = []
    for name, path in known.items():
        src = part_of(name)
        for target, imported, line in imports(name, path, known):
            dst = part_of(target)
            key = (name, f"{target}:{imported}" if imported else target)
            where = f"{path.relative_to(PACKAGE.parent)}:{line} imports {key[1]}"
            if private(target, imported) and target != name:
                if key not in ALLOWED:
                    found.append(f"{where}: a private name of another module")
                continue
            if dst == src or (name, target) in ALLOWED:
                continue
            if dst in SIBLINGS and src not in IMPORTED_BY[dst]:
                found.append(f"{where}: only the command line imports {dst}")
            elif src in SIBLINGS:
                if LEVEL.get(dst, 99) > SIBLINGS[src]:
                    found.append(f"{where}: {src} shares only the lower layers")
            elif dst not in SIBLINGS and LEVEL[dst] > LEVEL[src]:
                found.append(f"{where}: {src} (layer {LEVEL[src]}) imports up to {dst} "
                             f"(layer {LEVEL[dst]})")  # fmt: skip
    return found


def test_every_part_is_declared():
    parts = {part_of(m) for m in modules()}
    declared = set(LEVEL) | set(SIBLINGS)
    assert parts <= declared, f"parts missing from LAYERS: {sorted(parts - declared)}"
    assert not declared - parts, f"declared parts that do not exist: {sorted(declared - parts)}"


def test_imports_go_down_the_layers_and_name_nothing_private():
    assert violations() == []


def test_the_allowed_exceptions_are_still_needed():
    """An exception fixed since is taken off the list, so the list stays the truth."""
    known = modules()
    seen = set()
    for name, path in known.items():
        for target, imported, _line in imports(name, path, known):
            seen.add((name, target))
            seen.add((name, f"{target}:{imported}"))
    assert [key for key in ALLOWED if key not in seen] == []


def test_the_check_finds_an_upward_and_a_private_import(tmp_path, monkeypatch):
    """The test itself can fail: a stats module that imports the studies, and a
    private name, are both reported."""
    fake = tmp_path / "analyzer"
    (fake / "studies").mkdir(parents=True)
    for part in ("errors", "tomlcheck", "stats", "output", "present", "model", "engine", "players",
                 "rulesets", "variants", "scenario", "results", "backends", "simulate",
                 "playthrough", "bench", "report", "cli", "__main__"):  # fmt: skip
        (fake / f"{part}.py").write_text("")
    (fake / "warcraft.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "studies" / "__init__.py").write_text("X = 1\n")
    (fake / "stats.py").write_text("def f():\n    from analyzer.studies import X\n")
    (fake / "report.py").write_text("from analyzer.simulate import _Bar\n")
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    found = violations()
    assert any("stats (layer 2) imports up to studies" in f for f in found), found
    assert any("analyzer.simulate:_Bar: a private name" in f for f in found), found


@pytest.mark.parametrize("part", sorted(SIBLINGS))
def test_a_sibling_is_imported_only_by_the_command_line(part):
    known = modules()
    users = {
        part_of(name)
        for name, path in known.items()
        for target, _n, _l in imports(name, path, known)
        if part_of(target) == part
    }
    assert users <= IMPORTED_BY[part]


def test_the_model_names_no_ruleset():
    """The content model asks the rulesets (their files.py) for their own file kinds
    instead of importing one: it may use the ruleset registry, not a ruleset."""
    known = modules()
    named = [
        f"{name} imports {target}"
        for name, path in known.items()
        if part_of(name) in ("model", "engine")
        for target, _n, _l in imports(name, path, known)
        if target.startswith("analyzer.rulesets.")
    ]
    assert named == []


def vocabulary(path: Path) -> tuple[set[str], set[str]]:
    """(names, keys) a ruleset's ids.py defines: its top-level constants, and the
    strings of its tuples of content keys (RACES, POWERS, MARKERS, COMPONENTS...)."""
    names, keys = set(), set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
            if isinstance(node.value, ast.Tuple):
                keys |= {
                    e.value
                    for e in node.value.elts
                    if isinstance(e, ast.Constant) and isinstance(e.value, str) and "_" in e.value
                }
    return {n for n in names if n.isupper() and not n.startswith("_")}, keys


def ruleset_content_in(part: str) -> list[str]:
    """Where the modules of `part` define a name of a ruleset's vocabulary (its
    ids.py) or write one of its content keys."""
    found = []
    for ids_file in sorted((PACKAGE / "rulesets").glob("*/ids.py")):
        names, keys = vocabulary(ids_file)
        ruleset = ids_file.parent.name
        for path in sorted((PACKAGE / part).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                where = f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', 0)}"
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    if node.id in names:
                        found.append(f"{where} defines {ruleset}'s {node.id}")
                elif isinstance(node, ast.Constant) and node.value in keys:
                    found.append(f"{where} names {ruleset}'s {node.value!r}")
    return found


def test_the_model_holds_no_ruleset_content():
    """model/ is what every ruleset shares: no ruleset's ids (its races, powers,
    markers, components, terrains: each ruleset's ids.py) are defined or named there;
    each ruleset package owns its names, loader and compiler."""
    assert ruleset_content_in("model") == []


def test_the_content_check_finds_swow_names_in_the_model(tmp_path, monkeypatch):
    fake = tmp_path / "analyzer"
    for folder in ("model", "rulesets/swow"):
        (fake / folder).mkdir(parents=True)
    (fake / "rulesets" / "swow" / "ids.py").write_text(
        'RACES = ("blood_elves", "orcs")\nMURLOC = len(RACES)\n'
    )
    (fake / "model" / "ids.py").write_text("MURLOC = 16\n")
    (fake / "model" / "limits.py").write_text('BOX = {"blood_elves": (1, 30)}\n')
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert ruleset_content_in("model") == [
        "analyzer/model/ids.py:1 defines swow's MURLOC",
        "analyzer/model/limits.py:1 names swow's 'blood_elves'",
    ]


GAME_LEVEL = LEVEL["rulesets"]
# What a part above the game may import of the rulesets: the registry (Game, load_game)
# and the content interface every ruleset gives (rulesets/content_table.py).
NEUTRAL_RULESET_MODULES = {"analyzer.rulesets", "analyzer.rulesets.content_table",
                           "analyzer.rulesets.neutral_content"}  # fmt: skip
# SWoW's own names (races, powers, factions), in its package: only the game layer may read them.
SWOW_NAMES = "analyzer.rulesets.swow.ids"


def named_rulesets() -> list[str]:
    """Imports above the game layer of a ruleset's own package (SWoW's names among
    them), by an import statement or by a module path written out (importlib)."""
    known = modules()
    found = []
    for name, path in known.items():
        src = part_of(name)
        if src in SIBLINGS or LEVEL[src] <= GAME_LEVEL:
            continue
        for target, _n, line in imports(name, path, known):
            own = target.startswith("analyzer.rulesets.") and target not in NEUTRAL_RULESET_MODULES
            if own or target == SWOW_NAMES:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and text.startswith("analyzer.rulesets."):
                if text.split(":")[0] not in NEUTRAL_RULESET_MODULES:
                    where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                    found.append(f"{where} names {text}")
    return found


def test_nothing_above_the_game_names_a_ruleset():
    """Simulations, results, studies, the report and the command line reach a
    ruleset's content (its names, variants, team rules and files) through the
    content interface (rulesets/content_table.py), never through its own package or
    SWoW's names: a new ruleset costs its own package and nothing above the game."""
    assert named_rulesets() == []


def test_the_ruleset_check_finds_a_study_that_imports_swow(tmp_path, monkeypatch):
    fake = tmp_path / "analyzer"
    for folder in ("studies", "rulesets/swow", "model"):
        (fake / folder).mkdir(parents=True)
        (fake / folder / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "rulesets" / "swow" / "bfa.py").write_text("X = 1\n")
    (fake / "model" / "ids.py").write_text("FACTIONS = ()\n")
    (fake / "rulesets" / "content_table.py").write_text("")
    (fake / "studies" / "teams.py").write_text(
        "from analyzer.rulesets.swow.bfa import X\n"
        "from analyzer.rulesets.swow.ids import FACTIONS\n"
        "from analyzer.rulesets import content_table\n"
        "import importlib\n"
        'BFA = importlib.import_module("analyzer.rulesets.swow.bfa")\n'
    )
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert named_rulesets() == [
        "analyzer/studies/teams.py:1 imports analyzer.rulesets.swow.bfa",
        "analyzer/studies/teams.py:2 imports analyzer.rulesets.swow.ids",
        "analyzer/studies/teams.py:5 names analyzer.rulesets.swow.bfa",
    ]


def test_the_check_command_finds_classic_files_through_the_ruleset(tmp_path):
    from analyzer import load_game
    from analyzer.cli.check import file_kind, validate_path

    assert file_kind({"maps": []}) == "classic maps"
    assert file_kind({"ruleset": "classic", "races": {}}) == "classic ruleset"
    assert file_kind({"scenario": {}, "maps": []}) == "scenario"
    path = tmp_path / "other.toml"
    path.write_text("title = 1\n")
    (problem,) = validate_path(path, load_game("swow"))
    assert str(problem) == (
        f"{path}: (file) = ['title']: neither a scenario (no [scenario] table), a bot styles "
        "file (no table with a policy), a Small World of Warcraft file (no [races] table, no "
        "[[faces]]) nor an original Small World file "
        '(no [[maps]], no ruleset = "classic").'
    )


# ------------------------------------------------------------------ no import circle
def import_graph(unit=lambda module: module) -> dict[str, set[str]]:
    """unit -> the units it imports (module-level and function-level imports alike);
    `unit` maps a module to its unit (itself, or its part)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        edges = graph.setdefault(unit(name), set())
        for target, _imported, _line in imports(name, path, known):
            if target in known and unit(target) != unit(name):
                edges.add(unit(target))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: its strongly connected components of more than
    one unit (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_itself_round_a_circle():
    """A study and its plan, the engine's API and its compile helper: each pair that
    imported each other now shares what both need from a third module below them."""
    assert cycles(import_graph()) == []


def test_no_part_imports_itself_round_a_circle():
    """The parts, the game's among them, form no circle either (the layers say the
    same from above; this finds a circle whatever the declared order)."""
    assert cycles(import_graph(part_of)) == []


def test_the_cycle_check_finds_a_circle(tmp_path, monkeypatch):
    """The check itself can fail: a planted circle of three modules, one of them
    imported inside a function, is found, and a one-way chain is not."""
    fake = tmp_path / "analyzer"
    (fake / "studies").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "studies" / "__init__.py").write_text("")
    (fake / "studies" / "a.py").write_text("from analyzer.studies import b\n")
    (fake / "studies" / "b.py").write_text("from analyzer.studies.c import X\n")
    (fake / "studies" / "c.py").write_text(
        "X = 1\ndef f():\n    from analyzer.studies.a import Y\n"
    )
    (fake / "studies" / "d.py").write_text("from analyzer.studies import a\n")
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert cycles(import_graph()) == [
        ["analyzer.studies.a", "analyzer.studies.b", "analyzer.studies.c"]
    ]


BOTS = ("analyzer.players", "analyzer.gameloop")


def test_the_engine_core_imports_no_bot():
    """The core (state, rules, conquest, scoring...) imports neither the bots nor the
    game loop that calls them, not even through another module; and the hooks it
    binds by name are the ruleset's rules and layout, never its bots' or its turn's
    (players/bot_hooks.py and gameloop/turn_hooks.py bind those)."""
    graph = import_graph()
    reached = {m for m in graph if m.startswith("analyzer.engine")}
    todo = list(reached)
    while todo:
        for target in graph[todo.pop()]:
            if target not in reached:
                reached.add(target)
                todo.append(target)
    assert sorted(m for m in reached if m.startswith(BOTS)) == []
    bound = set()
    for path in (PACKAGE / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ruleset_module":
                bound |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    assert bound == {"layout", "hooks.rules"}


# ------------------------------------------------------------------ the handle, not globals
# Reading the bound game back (rather than taking the Game handed down) is allowed only
# where a process binds its engine: the registry that remembers it, the command deciding
# and binding its run's game (rulesets.decide_game), the engine binding its hooks and
# cache, the process compiling beside a first run, a cluster's workers.
BINDS = {"analyzer.ruleset_registry", "analyzer.engine", "analyzer.gameloop.precompile",
         "analyzer.backends.dask_cluster", "analyzer.rulesets"}  # fmt: skip
BOUND_READS = {"played_tables", "played_content", "ruleset_name", "bound_ruleset", "played_game",
               "played_variant", "played_line", "PLAYED"}  # fmt: skip
# Everywhere else the Game is handed down: a command decides it (rulesets.decide_game),
# a Python caller loads it (load_game), and either passes it to every study's settings
# (a required `game`), scenario, writer and page; compiled tables name their ruleset
# (Tables.compiled_by). No read is left outside the binding modules above.
MOST_BOUND_READS = 0


def bound_reads() -> list[str]:
    found = []
    for name, path in modules().items():
        if name in BINDS:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            called = isinstance(node, ast.Call) and (
                getattr(node.func, "id", None) in BOUND_READS - {"PLAYED"}
                or getattr(node.func, "attr", None) in BOUND_READS - {"PLAYED"}
            )
            named = (isinstance(node, ast.Name) and node.id == "PLAYED") or (
                isinstance(node, ast.Attribute) and node.attr == "PLAYED"
            )
            if called or named:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_the_bound_game_is_read_back_only_where_it_binds():
    """Studies, simulate, the commands and the report take the Game they play; the
    reads outside the binding modules are counted, never more."""
    reads = bound_reads()
    assert len(reads) <= MOST_BOUND_READS, "\n".join(reads)


# Imports written inside a function hide the graph; they are kept only where they save
# start-up time (`analyzer --help` and `import analyzer` load no numpy, pandas or engine;
# a process that plays no game, like the report index's or a cluster worker's before it
# loads its game, must not import the engine) or keep an optional dependency optional
# (Dask, IPython). Each says why in a `# lazy: ...` comment on its line or the line
# above its group of imports. The count never goes up.
MOST_FUNCTION_IMPORTS = 96
LAZY = "lazy:"


def function_import_nodes() -> list[tuple[Path, list[str], list[ast.stmt], ast.stmt]]:
    """(file, its lines, the statements around, the import) of each import in a function."""
    found = []
    for _name, path in modules().items():
        tree = ast.parse(path.read_text("utf-8"))
        lines = path.read_text("utf-8").splitlines()
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for block in ast.walk(function):
                for field in ("body", "orelse", "finalbody"):
                    body = getattr(block, field, None)
                    if not isinstance(body, list) or (block is not function and isinstance(
                            block, ast.FunctionDef | ast.AsyncFunctionDef)):  # fmt: skip
                        continue
                    found += [(path, lines, body, node) for node in body
                              if isinstance(node, ast.Import | ast.ImportFrom)]  # fmt: skip
    return found


def function_imports() -> list[str]:
    return sorted(
        {f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
         for path, _lines, _body, node in function_import_nodes()}
    )  # fmt: skip


def is_import_just_above(node: ast.stmt, below: ast.stmt) -> bool:
    return isinstance(node, ast.Import | ast.ImportFrom) and node.end_lineno == below.lineno - 1


def unexplained_imports() -> list[str]:
    """Function-level imports with no `# lazy:` reason on their line or above their
    group (the imports written one under the other)."""
    found = []
    for path, lines, body, node in function_import_nodes():
        first = node
        while (i := body.index(first)) > 0 and is_import_just_above(body[i - 1], first):
            first = body[i - 1]
        above = lines[first.lineno - 2] if first.lineno > 1 else ""
        own = lines[node.lineno - 1]
        if not (LAZY in own or (above.strip().startswith("#") and LAZY in above)):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_imports_inside_functions_are_counted_and_never_more():
    assert len(function_imports()) <= MOST_FUNCTION_IMPORTS, len(function_imports())


def test_every_import_inside_a_function_says_why():
    assert unexplained_imports() == []


def test_the_reason_check_finds_an_import_without_one(tmp_path, monkeypatch):
    fake = tmp_path / "analyzer"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "a.py").write_text(
        "def f():\n    # lazy: keeps --help light\n    import json\n    import csv\n\n"
        "def g():\n    import os\n\n    import re  # lazy: optional\n"
    )
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert function_imports() == ["analyzer/a.py:3", "analyzer/a.py:4", "analyzer/a.py:7",
                                  "analyzer/a.py:9"]  # fmt: skip
    assert unexplained_imports() == ["analyzer/a.py:7"]


# ------------------------------------------------------------------ file sizes
MOST_LINES = 800
MOST_COMMAND_LINES = 500  # a command-line file (analyzer/cli/)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_files_stay_short(path):
    most = MOST_COMMAND_LINES if path.parent.name == "cli" else MOST_LINES
    lines = len(path.read_text("utf-8").splitlines())
    assert lines <= most, f"{path.relative_to(PACKAGE.parent)}: {lines} lines (at most {most})"


# ------------------------------------------------------------------ no variant by name
# A team variant is asked for through the content table (TEAM_VARIANTS, VARIANT_PAGES,
# the TEAM rules), never named above the game, so another ruleset's team variant plays
# the same. Only help texts name one: `--help` loads no game, so it cannot ask the
# content; each such file declares how many of its help texts do (and no more).
HELP_NAMING_VARIANTS = {
    "analyzer/cli/options.py": 1,  # --variant's help: "standard, or bfa (...)"
    "analyzer/cli/report.py": 1,  # report --variant's help: the team page
    "analyzer/studies/registry.py": 3,  # the balance, players and teams studies' help
}


def variant_names(package: Path) -> set[str]:
    """The variants every ruleset declares (VARIANTS in its tables.py), the standard
    game's aside."""
    names = set()
    tables = [*package.glob("rulesets/*/tables.py"), *package.parent.glob("tests/*/tables.py")]
    for path in tables:
        for node in ast.parse(path.read_text("utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Dict)
                and any(getattr(t, "id", None) == "VARIANTS" for t in node.targets)
            ):
                names |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    return names - {"standard"}


def literals_naming_variants() -> list[str]:
    """String literals above the game layer (docstrings aside) that name a variant."""
    words = variant_names(PACKAGE)
    found = []
    for name, path in modules().items():
        src = part_of(name)
        if src in SIBLINGS or LEVEL[src] <= GAME_LEVEL:
            continue
        tree = ast.parse(path.read_text("utf-8"))
        documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, documented) and node.body and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and set(re.findall(r"[A-Za-z_.]+", node.value)) & words
            ):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_nothing_above_the_game_names_a_variant():
    found = literals_naming_variants()
    by_file = {
        f: sum(1 for x in found if x.startswith(f"{f}:")) for f in {x.split(":")[0] for x in found}
    }
    assert by_file == HELP_NAMING_VARIANTS, "\n".join(found)


def test_the_variant_check_finds_a_named_variant(tmp_path, monkeypatch):
    fake = tmp_path / "analyzer"
    for folder in ("studies", "rulesets/swow"):
        (fake / folder).mkdir(parents=True)
        (fake / folder / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "rulesets" / "swow" / "tables.py").write_text('VARIANTS = {"standard": 0, "bfa": 1}\n')
    (fake / "studies" / "teams.py").write_text(
        '"""Docs may say bfa."""\n\ndef f(v):\n    """So may this: bfa."""\n'
        '    return v == "bfa" or f"reports/balance-bfa-{v}" or "standard"\n'
    )
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert literals_naming_variants() == [
        "analyzer/studies/teams.py:5",
        "analyzer/studies/teams.py:5",
    ]
