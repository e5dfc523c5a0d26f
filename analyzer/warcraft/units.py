"""Unit data: the Strength and abilities of a race's unit type at a level, unit and
upgrade costs, each number with its provenance (content/units.toml). A user's file
of the same format replaces or extends the shipped one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.tomlcheck.tomlfile import PROVENANCES, Checker, read_toml

UNITS_PATH = Path(__file__).with_name("content") / "units.toml"
TYPES = ("ranged", "flying", "melee")  # also the order of a round's phases
ABILITIES = ("Area Attack", "Heal", "Slow Poison", "Bloodlust", "Raise Dead")
# What a file may say a number rests on: the Small World provenances plus the user's
# own tiles.
SOURCES = PROVENANCES + ("user input",)
STRENGTH = (1, 6)  # a hit is a roll at most the Strength on a six-sided die
LEVEL = (1, 4)  # the rulebook's ladder: level 4 is the last (a victory point)
COST = (0, 20)


@dataclass(frozen=True)
class UnitData:
    race: str
    type: str
    level: int | None
    strength: int
    abilities: tuple[str, ...]
    strength_source: str
    abilities_source: str
    note: str
    # Abilities the source can neither show nor rule out: played without them, and
    # listed in every answer that uses the unit.
    unknown: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        level = "" if self.level is None else f" L{self.level}"
        return f"{self.race} {self.type}{level}"


@dataclass(frozen=True)
class Cost:
    gold: int
    wood: int
    source: str  # the weaker of the two sources: "rulebook" only if both are
    note: str

    @property
    def total(self) -> int:
        return self.gold + self.wood


@dataclass(frozen=True)
class UnitBook:
    path: str
    units: tuple[UnitData, ...]
    costs: dict  # (race or "all", type) -> Cost
    upgrade: Cost | None

    def races(self) -> list[str]:
        return sorted({u.race for u in self.units})

    def race(self, race: str, where: str, key: str) -> str:
        """The race as the unit data spells it; a race the data does not hold is
        refused (with the closest match), never taken as a mere label."""
        for r in self.races():
            if r.lower() == race.strip().lower():
                return r
        raise InputError(
            Problem(where, key, race, f"{self.path} has no unit of this race: give a race "
                    "of the unit data, or your own tiles in a file of its format with "
                    "--units", self.races())
        )  # fmt: skip

    def find(self, race: str, type_: str, level: int | None, where: str, key: str) -> UnitData:
        """The entry for a race's unit type at a level (or the only entry without one)."""
        rows = [u for u in self.units if u.race.lower() == race.lower() and u.type == type_]
        if not rows:
            choices = sorted({u.race for u in self.units if u.type == type_})
            raise InputError(
                Problem(where, key, race, f"{self.path} has no {type_} unit for this race", choices)
            )
        for u in rows:
            if u.level == level:
                return u
        levels = ["(no level)" if u.level is None else str(u.level) for u in rows]
        raise InputError(
            Problem(
                where, key, "(no level)" if level is None else level,
                f"{self.path} has {race} {type_} only at these levels", levels,
            )
        )  # fmt: skip

    def cost(self, race: str, type_: str) -> Cost | None:
        """A unit's training cost: the race's own entry, else one for all races."""
        for key in ((race.lower(), type_), ("all", type_)):
            for (r, t), c in self.costs.items():
                if (r.lower(), t) == key:
                    return c
        return None


def load_units(path: str | Path | None = None) -> UnitBook:
    """The shipped unit data, or a user's file of the same format (InputError naming
    every bad value)."""
    path = UNITS_PATH if path is None else Path(path)
    data = read_toml(path)
    ck = Checker(str(path))
    ck.keys(data, "", ("unit", "cost", "upgrade"))
    units: list[UnitData] = []
    for i, row in enumerate(_tables(ck, data, "unit")):
        where = f"unit[{i}]"
        ck.keys(
            row, where,
            ("race", "type", "level", "strength", "strength_source", "abilities",
             "abilities_source", "unknown_abilities", "note"),
        )  # fmt: skip
        race = ck.text(row, "race", where)
        type_ = ck.choice(row, "type", where, TYPES)
        level = ck.integer(row, "level", where, *LEVEL) if "level" in row else None
        strength = ck.integer(row, "strength", where, *STRENGTH)
        s_src = ck.choice(row, "strength_source", where, SOURCES)
        abilities = _abilities(ck, row.get("abilities", []), f"{where}.abilities")
        a_src = ck.choice(row, "abilities_source", where, SOURCES)
        unknown = _abilities(ck, row.get("unknown_abilities", []), f"{where}.unknown_abilities")
        if abilities is not None and unknown is not None and set(abilities) & set(unknown):
            ck.add(f"{where}.unknown_abilities", list(unknown), "an ability cannot be both "
                   "known and unknown", list(abilities))  # fmt: skip
        note = ck.text(row, "note", where, required=False)
        if None not in (race, type_, strength, s_src, abilities, a_src, note, unknown):
            units.append(UnitData(race, type_, level, strength, abilities, s_src, a_src, note,
                                  unknown))  # fmt: skip
    seen = set()
    for u in units:
        if (u.race.lower(), u.type, u.level) in seen:
            ck.add("unit", u.label, "two entries for the same race, type and level")
        seen.add((u.race.lower(), u.type, u.level))
    costs = {}
    for i, row in enumerate(_tables(ck, data, "cost")):
        where = f"cost[{i}]"
        ck.keys(row, where, ("race", "type", "gold", "gold_source", "wood", "wood_source", "note"))
        race = ck.text(row, "race", where)
        type_ = ck.choice(row, "type", where, TYPES)
        cost = _cost(ck, row, where)
        if race is not None and type_ is not None and cost is not None:
            costs[(race, type_)] = cost
    upgrade = None
    if "upgrade" in data:
        row = ck.table(data, "upgrade", "")
        if row is not None:
            ck.keys(row, "upgrade", ("gold", "gold_source", "wood", "wood_source", "note"))
            upgrade = _cost(ck, row, "upgrade")
    ck.problems.raise_if_any()
    return UnitBook(str(path), tuple(units), costs, upgrade)


def _tables(ck: Checker, data: dict, key: str) -> list[dict]:
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        ck.add(key, rows, f"must be a list of tables, written [[{key}]]")
        return []
    return rows


def _abilities(ck: Checker, value: object, key: str) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        ck.add(key, value, "must be a list of ability names", ABILITIES)
        return None
    out = []
    for item in value:
        name = ck.check_choice(item, key, ABILITIES)
        if name is None:
            return None
        if name not in out:
            out.append(name)
    return tuple(out)


def _cost(ck: Checker, row: dict, where: str) -> Cost | None:
    gold = ck.integer(row, "gold", where, *COST)
    g_src = ck.choice(row, "gold_source", where, SOURCES)
    wood = ck.integer(row, "wood", where, *COST)
    w_src = ck.choice(row, "wood_source", where, SOURCES)
    note = ck.text(row, "note", where, required=False)
    if None in (gold, wood, g_src, w_src):
        return None
    # One source for the pair: the text's only if both numbers are.
    source = g_src if g_src == w_src else "estimate"
    return Cost(gold, wood, source, note or "")
