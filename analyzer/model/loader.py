"""What every ruleset's content loader checks the same way: the provenance of a
value, the die, the rounds of each player count, box counts with their sources, a
special power's entry and whether every region of a board can be reached. Each
ruleset's loader (rulesets/<name>/) reads its own files with these and keeps its own
differences; every mistake becomes a Problem through tomlcheck's Checker, naming
file, key, value and valid choices."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from analyzer.model.params import PLAYER_COUNTS
from analyzer.tomlcheck.tomlfile import PROVENANCES, Checker, dotted, modeled_state

DIE_SIDES = 6


class Sourced:
    """A loaded ruleset whose `sources` give each number's provenance by its dotted
    key (Checker.number records them as it reads)."""

    sources: dict[str, str]

    def keys_from(self, provenance: str) -> list[str]:
        """Dotted keys of the numbers with this provenance (e.g. "public transcription")."""
        return [key for key, given in self.sources.items() if given == provenance]

    def estimates(self) -> list[str]:
        """Dotted keys of the numbers that are our estimates."""
        return self.keys_from("estimate")


def source(check: Checker, table: dict, key: str, where: str, sources: dict) -> None:
    """The provenance of a value that is not a single number (a list or a table),
    recorded in `sources` under its dotted key."""
    given = check.choice(table, f"{key}_source", where, PROVENANCES)
    if given is not None:
        sources[dotted(where, key)] = given


def die_faces(check: Checker, data: dict, sources: dict, low: int, high: int) -> tuple:
    """The top-level `die_faces`: six whole numbers from `low` to `high`, with their
    source; () when missing or not a list of six (the problem is said)."""
    faces = check.value(data, "die_faces", "")
    source(check, data, "die_faces", "", sources)
    if faces is None:
        return ()
    if not isinstance(faces, list) or len(faces) != DIE_SIDES:
        check.add("die_faces", faces, f"must be a list of {DIE_SIDES} whole numbers")
        return ()
    return tuple(check.check_int(v, f"die_faces[{i}]", low, high) for i, v in enumerate(faces))


def player_table(check: Checker, data: dict, key: str) -> dict:
    """A top-level table keyed by player count ("2" to "5"), with every count present:
    count -> its value as written."""
    table = check.table(data, key, "")
    if table is None:
        return {}
    counts = [str(n) for n in PLAYER_COUNTS]
    check.keys(table, key, counts)
    for count in counts:
        if count not in table:
            check.add(
                f"{key}.{count}", None,
                f"every player count from {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} is needed",
            )  # fmt: skip
    return {int(c): table[c] for c in counts if c in table}


def player_rounds(check: Checker, data: dict, sources: dict, low: int, high: int) -> dict[int, int]:
    """The top-level [rounds]: the rounds of each player count, with their source."""
    source(check, data, "rounds", "", sources)
    table = player_table(check, data, "rounds")
    read = {n: check.check_int(v, f"rounds.{n}", low, high) for n, v in table.items()}
    return {n: v for n, v in read.items() if v is not None}


def counted_table(
    check: Checker,
    data: dict,
    section: str,
    keys: Iterable[str],
    sources: dict,
    limit: Callable[[str], tuple[int, int]],
) -> dict[str, int]:
    """A table of box counts, each with its `_source`; `limit(key)` is its range. The
    counts that read, by key."""
    table = check.table(data, section, "")
    if table is None:
        return {}
    keys = tuple(keys)
    check.keys(table, section, [k for key in keys for k in (key, f"{key}_source")])
    counts = {key: check.number(table, key, section, sources, *limit(key)) for key in keys}
    return {key: n for key, n in counts.items() if n is not None}


@dataclass(frozen=True)
class Power:
    """A special power's badge: its tokens and what its ability says."""

    key: str
    name: str
    badge: int
    badge_source: str
    badge_note: str
    ability: str
    modeled: str
    missing: str


POWER_KEYS = ("name", "badge", "badge_source", "badge_note", "ability", "modeled", "missing")


def parse_power(
    check: Checker, entry: dict, key: str, where: str, sources: dict, badge: tuple[int, int]
) -> Power:
    """One [powers.<key>] table; `badge` is the range of its tokens."""
    check.keys(entry, where, POWER_KEYS)
    tokens = check.number(entry, "badge", where, sources, *badge)
    modeled, missing = modeled_state(check, entry, where)
    return Power(
        key=key,
        name=check.text(entry, "name", where),
        badge=tokens,
        badge_source=entry.get("badge_source"),
        badge_note=check.text(entry, "badge_note", where, required=False),
        ability=check.text(entry, "ability", where),
        modeled=modeled,
        missing=missing,
    )


def unreached(borders: Mapping[int, Iterable[int]]) -> list[int]:
    """The regions (keys of `borders`: region -> the regions it lists) that cannot be
    reached from region 0, following borders either way."""
    links: dict[int, set[int]] = defaultdict(set)
    for region, listed in borders.items():
        for other in listed:
            if other in borders:
                links[region].add(other)
                links[other].add(region)
    seen, todo = {0}, [0]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return sorted(set(borders) - seen)
