"""Load and check the original Small World's content: ruleset.toml and maps.toml.

Every value is read through analyzer.tomlcheck.tomlfile.Checker, so each mistake becomes a
Problem naming the file, the dotted key, the value and the valid choices, and all of a
file's problems are reported at once; what SWoW's loader checks the same way (the die,
box counts, a power's badge, connected maps) is shared in analyzer/model/loader.py.
Every whole number has a range (LIMITS, MAP_LIMITS) wide enough for house rules yet far
inside a 32-bit integer, so a future numba engine can hold any value the loader accepts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from analyzer.model.loader import (
    Power,
    Sourced,
    counted_table,
    die_faces,
    parse_power,
    player_rounds,
    unreached,
)
from analyzer.rulesets.classic import ids
from analyzer.tomlcheck.tomlfile import (
    PROVENANCES,
    Checker,
    is_int,
    keyed_entries,
    modeled_state,
    read_toml,
)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
RULESET_PATH = CONTENT_DIR / "ruleset.toml"
MAPS_PATH = CONTENT_DIR / "maps.toml"

# (smallest, largest) allowed for every whole number of the ruleset file.
LIMITS = {
    "start_coins": (0, 100),
    # One combo per banner at most: the column cannot show more than the 14 races.
    "visible_combos": (1, len(ids.RACES)),
    "base_cost": (1, 10),
    "extra_cost": (0, 10),
    "min_conquest_tokens": (1, 10),
    "die_max_short": (0, 10),
    "die_face": (0, 10),
    # The printed maps run 8 to 10 rounds; 30 leaves room for long house rules.
    "rounds": (1, 30),
    # The rulebook's blank banner advises at most 10 tokens; printed banners go to 8.
    "banner": (1, 20),
    "conquest_only_tokens": (0, 10),
    # The largest race in the box (Skeletons) has 20 tokens.
    "box": (1, 50),
    # The rulebook's blank badge advises at most 5 tokens.
    "badge": (0, 10),
    "lost_tribes_box": (0, 50),
    "component": (0, 200),
    "coins": (0, 1000),
}
# (smallest, largest) for the numbers of the maps file.
MAP_LIMITS = {
    "players": (min(ids.PLAYER_COUNTS), max(ids.PLAYER_COUNTS)),
    "rounds": LIMITS["rounds"],
    # The 5-player map has 48 regions; room above it for a home-made map.
    "regions": (1, 64),
    # The Lake of the 5-player map has the most borders, 10.
    "borders": (0, 16),
}

RULE_NUMBERS = (
    "start_coins",
    "visible_combos",
    "base_cost",
    "extra_cost",
    "min_conquest_tokens",
    "die_max_short",
)
TOP_KEYS = (
    ("ruleset", "name", "die_faces", "die_faces_source", "rounds", "rounds_source")
    + ("components", "coins", "lost_tribes", "races", "powers")
    + tuple(k for key in RULE_NUMBERS for k in (key, f"{key}_source"))
)
RACE_KEYS = ("name", "banner", "banner_source", "conquest_only_tokens")
RACE_KEYS += ("conquest_only_tokens_source", "box", "box_source", "ability", "modeled", "missing")
LOST_TRIBE_KEYS = ("name", "box", "box_source")

MAPS_TOP_KEYS = ("ruleset", "about", "source", "maps")
MAP_KEYS = ("name", "players", "rounds", "source", "doubt", "doubtful_regions", "regions")
REGION_KEYS = ("id", "terrain", "symbols", "border", "borders")


@dataclass(frozen=True)
class Race:
    key: str
    name: str
    banner: int
    conquest_only_tokens: int  # attack but never defend (the Amazons' +4); 0 for most
    box: int  # tokens of this race in the box: the hard cap
    ability: str
    modeled: str
    missing: str

    @property
    def first_turn_tokens(self) -> int:
        """Tokens from the banner alone on the first turn (the badge adds its own)."""
        return self.banner + self.conquest_only_tokens


@dataclass(frozen=True)
class LostTribes:
    name: str
    box: int


@dataclass(frozen=True)
class ClassicRuleset(Sourced):
    path: str
    name: str
    start_coins: int
    visible_combos: int
    base_cost: int
    extra_cost: int
    min_conquest_tokens: int
    die_max_short: int
    die_faces: tuple[int, ...]
    rounds: dict[int, int]  # players -> rounds
    components: dict[str, int]  # ids.COMPONENTS key -> box count
    coins: dict[int, int]  # coin value -> coins of that value in the box
    lost_tribes: LostTribes
    races: tuple[Race, ...]  # in ids.RACES order
    powers: tuple[Power, ...]  # in ids.POWERS order
    sources: dict[str, str]  # dotted key of every number -> its provenance

    @property
    def markers(self) -> tuple:
        """The original game has no Artifacts or Places (the studies list markers)."""
        return ()

    def race(self, key: str) -> Race:
        return self.races[ids.RACES.index(key)]

    def power(self, key: str) -> Power:
        return self.powers[ids.POWERS.index(key)]


@dataclass(frozen=True)
class Region:
    id: int
    terrain: str  # one of ids.TERRAINS
    symbols: tuple[str, ...]  # ids.SYMBOLS names
    border: bool  # touches the edge of the board
    neighbours: tuple[int, ...]  # ids of the regions it borders, ascending

    @property
    def is_water(self) -> bool:
        return self.terrain in ids.WATER_TERRAINS

    def has(self, symbol: str) -> bool:
        return symbol in self.symbols


@dataclass(frozen=True)
class ClassicMap:
    name: str
    players: int
    rounds: int
    source: str
    doubt: str  # "" unless part of the map may be mistranscribed
    doubtful_regions: tuple[int, ...]  # the regions the doubt is about, likeliest first
    regions: tuple[Region, ...]  # in id order

    @property
    def entry_regions(self) -> tuple[int, ...]:
        """Where a race may make its first conquest (see entry_regions below)."""
        return entry_regions(self.regions)

    def terrain_counts(self) -> Counter:
        return Counter(r.terrain for r in self.regions)

    def symbol_counts(self) -> Counter:
        return Counter(s for r in self.regions for s in r.symbols)

    def borders(self) -> set[tuple[int, int]]:
        """Every border once, as (smaller id, larger id)."""
        return {(r.id, n) for r in self.regions for n in r.neighbours if r.id < n}


def entry_regions(regions: tuple[Region, ...]) -> tuple[int, ...]:
    """The ids of the land regions on the board's edge or on the shore of a Sea that
    touches the edge (rulebook, First Conquest). A Lake does not count."""
    edge_seas = {r.id for r in regions if r.terrain == "Sea" and r.border}
    return tuple(
        r.id for r in regions if not r.is_water and (r.border or edge_seas & set(r.neighbours))
    )


# ------------------------------------------------------------------ ruleset file


def load_ruleset(path: str | Path | None = None) -> ClassicRuleset:
    """The ruleset in `path` (the shipped one by default); InputError listing every problem."""
    path = RULESET_PATH if path is None else Path(path)
    return parse_ruleset(read_toml(path), str(path))


def parse_ruleset(data: dict, file: str) -> ClassicRuleset:
    check = Checker(file)
    sources: dict[str, str] = {}
    check.keys(data, "", TOP_KEYS)
    check.choice(data, "ruleset", "", (ids.RULESET_TAG,))
    name = check.text(data, "name", "")
    numbers = {key: _number(check, data, key, "", sources, key) for key in RULE_NUMBERS}
    die = die_faces(check, data, sources, *LIMITS["die_face"])
    if numbers["die_max_short"] is not None and die and None not in die:
        # A final attempt further short than the best roll could never succeed.
        if numbers["die_max_short"] > max(die):
            check.add(
                "die_max_short",
                numbers["die_max_short"],
                f"more than the die's largest face ({max(die)})",
            )
    rounds = player_rounds(check, data, sources, *LIMITS["rounds"])
    components = counted_table(check, data, "components", ids.COMPONENTS, sources, _box_limit)
    coins = _coins(check, data, sources, components.get("coins"))
    lost_tribes = _lost_tribes(check, data, sources)
    races = keyed_entries(check, data, "races", ids.RACES, _race, sources)
    powers = keyed_entries(check, data, "powers", ids.POWERS, _power, sources)
    _check_boxes_fit_every_badge(check, races, powers)
    check.problems.raise_if_any()
    return ClassicRuleset(
        path=file,
        name=name,
        **numbers,
        die_faces=die,
        rounds=rounds,
        components=components,
        coins=coins,
        lost_tribes=lost_tribes,
        races=races,
        powers=powers,
        sources=sources,
    )


def _number(
    check: Checker, table: dict, key: str, where: str, sources: dict, limit: str
) -> int | None:
    low, high = LIMITS[limit]
    return check.number(table, key, where, sources, minimum=low, maximum=high)


def _box_limit(key: str) -> tuple[int, int]:
    """The range of a box count: all the coins, or the pieces (or coins) of one kind."""
    return LIMITS["coins" if key == "coins" else "component"]


def _coins(check: Checker, data: dict, sources: dict, total: int | None) -> dict[int, int]:
    counts = counted_table(check, data, "coins", ids.COIN_VALUES, sources, _box_limit)
    if total is not None and len(counts) == len(ids.COIN_VALUES):
        if sum(counts.values()) != total:
            check.add(
                "coins",
                counts,
                f"{sum(counts.values())} coins by value, but components.coins says {total}",
            )
    return {int(value): n for value, n in counts.items()}


def _lost_tribes(check: Checker, data: dict, sources: dict) -> LostTribes:
    table = check.table(data, "lost_tribes", "")
    if table is None:
        return LostTribes("", 0)
    check.keys(table, "lost_tribes", LOST_TRIBE_KEYS)
    name = check.text(table, "name", "lost_tribes")
    box = _number(check, table, "box", "lost_tribes", sources, "lost_tribes_box")
    return LostTribes(name, box)


def _race(check: Checker, entry: dict, key: str, where: str, sources: dict) -> Race:
    check.keys(entry, where, RACE_KEYS)
    banner = _number(check, entry, "banner", where, sources, "banner")
    conquest_only = 0
    if "conquest_only_tokens" in entry:
        conquest_only = _number(
            check, entry, "conquest_only_tokens", where, sources, "conquest_only_tokens"
        )
    elif "conquest_only_tokens_source" in entry:
        check.add(f"{where}.conquest_only_tokens", None, "a source is given but no number")
    box = _number(check, entry, "box", where, sources, "box")
    modeled, missing = modeled_state(check, entry, where)
    return Race(
        key=key,
        name=check.text(entry, "name", where),
        banner=banner,
        conquest_only_tokens=conquest_only,
        box=box,
        ability=check.text(entry, "ability", where),
        modeled=modeled,
        missing=missing,
    )


def _power(check: Checker, entry: dict, key: str, where: str, sources: dict) -> Power:
    return parse_power(check, entry, key, where, sources, LIMITS["badge"])


def _check_boxes_fit_every_badge(
    check: Checker, races: tuple[Race, ...], powers: tuple[Power, ...]
) -> None:
    """The rulebook gives each race enough tokens to play with any badge."""
    badges = [p.badge for p in powers if p.badge is not None]
    if not badges:
        return
    biggest = max(badges)
    for race in races:
        if None in (race.banner, race.conquest_only_tokens, race.box):
            continue
        need = race.first_turn_tokens + biggest
        if need > race.box:
            check.add(
                f"races.{race.key}.box",
                race.box,
                f"fewer tokens than banner + conquest-only tokens + the largest badge "
                f"({race.banner} + {race.conquest_only_tokens} + {biggest} = {need})",
            )


# --------------------------------------------------------------------- maps file


def load_maps(
    path: str | Path | None = None, ruleset: ClassicRuleset | None = None
) -> tuple[ClassicMap, ...]:
    """The maps in `path` (the shipped ones by default), checked against `ruleset` (the
    shipped classic ruleset by default); InputError listing every problem if bad."""
    path = MAPS_PATH if path is None else Path(path)
    ruleset = load_ruleset() if ruleset is None else ruleset
    return parse_maps(read_toml(path), str(path), ruleset)


def map_for(maps: tuple[ClassicMap, ...], players: int) -> ClassicMap:
    """The map played by this many players."""
    for game_map in maps:
        if game_map.players == players:
            return game_map
    raise KeyError(f"no map for {players} players")


def parse_maps(data: dict, file: str, ruleset: ClassicRuleset) -> tuple[ClassicMap, ...]:
    check = Checker(file)
    check.keys(data, "", MAPS_TOP_KEYS)
    check.choice(data, "ruleset", "", (ids.RULESET_TAG,))
    check.text(data, "about", "", required=False)
    check.choice(data, "source", "", PROVENANCES)
    raw = check.value(data, "maps", "")
    if raw is not None and (not isinstance(raw, list) or not raw):
        check.add("maps", raw, "must be a list of maps ([[maps]] tables)")
        raw = None
    if raw is None:
        check.problems.raise_if_any()

    maps = []
    seen: dict[int, int] = {}  # players -> index of the first map for that count
    for i, entry in enumerate(raw):
        where = f"maps[{i}]"
        if not isinstance(entry, dict):
            check.add(where, entry, "must be a table")
            continue
        game_map = _map(check, entry, where, ruleset)
        players = entry.get("players")
        if is_int(players) and players in seen:
            check.add(f"{where}.players", players, f"maps[{seen[players]}] is for as many players")
        elif is_int(players):
            seen[players] = i
        if game_map is not None:
            maps.append(game_map)
    for players in ids.PLAYER_COUNTS:
        if players not in seen:
            check.add("maps", sorted(seen), f"no map for {players} players")
    check.problems.raise_if_any()
    return tuple(sorted(maps, key=lambda m: m.players))


def _map(check: Checker, entry: dict, where: str, ruleset: ClassicRuleset) -> ClassicMap | None:
    before = len(check.problems.items)
    check.keys(entry, where, MAP_KEYS)
    name = check.text(entry, "name", where)
    label = name or where
    players = check.integer(entry, "players", where, *MAP_LIMITS["players"])
    rounds = check.integer(entry, "rounds", where, *MAP_LIMITS["rounds"])
    printed = ruleset.rounds.get(players)
    if rounds is not None and printed is not None and rounds != printed:
        check.add(
            f"{where}.rounds",
            rounds,
            f"{label}: the ruleset's [rounds] says {printed} for {players} players",
        )
    map_source = check.choice(entry, "source", where, PROVENANCES)
    regions = _regions(check, entry, where, label)
    doubt, doubtful = _doubt(check, entry, where, label, regions)
    if regions is not None:
        _check_map(check, where, label, regions, ruleset)
    if len(check.problems.items) != before:
        return None
    return ClassicMap(name, players, rounds, map_source, doubt, doubtful, regions)


def _doubt(
    check: Checker, entry: dict, where: str, label: str, regions: tuple[Region, ...] | None
) -> tuple[str, tuple[int, ...]]:
    """The doubt text and the ids it names: both given or neither."""
    doubt = check.text(entry, "doubt", where, required=False)
    ids_named = entry.get("doubtful_regions", [])
    key = f"{where}.doubtful_regions"
    if not isinstance(ids_named, list) or not all(is_int(r) for r in ids_named):
        check.add(key, ids_named, "must be a list of region ids")
        return doubt or "", ()
    if doubt and not ids_named:
        check.add(key, ids_named, f"{label}: a doubt must name the regions it is about")
    if ids_named and not doubt:
        check.add(f"{where}.doubt", doubt, f"{label}: say why these regions are doubtful")
    if len(set(ids_named)) != len(ids_named):
        check.add(key, ids_named, f"{label}: a region is named twice")
    if regions is not None:
        for rid in ids_named:
            if not 0 <= rid < len(regions):
                check.add(key, rid, f"{label}: there is no region {rid} on this map")
    return doubt or "", tuple(ids_named)


def _regions(check: Checker, entry: dict, where: str, label: str) -> tuple[Region, ...] | None:
    """The regions in id order, or None when any of them is broken."""
    raw = check.value(entry, "regions", where)
    if raw is None:
        return None
    low, high = MAP_LIMITS["regions"]
    if not isinstance(raw, list) or not low <= len(raw) <= high:
        check.add(f"{where}.regions", raw, f"must be a list of {low} to {high} regions")
        return None
    n = len(raw)
    parsed = []
    for j, reg in enumerate(raw):
        rw = f"{where}.regions[{j}]"
        if not isinstance(reg, dict):
            check.add(rw, reg, "must be a table")
            continue
        check.keys(reg, rw, REGION_KEYS)
        rid = check.integer(reg, "id", rw, minimum=0, maximum=n - 1)
        if rid is not None and rid != j:
            # Ids are list positions: a region out of place is a typo waiting to happen.
            check.add(
                f"{rw}.id",
                rid,
                f"{label}: region ids must run 0, 1, 2... in order; {j} expected here",
            )
            rid = None
        terrain = check.choice(reg, "terrain", rw, ids.TERRAINS)
        symbols = _symbols(check, reg, rw, terrain)
        border = reg.get("border")
        if not isinstance(border, bool):
            check.add(
                f"{rw}.border", border, "must be true or false (does it touch the board's edge?)"
            )
        borders = _borders(check, reg, rw, n, label, j)
        if None not in (rid, terrain, symbols, borders) and isinstance(border, bool):
            parsed.append(Region(rid, terrain, symbols, border, borders))
    if len(parsed) != n:
        return None
    for region in parsed:
        rw = f"{where}.regions[{region.id}].borders"
        for other in region.neighbours:
            if region.id not in parsed[other].neighbours:
                check.add(rw, other, f"{label}: region {other} does not list {region.id} back")
    return tuple(parsed)


def _symbols(check: Checker, reg: dict, rw: str, terrain: str | None) -> tuple[str, ...] | None:
    names = reg.get("symbols", [])
    if not isinstance(names, list):
        check.add(f"{rw}.symbols", names, "must be a list of symbol names")
        return None
    good = True
    for k, name in enumerate(names):
        if check.check_choice(name, f"{rw}.symbols[{k}]", ids.SYMBOLS) is None:
            good = False
        elif terrain in ids.WATER_TERRAINS:
            check.add(f"{rw}.symbols[{k}]", name, f"a {terrain} region carries no symbol")
            good = False
    if len(set(map(repr, names))) != len(names):
        check.add(f"{rw}.symbols", names, "a symbol is listed twice")
        good = False
    return tuple(names) if good else None


def _borders(
    check: Checker, reg: dict, rw: str, n: int, label: str, position: int
) -> tuple[int, ...] | None:
    borders = check.value(reg, "borders", rw)
    if borders is None:
        return None
    key = f"{rw}.borders"
    if not isinstance(borders, list):
        check.add(key, borders, "must be a list of region ids")
        return None
    good = True
    for k, b in enumerate(borders):
        if check.check_int(b, f"{key}[{k}]", minimum=0, maximum=n - 1) is None:
            good = False
        elif b == position:
            check.add(f"{key}[{k}]", b, f"{label}: a region cannot border itself")
            good = False
    if len(set(map(repr, borders))) != len(borders):
        check.add(key, borders, f"{label}: a border is listed twice")
        good = False
    low, high = MAP_LIMITS["borders"]
    if not low <= len(borders) <= high:
        check.add(key, len(borders), f"{label}: {low} to {high} borders per region")
        good = False
    return tuple(sorted(borders)) if good else None


def _check_map(
    check: Checker, where: str, label: str, regions: tuple[Region, ...], ruleset: ClassicRuleset
) -> None:
    """Connected, enterable, and within the box caps of the pieces set up on it."""
    cut_off = unreached({r.id: r.neighbours for r in regions})
    if cut_off:
        check.add(f"{where}.regions", cut_off, f"{label}: not reachable from region 0")
    if not entry_regions(regions):
        check.add(
            f"{where}.regions",
            label,
            "no land region on the board's edge or on an edge Sea's shore: no race could enter",
        )

    # Setup puts a Mountain piece on every Mountain region and a Lost Tribe token on
    # every Lost Tribe symbol: the box must hold that many.
    caps = (
        (
            "Mountain regions",
            sum(r.terrain == "Mountain" for r in regions),
            ruleset.components.get("mountains"),
            "components.mountains",
        ),
        (
            "Lost Tribe symbols",
            sum(r.has("Lost Tribe") for r in regions),
            ruleset.lost_tribes.box,
            "lost_tribes.box",
        ),
    )
    for what, count, cap, cap_key in caps:
        if cap is not None and count > cap:
            check.add(
                f"{where}.regions",
                count,
                f"{label}: {count} {what}, but the box has {cap} ({cap_key})",
            )
