"""Load and check SWoW's ruleset file (races, powers, markers, rule numbers, box counts)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from analyzer.engine.core_layout import MAX_PLAYERS, MAX_REGIONS
from analyzer.model import limits
from analyzer.model.loader import (
    Power,
    Sourced,
    counted_table,
    die_faces,
    parse_power,
    player_rounds,
    player_table,
    source,
)
from analyzer.model.params import SIZE_KEYS
from analyzer.rulesets.swow import ids
from analyzer.tomlcheck.tomlfile import (
    Checker,
    keyed_entries,
    modeled_state,
    read_toml,
)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
RULESET_PATH = CONTENT_DIR / "ruleset.toml"

# [boards] keys are the sizes in the order of the engine's params vector (SIZE_KEYS).
SIZE_OF_KEY = {"large": ids.SIZE_L, "medium": ids.SIZE_M, "small": ids.SIZE_S}
MARKER_KINDS = ("artifact", "place")

# Top-level rule numbers: (key, smallest allowed, largest allowed), from model/limits.py.
NUMBERS = tuple((key, low, high) for key, (low, high) in limits.RULE_NUMBERS.items())
# Box counts of pieces ([components]): (lowest, highest), as model/limits.py gives the
# ranges every ruleset shares.
COMPONENT_LIMITS = {
    "mountains": (0, MAX_REGIONS),
    "murlocs": (0, MAX_REGIONS),
    "forts": (0, MAX_REGIONS),
    "bombs": (0, 16),  # engine/layout.py MAX_BOMBS
    "watch_towers": (0, MAX_REGIONS),
    "wisp_walls": (0, MAX_REGIONS),
    "beasts": (0, MAX_REGIONS),
    "harmony": (0, MAX_PLAYERS - 1),  # one per opponent of the Pandaren at most
    "military_objectives": (0, 10),
    # The engine plays exactly the pieces the rulebook describes: one Champion, one of
    # each of the 12 Artifacts and Legendary Places.
    "champion": (1, 1),
    "markers": (12, 12),
}

TOP_KEYS = (
    ("name", "die_faces", "die_faces_source", "rounds", "rounds_source", "boards")
    + ("boards_source", "boards_in_box", "components", "races", "powers", "markers")
    + tuple(k for key, _, _ in NUMBERS for k in (key, f"{key}_source"))
)
RACE_KEYS = ("name", "faction", "banner", "banner_source", "box", "box_source")
RACE_KEYS += ("ability", "modeled", "missing")
MARKER_KEYS = ("name", "kind", "ability", "modeled", "missing")


@dataclass(frozen=True)
class Race:
    key: str
    name: str
    faction: int  # index in ids.FACTIONS
    banner: int
    banner_source: str
    box: int
    box_source: str
    ability: str
    modeled: str
    missing: str


@dataclass(frozen=True)
class Marker:
    key: str
    name: str
    kind: str  # "artifact" or "place"
    ability: str
    modeled: str
    missing: str

    @property
    def is_artifact(self) -> bool:
        return self.kind == "artifact"


@dataclass(frozen=True)
class Ruleset(Sourced):
    path: str
    name: str
    start_coins: int
    column_size: int
    faction_bonus: int
    travel_cost: int
    base_cost: int
    water_cost: int
    die_faces: tuple[int, ...]
    die_max_short: int
    min_conquest_tokens: int
    rounds: dict[int, int]  # players -> rounds
    boards: dict[int, tuple[int, int, int]]  # players -> (large, medium, small) faces
    boards_in_box: tuple[int, int, int]  # (large, medium, small) double-sided boards
    components: dict[str, int]  # ids.COMPONENTS key -> box count
    races: tuple[Race, ...]  # in ids.RACES order
    powers: tuple[Power, ...]  # in ids.POWERS order
    markers: tuple[Marker, ...]  # in ids.MARKERS order
    sources: dict[str, str]  # dotted key of every number -> its provenance


def load_ruleset(path: str | Path | None = None) -> Ruleset:
    """The ruleset in `path` (the shipped SWoW ruleset by default); InputError if bad."""
    path = RULESET_PATH if path is None else Path(path)
    return parse_ruleset(read_toml(path), str(path))


def parse_ruleset(data: dict, file: str) -> Ruleset:
    """Check parsed TOML and build the Ruleset; raises InputError listing every problem."""
    check = Checker(file)
    sources: dict[str, str] = {}
    check.keys(data, "", TOP_KEYS)
    name = check.text(data, "name", "")
    numbers = {
        key: check.number(data, key, "", sources, minimum=low, maximum=high)
        for key, low, high in NUMBERS
    }
    die = die_faces(check, data, sources, *limits.DIE_FACE)
    rounds = player_rounds(check, data, sources, *limits.ROUNDS)
    boards_in_box = _boards_in_box(check, data, sources)
    boards = _boards(check, data, sources, boards_in_box)
    components = counted_table(
        check, data, "components", ids.COMPONENTS, sources, COMPONENT_LIMITS.__getitem__
    )
    races = keyed_entries(check, data, "races", ids.RACES, _race, sources)
    powers = keyed_entries(check, data, "powers", ids.POWERS, _power, sources)
    markers = keyed_entries(check, data, "markers", ids.MARKERS, _marker, sources)
    check.problems.raise_if_any()
    return Ruleset(
        path=file,
        name=name,
        **numbers,
        die_faces=die,
        rounds=rounds,
        boards=boards,
        boards_in_box=boards_in_box,
        components=components,
        races=races,
        powers=powers,
        markers=markers,
        sources=sources,
    )


def _boards_in_box(check: Checker, data: dict, sources: dict[str, str]) -> tuple[int, int, int]:
    table = check.table(data, "boards_in_box", "")
    if table is None:
        return (0, 0, 0)
    check.keys(table, "boards_in_box", [k for s in SIZE_KEYS for k in (s, f"{s}_source")])
    counts = [
        check.number(table, s, "boards_in_box", sources, *limits.BOARDS_IN_BOX) for s in SIZE_KEYS
    ]
    return tuple(c or 0 for c in counts)


def _boards(
    check: Checker, data: dict, sources: dict[str, str], in_box: tuple[int, int, int]
) -> dict[int, tuple[int, int, int]]:
    source(check, data, "boards", "", sources)
    boards = {}
    for n, entry in player_table(check, data, "boards").items():
        where = f"boards.{n}"
        if not isinstance(entry, dict):
            check.add(where, entry, "must be a table like { large = 1, medium = 1, small = 1 }")
            continue
        check.keys(entry, where, SIZE_KEYS)
        counts = tuple(check.integer(entry, s, where, *limits.BOARDS_IN_BOX) for s in SIZE_KEYS)
        if None in counts:
            continue
        if sum(counts) == 0:
            check.add(where, entry, "a game needs at least one board")
        for size, count, have in zip(SIZE_KEYS, counts, in_box, strict=True):
            if count > have:
                check.add(f"{where}.{size}", count, f"the box has only {have} {size} boards")
        boards[n] = counts
    return boards


def _race(check: Checker, entry: dict, key: str, where: str, sources) -> Race:
    check.keys(entry, where, RACE_KEYS)
    faction = check.choice(entry, "faction", where, ids.FACTIONS)
    banner = check.number(entry, "banner", where, sources, *limits.BANNER)
    box = check.number(entry, "box", where, sources, *limits.BOX)
    if banner is not None and box is not None and banner > box:
        check.add(f"{where}.banner", banner, f"more tokens than the box holds (box = {box})")
    modeled, missing = modeled_state(check, entry, where)
    return Race(
        key=key,
        name=check.text(entry, "name", where),
        faction=ids.FACTIONS.index(faction) if faction is not None else -1,
        banner=banner,
        banner_source=entry.get("banner_source"),
        box=box,
        box_source=entry.get("box_source"),
        ability=check.text(entry, "ability", where),
        modeled=modeled,
        missing=missing,
    )


def _power(check: Checker, entry: dict, key: str, where: str, sources) -> Power:
    return parse_power(check, entry, key, where, sources, limits.BADGE)


def _marker(check: Checker, entry: dict, key: str, where: str, sources) -> Marker:
    check.keys(entry, where, MARKER_KEYS)
    kind = check.choice(entry, "kind", where, MARKER_KINDS)
    # The engine tells Artifacts from Places by id, so the kind cannot be changed.
    right = "artifact" if key in ids.ARTIFACTS else "place"
    if kind is not None and kind != right:
        check.add(
            f"{where}.kind", kind, f"this marker is {'an' if right == 'artifact' else 'a'} {right}"
        )
    modeled, missing = modeled_state(check, entry, where)
    return Marker(
        key=key,
        name=check.text(entry, "name", where),
        kind=kind,
        ability=check.text(entry, "ability", where),
        modeled=modeled,
        missing=missing,
    )
