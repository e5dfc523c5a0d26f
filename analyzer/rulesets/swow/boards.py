"""Load and check a board file: the faces of the double-sided boards.

A face is one side of a physical board: its regions, their terrain, symbols and
borders. A game lays out a number of boards per size (the ruleset's [boards]) and
uses one side of each, so the checks that involve the box caps look at the worst
legal selection of faces for every player count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from analyzer.engine.core_layout import MAX_DEGREE, MAX_REGIONS
from analyzer.model.loader import unreached
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.ruleset import (
    CONTENT_DIR,
    SIZE_KEYS,
    SIZE_OF_KEY,
    Ruleset,
    load_ruleset,
)
from analyzer.tomlcheck.tomlfile import PROVENANCES, Checker, is_int, read_toml

BOARDS_PATH = CONTENT_DIR / "boards.toml"
TOP_KEYS = ("about", "source", "faces")
FACE_KEYS = ("name", "board", "size", "regions")
REGION_KEYS = ("id", "terrain", "symbols", "borders")
# Tokens of these symbols sit on land, and the marker starts on land.
LAND_SYMBOLS = ("Murloc", "Mountain", "Marker")


@dataclass(frozen=True)
class Region:
    id: int  # 0..n-1 within its face
    terrain: int  # index in ids.TERRAINS
    symbols: int  # ids.SYM_* bits
    neighbours: tuple[int, ...]  # ids of bordering regions on the same face

    @property
    def is_water(self) -> bool:
        return self.terrain in ids.WATER_TERRAINS

    def has(self, bit: int) -> bool:
        return bool(self.symbols & bit)


@dataclass(frozen=True)
class Face:
    name: str
    board: str  # the physical board: two faces share it
    size: int  # ids.SIZE_S / SIZE_M / SIZE_L
    regions: tuple[Region, ...]  # in id order

    def count(self, bit: int) -> int:
        """Regions carrying a symbol."""
        return sum(r.has(bit) for r in self.regions)

    @property
    def n_land(self) -> int:
        return sum(not r.is_water for r in self.regions)

    @property
    def n_water(self) -> int:
        return len(self.regions) - self.n_land


@dataclass(frozen=True)
class Selection:
    """The faces of one legal layout for a player count, and what it measures."""

    players: int
    value: int
    faces: tuple[str, ...]


def load_faces(path: str | Path | None = None, ruleset: Ruleset | None = None) -> tuple[Face, ...]:
    """The faces in `path` (the shipped boards by default), checked against `ruleset`
    (the shipped ruleset by default); InputError listing every problem if bad."""
    path = BOARDS_PATH if path is None else Path(path)
    ruleset = load_ruleset() if ruleset is None else ruleset
    return parse_faces(read_toml(path), str(path), ruleset)


def worst_selections(
    faces: Iterable[Face], ruleset: Ruleset, measure: Callable[[Face], int]
) -> dict[int, Selection]:
    """For each player count, the legal choice of boards and sides that maximises `measure`.

    Each board counts with its larger side, and the largest boards of each size are taken.
    """
    sides: dict[str, list[Face]] = defaultdict(list)
    for face in faces:
        sides[face.board].append(face)
    best = [max(group, key=lambda f: (measure(f), f.name)) for group in sides.values()]
    worst = {}
    for players, counts in ruleset.boards.items():
        chosen: list[Face] = []
        for size_key, need in zip(SIZE_KEYS, counts, strict=True):
            of_size = [f for f in best if f.size == SIZE_OF_KEY[size_key]]
            of_size.sort(key=lambda f: (-measure(f), f.name))
            chosen += of_size[:need]
        value = sum(measure(f) for f in chosen)
        worst[players] = Selection(players, value, tuple(f.name for f in chosen))
    return worst


def parse_faces(data: dict, file: str, ruleset: Ruleset) -> tuple[Face, ...]:
    """Check parsed TOML and build the faces; raises InputError listing every problem."""
    check = Checker(file)
    check.keys(data, "", TOP_KEYS)
    check.text(data, "about", "", required=False)
    check.choice(data, "source", "", PROVENANCES)
    raw = check.value(data, "faces", "")
    if raw is None:
        check.problems.raise_if_any()
    if not isinstance(raw, list) or not raw:
        check.add("faces", raw, "must be a list of faces ([[faces]] tables)")
        check.problems.raise_if_any()

    faces: list[Face] = []
    heads: list[tuple[int, str, str, int]] = []  # (index, name, board, size) of each face
    for i, entry in enumerate(raw):
        where = f"faces[{i}]"
        if not isinstance(entry, dict):
            check.add(where, entry, "must be a table")
            continue
        check.keys(entry, where, FACE_KEYS)
        name = check.text(entry, "name", where)
        board = check.text(entry, "board", where)
        size = check.choice(entry, "size", where, ids.BOARD_SIZES)
        if None not in (name, board, size):
            heads.append((i, name, board, ids.BOARD_SIZES.index(size)))
        before = len(check.problems.items)
        regions = _regions(check, entry, where, name or where)
        built = regions is not None and len(check.problems.items) == before
        if built and None not in (name, board, size):
            faces.append(Face(name, board, ids.BOARD_SIZES.index(size), regions))

    _check_boards(check, heads, ruleset)
    # The box caps need every face: skip them while any face is broken.
    if not check.problems:
        _check_selections(check, faces, ruleset)
    check.problems.raise_if_any()
    return tuple(faces)


def _regions(check: Checker, entry: dict, where: str, label: str) -> tuple[Region, ...] | None:
    """The regions of one face in id order, or None when they cannot be built."""
    raw = check.value(entry, "regions", where)
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw:
        check.add(f"{where}.regions", raw, "must be a list of regions")
        return None
    n = len(raw)
    parsed = {}  # id -> (position in the list, terrain, symbols, borders)
    complete = True
    for j, reg in enumerate(raw):
        rw = f"{where}.regions[{j}]"
        if not isinstance(reg, dict):
            check.add(rw, reg, "must be a table")
            complete = False
            continue
        check.keys(reg, rw, REGION_KEYS)
        rid = check.integer(reg, "id", rw, 0, MAX_REGIONS - 1)
        terrain = check.choice(reg, "terrain", rw, ids.TERRAINS)
        symbols = _symbols(check, reg, rw, terrain)
        borders = _borders(check, reg, rw)
        if rid is None or borders is None:
            complete = False
        elif rid in parsed:
            check.add(f"{rw}.id", rid, f"{label}: duplicate region id")
            complete = False
        elif rid >= n:
            check.add(f"{rw}.id", rid, f"{label}: region ids must run from 0 to {n - 1}")
            complete = False
        else:
            parsed[rid] = (j, terrain, symbols, borders)
    if not complete:
        return None

    for rid, (j, _, _, borders) in parsed.items():
        key = f"{where}.regions[{j}].borders"
        for b in borders:
            if b == rid:
                check.add(key, b, f"{label}: a region cannot border itself")
            elif b not in parsed:
                check.add(key, b, f"{label}: there is no region {b} on this face")
            elif rid not in parsed[b][3]:
                check.add(key, b, f"{label}: region {b} does not list {rid} back")
        if len(set(borders)) != len(borders):
            check.add(key, borders, f"{label}: a border is listed twice")
        if len(set(borders)) > MAX_DEGREE:
            check.add(key, len(set(borders)), f"{label}: more than {MAX_DEGREE} borders")

    cut_off = unreached({rid: borders for rid, (_, _, _, borders) in parsed.items()})
    if cut_off:
        check.add(
            f"{where}.regions", cut_off, f"{label}: not reachable from region 0 (not connected)"
        )
    bits = [s for _, _, s, _ in parsed.values()]
    if None in bits:
        return None
    if not any(s & ids.SYM_ENTRY for s in bits):
        check.add(f"{where}.regions", label, "no Entry region: no race could enter this face")
    markers = sum(bool(s & ids.SYM_MARKER) for s in bits)
    if markers != 1:
        check.add(
            f"{where}.regions", markers, f"{label}: exactly one region needs the Marker symbol"
        )
    if any(t is None for _, t, _, _ in parsed.values()):
        return None
    return tuple(
        Region(rid, ids.TERRAINS.index(t), s, tuple(sorted(set(b))))
        for rid, (_, t, s, b) in sorted(parsed.items())
    )


def _symbols(check: Checker, reg: dict, rw: str, terrain: str | None) -> int | None:
    names = reg.get("symbols", [])
    if not isinstance(names, list):
        check.add(f"{rw}.symbols", names, "must be a list of symbol names")
        return None
    bits = 0
    for k, name in enumerate(names):
        if check.check_choice(name, f"{rw}.symbols[{k}]", ids.SYMBOLS) is None:
            bits = None
        elif bits is not None:
            bits |= ids.SYMBOL_BITS[name]
        if terrain in ("Sea", "Lake") and name in LAND_SYMBOLS:
            check.add(f"{rw}.symbols[{k}]", name, f"a {terrain} region cannot carry this symbol")
    return bits


def _borders(check: Checker, reg: dict, rw: str) -> list[int] | None:
    borders = check.value(reg, "borders", rw)
    if borders is None:
        return None
    if not isinstance(borders, list) or not all(is_int(b) for b in borders):
        check.add(f"{rw}.borders", borders, "must be a list of region ids")
        return None
    return borders


def _check_boards(check: Checker, heads: list[tuple[int, str, str, int]], ruleset: Ruleset) -> None:
    """Names, two faces of one size per board, and enough boards for every player count."""
    seen: dict[str, int] = {}
    for i, name, _, _ in heads:
        if name in seen:
            check.add(f"faces[{i}].name", name, f"faces[{seen[name]}] has the same name")
        seen.setdefault(name, i)
    boards: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for i, _, board, size in heads:
        boards[board].append((i, size))
    for board, sides in boards.items():
        first = sides[0][0]
        if len(sides) != 2:
            check.add(
                f"faces[{first}].board", board, f"board {board} has {len(sides)} faces, not 2"
            )
        if len({size for _, size in sides}) > 1:
            check.add(
                f"faces[{first}].size",
                ids.BOARD_SIZES[sides[0][1]],
                f"the faces of board {board} have different sizes",
            )
    for size_key, in_box in zip(SIZE_KEYS, ruleset.boards_in_box, strict=True):
        size = SIZE_OF_KEY[size_key]
        n_faces = sum(1 for _, _, _, s in heads if s == size)
        if n_faces > 2 * in_box:
            check.add(
                "faces",
                n_faces,
                f"{n_faces} faces of size {ids.BOARD_SIZES[size]}, but the box has only "
                f"{in_box} {size_key} boards ({2 * in_box} faces)",
            )
        have = len({b for _, _, b, s in heads if s == size})
        for players, counts in sorted(ruleset.boards.items()):
            need = counts[SIZE_KEYS.index(size_key)]
            if have < need:
                check.add(
                    "faces",
                    have,
                    f"{have} {size_key} boards, but {players} players need {need} "
                    f"(the ruleset's [boards])",
                )


def _check_selections(check: Checker, faces: list[Face], ruleset: Ruleset) -> None:
    """Every legal layout must fit the box caps and the engine's region arrays."""
    limits = (
        ("Murloc", lambda f: f.count(ids.SYM_MURLOC), ruleset.components.get("murlocs")),
        ("Mountain", lambda f: f.count(ids.SYM_MOUNTAIN), ruleset.components.get("mountains")),
    )
    for symbol, measure, cap in limits:
        for sel in worst_selections(faces, ruleset, measure).values():
            if cap is not None and sel.value > cap:
                check.add(
                    "faces",
                    sel.value,
                    f"{sel.players} players on {', '.join(sel.faces)} have {sel.value} "
                    f"{symbol} symbols, but the box has {cap} {symbol} tokens",
                )
    for sel in worst_selections(faces, ruleset, lambda f: len(f.regions)).values():
        if sel.value > MAX_REGIONS:
            check.add(
                "faces",
                sel.value,
                f"{sel.players} players on {', '.join(sel.faces)} have {sel.value} regions, "
                f"more than the engine's {MAX_REGIONS}",
            )
