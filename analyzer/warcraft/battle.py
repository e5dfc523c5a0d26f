"""A battle of Warcraft: the Board Game ("Battle" in the rulebook): two sides, each
one player's units or a team's, in the battlefield and its flanks; rounds of a
ranged, a flying and a melee phase; casualties removed by their owners.

An army is a list of groups: one player's units of one type (melee, ranged or
flying), with one Strength and its abilities, some in the battlefield and some in
the flanks. A side's state is the count of units in each slot (group x location):
slot 2g is group g's battlefield, slot 2g + 1 its flanks. This module reads armies
(TOML file or command-line text), checks them, and holds the Python reading of one
phase's rules that the exact solver builds its chain from."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from analyzer.errors import InputError, Problem
from analyzer.tomlcheck.tomlfile import Checker, read_toml
from analyzer.warcraft import abilities as ab
from analyzer.warcraft.policies import POLICIES
from analyzer.warcraft.units import ABILITIES, COST, STRENGTH, TYPES, UnitBook

CLI = "command line"
PHASES = TYPES  # a round: ranged, then flying, then melee
RANGED, FLYING, MELEE = 0, 1, 2
# Wooden markers per race (Components): no player can field more of a type.
PER_PLAYER = {"melee": 10, "ranged": 7, "flying": 4}
STACK = 3  # units per space, teammates' included (Team Play); raised units excepted
ROUND_CAP = 100  # both engines stop a battle here and report it as unresolved
ATTACKER, DEFENDER = 0, 1
SIDE_KEYS = ("attacker", "defender")
ABILITY_WORDS = {
    "area": "Area Attack",
    "heal": "Heal",
    "poison": "Slow Poison",
    "bloodlust": "Bloodlust",
    "raise": "Raise Dead",
}


@dataclass(frozen=True)
class Group:
    player: str
    type: str
    strength: int
    abilities: tuple[str, ...]
    battlefield: int
    flank: int
    cost: int | None = None  # gold plus wood of one unit; None when not known
    strength_source: str = "user input"
    cost_source: str = ""
    label: str = ""
    # Abilities the unit data cannot rule out (played without them), as its caveat.
    unknown: str = ""

    @property
    def name(self) -> str:
        return self.label or f"{self.player} {self.type} S{self.strength}"


@dataclass(frozen=True)
class Side:
    name: str
    groups: tuple[Group, ...]
    policy: str = "cheapest"
    reserve: int | None = None  # melee units in the Raise Dead player's reserve
    # The other side plays Web or Ensnare at the first melee phase: this side's flyers
    # may be taken as melee-phase casualties for the rest of the battle (ruling W13).
    ensnared: bool = False

    def units(self) -> int:
        return sum(g.battlefield + g.flank for g in self.groups)


@dataclass(frozen=True)
class Battle:
    sides: tuple[Side, Side]  # attacker, defender


# ------------------------------------------------------------------ reading armies
GROUP_RE = re.compile(r"^\s*([-+]?\d+)\s+(\w+)\s*(.*)$")


# The words of a group that set one thing each: given twice, one would be dropped.
_ONCE = {
    "strength": r"s\d+",
    "level": r"l\d+",
    "cost": r"cost\d+",
    "place": r"bf|battlefield|flanks?",
    "player": r"@.+",
}


def parse_army(
    text: str, name: str, key: str, book: UnitBook | None = None, race: str | None = None
) -> tuple[Group, ...]:
    """Groups from command-line text such as "1 melee s2, 4 melee s2 flank, 1 ranged
    s3 +heal": count, type, sN (Strength) or LN (level of --*-race in the unit data),
    battlefield (default) or flank, +area +heal +poison +bloodlust +raise, costN, and
    @player for a teammate's units."""
    groups: list[Group] = []
    problems: list[Problem] = []
    if race is not None and book is not None:
        race = book.race(race, CLI, f"{key}-race")
    for part in [p for p in text.split(",") if p.strip()]:
        m = GROUP_RE.match(part)
        if m and int(m.group(1)) < 0:
            problems.append(
                Problem(CLI, key, part.strip(), "a count must be at least 1 (0 only names "
                        "an empty group, such as a Raise Dead player's melee units)")
            )  # fmt: skip
            continue
        if not m or m.group(2) not in TYPES:
            problems.append(
                Problem(CLI, key, part.strip(), "write each group as COUNT TYPE [sN|LN] "
                        "[flank] [+ability] [costN] [@player], like '3 melee s2 flank'",
                        TYPES)
            )  # fmt: skip
            continue
        count, type_, rest = int(m.group(1)), m.group(2), m.group(3).split()
        strength = level = cost = None
        where, player, abilities = "battlefield", name, []
        source, cost_source, label, unknown = "user input", "", "", ""
        seen: dict[str, str] = {}  # what a word sets: the first word that set it
        for word in rest:
            low = word.lower()
            setting = next((k for k, pattern in _ONCE.items() if re.fullmatch(pattern, low)), None)
            if setting is not None and setting in seen:
                problems.append(
                    Problem(CLI, key, part.strip(), f"{seen[setting]!r} and {word!r} both set the "
                            f"group's {setting}: give it once")
                )  # fmt: skip
                continue
            if setting is not None:
                seen[setting] = word
            if re.fullmatch(r"s\d+", low):
                strength = int(low[1:])
            elif re.fullmatch(r"l\d+", low):
                level = int(low[1:])
            elif re.fullmatch(r"cost\d+", low):
                cost, cost_source = int(low[4:]), "user input"
            elif low in ("bf", "battlefield", "flank", "flanks"):
                where = "battlefield" if low.startswith("b") else "flank"
            elif low.startswith("+") and low[1:] in ABILITY_WORDS:
                abilities.append(ABILITY_WORDS[low[1:]])
            elif word.startswith("@") and len(word) > 1:
                player = word[1:]
            else:
                problems.append(
                    Problem(CLI, key, word, f"unknown word in {part.strip()!r}",
                            ["sN", "LN", "flank", "battlefield", "costN", "@player"]
                            + [f"+{w}" for w in ABILITY_WORDS])
                )  # fmt: skip
        if level is not None:
            if book is None or race is None:
                problems.append(
                    Problem(CLI, key, f"L{level}", "a level needs the side's race: give "
                            f"--{key.strip('-').split('-')[0]}-race")
                )  # fmt: skip
                continue
            try:
                unit = book.find(race, type_, level, CLI, key)
            except InputError as exc:
                problems.extend(exc.problems)
                continue
            if strength is None:
                strength, source = unit.strength, unit.strength_source
            abilities = list(dict.fromkeys(list(unit.abilities) + abilities))
            label = unit.label
            unknown = _unknown(unit, abilities)
        if level is None and book is not None and race is not None:
            # The text's example Strengths carry no level: use one when none is given,
            # and call a given Strength the rulebook's when it is the same.
            known = [
                u
                for u in book.units
                if u.race.lower() == race.lower() and u.type == type_ and u.level is None
            ]
            if known and strength in (None, known[0].strength):
                strength, source, label = (
                    known[0].strength,
                    known[0].strength_source,
                    known[0].label,
                )
                abilities = list(dict.fromkeys(list(known[0].abilities) + abilities))
                unknown = _unknown(known[0], abilities)
        if strength is None:
            problems.append(
                Problem(CLI, key, part.strip(), "give the Strength (sN) or a level (LN)")
            )
            continue
        if cost is None and book is not None:
            c = book.cost(race or "", type_)  # a cost for all races applies to any
            if c is not None:
                cost, cost_source = c.total, c.source
        groups.append(
            Group(player, type_, strength, tuple(abilities),
                  count if where == "battlefield" else 0, count if where == "flank" else 0,
                  cost, source, cost_source, label, unknown)
        )  # fmt: skip
    if problems:
        raise InputError(problems)
    return merge_groups(groups)


def _unknown(unit, abilities) -> str:
    """The unit data's unknown abilities the user did not give, as a caveat."""
    left = [a for a in unit.unknown if a not in abilities]
    if not left:
        return ""
    return f"{unit.label}: {', '.join(left)}"


def merge_groups(groups: list[Group]) -> tuple[Group, ...]:
    """One group per player and type: the battlefield and flank parts of a type join."""
    out: dict[tuple[str, str], Group] = {}
    for g in groups:
        k = (g.player, g.type)
        if k in out:
            o = out[k]
            if (o.strength, set(o.abilities)) != (g.strength, set(g.abilities)):
                raise InputError(
                    Problem(CLI, f"{g.player} {g.type}", f"S{g.strength}",
                            f"all of a player's {g.type} units share one tile: "
                            f"Strength {o.strength} with {list(o.abilities)} was given first")
                )  # fmt: skip
            g = replace(o, battlefield=o.battlefield + g.battlefield, flank=o.flank + g.flank,
                        cost=o.cost if o.cost is not None else g.cost)  # fmt: skip
        out[k] = g
    return tuple(out.values())


def load_battle(path: str | Path, book: UnitBook | None = None) -> Battle:
    """A battle file: [attacker] and [defender], each with name, policy, reserve and
    [[<side>.units]] tables (type, strength or race + level, battlefield, flank,
    abilities, cost, player)."""
    data = read_toml(path)
    ck = Checker(str(path))
    ck.keys(data, "", SIDE_KEYS)
    sides, webs = [], []
    for key in SIDE_KEYS:
        table = ck.table(data, key, "")
        if table is None:
            continue
        ck.keys(table, key, ("name", "policy", "reserve", "web", "units"))
        web = table.get("web", False)
        if not isinstance(web, bool):
            ck.add(f"{key}.web", web, "must be true or false (this side plays Web or "
                   "Ensnare at the first melee phase)")  # fmt: skip
            web = False
        webs.append(web)
        name = ck.text(table, "name", key, required=False) or key
        policy = "cheapest"
        if "policy" in table:
            policy = ck.choice(table, "policy", key, list(POLICIES)) or "cheapest"
        reserve = ck.integer(table, "reserve", key, 0, 10) if "reserve" in table else None
        rows = table.get("units")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            ck.add(f"{key}.units", rows, "give one or more [[" + key + ".units]] tables")
            continue
        groups = []
        for i, row in enumerate(rows):
            g = _group_from_table(ck, row, f"{key}.units[{i}]", name, book)
            if g is not None:
                groups.append(g)
        sides.append(Side(name, tuple(groups), policy, reserve))
    ck.problems.raise_if_any()
    try:
        sides = [replace(s, groups=merge_groups(list(s.groups))) for s in sides]
    except InputError as exc:
        raise InputError([replace(p, file=str(path)) for p in exc.problems]) from None
    battle = play_web(Battle((sides[0], sides[1])), *webs)
    check_battle(battle, str(path))
    return battle


def play_web(battle: Battle, attacker: bool, defender: bool) -> Battle:
    """Web / Ensnare (the same card text for Undead and Orcs), played by a side at the
    battle's first melee phase: the other side's flyers become melee casualties."""
    a, b = battle.sides
    if attacker:
        b = replace(b, ensnared=True)
    if defender:
        a = replace(a, ensnared=True)
    return Battle((a, b))


def _group_from_table(ck: Checker, row: dict, where: str, side: str, book) -> Group | None:
    ck.keys(
        row, where,
        ("type", "strength", "race", "level", "battlefield", "flank", "abilities", "cost",
         "player"),
    )  # fmt: skip
    type_ = ck.choice(row, "type", where, TYPES)
    player = ck.text(row, "player", where, required=False) or side
    bf = ck.integer(row, "battlefield", where, 0, 10) if "battlefield" in row else 0
    fl = ck.integer(row, "flank", where, 0, 10) if "flank" in row else 0
    cost = ck.integer(row, "cost", where, *COST) if "cost" in row else None
    abilities = list(row.get("abilities", []))
    if not isinstance(row.get("abilities", []), list):
        ck.add(f"{where}.abilities", row["abilities"], "must be a list", ABILITIES)
        abilities = []
    for a in abilities:
        ck.check_choice(a, f"{where}.abilities", ABILITIES)
    strength, source, label, cost_source = None, "user input", "", "user input"
    unknown = ""
    if "race" in row and book is not None and type_ is not None:
        race = ck.text(row, "race", where)
        level = ck.integer(row, "level", where, 1, 4) if "level" in row else None
        try:
            unit = book.find(race, type_, level, ck.file, f"{where}.race")
        except InputError as exc:
            for p in exc.problems:
                ck.add(p.key, p.value, p.message, p.choices)
            return None
        strength, source, label = unit.strength, unit.strength_source, unit.label
        abilities = list(dict.fromkeys(list(unit.abilities) + abilities))
        unknown = _unknown(unit, abilities)
        if cost is None and (c := book.cost(race, type_)) is not None:
            cost, cost_source = c.total, c.source
    if "strength" in row or strength is None:
        strength = ck.integer(row, "strength", where, *STRENGTH)
        source = "user input"
    if None in (type_, bf, fl, strength) or not all(a in ABILITIES for a in abilities):
        return None
    return Group(player, type_, strength, tuple(abilities), bf, fl, cost, source,
                 cost_source if cost is not None else "", label, unknown)  # fmt: skip


def check_battle(battle: Battle, where: str = CLI) -> None:
    """The armies the rules allow (and the solvers hold): units in each battlefield,
    at most 3 a space, a player's wooden markers, one Raise Dead player a side."""
    problems = []
    for key, side in zip(SIDE_KEYS, battle.sides, strict=True):
        bf = sum(g.battlefield for g in side.groups)
        if bf == 0:
            problems.append(Problem(where, key, side.name, "a side needs at least one unit in "
                                    "the battlefield, or there is no battle"))  # fmt: skip
        if bf > STACK:
            problems.append(Problem(where, key, f"{bf} units in the battlefield",
                                    f"a space holds at most {STACK} units (teammates' "
                                    "included); put the others in the flanks"))  # fmt: skip
        for g in side.groups:
            most = PER_PLAYER[g.type]
            if g.battlefield + g.flank > most:
                problems.append(Problem(where, f"{key} {g.player} {g.type}",
                                        g.battlefield + g.flank,
                                        f"a race has {most} {g.type} units"))  # fmt: skip
            if not STRENGTH[0] <= g.strength <= STRENGTH[1]:
                problems.append(Problem(where, f"{key} {g.player} {g.type} strength",
                                        g.strength, "must be 1 to 6"))  # fmt: skip
        players = list(dict.fromkeys(g.player for g in side.groups))
        if len(players) > 2:
            problems.append(Problem(where, key, players, "a side is one player and at most "
                                    "one teammate (teams of two)"))  # fmt: skip
        poisoners = {g.player for g in side.groups if "Slow Poison" in g.abilities}
        mates = {g.player for g in side.groups if g.battlefield + g.flank > 0} - poisoners
        if poisoners and mates:
            # Ruling W7: only the poisoner's own units strike first ("Your units attack
            # and deal casualties first"); the teammate's would answer together with
            # the opponent, a phase in three steps the engines do not compute.
            problems.append(
                Problem(where, key, f"Slow Poison of {sorted(poisoners)[0]} with teammate "
                        f"{sorted(mates)[0]}",
                        "Slow Poison makes only its owner's units strike first, and a "
                        "teammate's units then attack together with the opponent's: that "
                        "phase is not computed here; ask the battle without the teammate's "
                        "units or without Slow Poison")
            )  # fmt: skip
        raisers = {g.player for g in side.groups if "Raise Dead" in g.abilities}
        if len(raisers) > 1:
            problems.append(Problem(where, key, sorted(raisers), "only one player of a side "
                                    "can have Raise Dead (only one race has it)"))  # fmt: skip
        for p in raisers:
            if not any(g.player == p and g.type == "melee" for g in side.groups):
                problems.append(
                    Problem(
                        where,
                        key,
                        p,
                        "Raise Dead adds melee units: give "
                        "this player's melee units (a count of 0 is fine)",
                    )
                )
        if side.reserve is not None and raisers:
            melee = sum(g.battlefield + g.flank for g in side.groups
                        if g.type == "melee" and g.player in raisers)  # fmt: skip
            if melee + side.reserve > PER_PLAYER["melee"]:
                problems.append(
                    Problem(
                        where,
                        f"{key} reserve",
                        side.reserve,
                        f"with {melee} melee units in the battle, a reserve "
                        f"of at most {PER_PLAYER['melee'] - melee}",
                    )
                )
        if side.policy not in POLICIES:
            problems.append(Problem(where, f"{key} policy", side.policy, "unknown policy",
                                    list(POLICIES)))  # fmt: skip
    if problems:
        raise InputError(problems)


# ------------------------------------------------------------------ one side's rules
class SideModel:
    """A side as arrays, and the rules that act on its state (a tuple of slot counts)."""

    def __init__(self, side: Side):
        self.side = side
        gs = side.groups
        self.n_groups = len(gs)
        self.n_slots = 2 * len(gs)
        self.gtype = np.array([TYPES.index(g.type) for g in gs], np.int64)
        self.strength = np.array([g.strength for g in gs], np.int64)
        self.area = np.array(["Area Attack" in g.abilities for g in gs], np.bool_)
        self.heal = np.array(["Heal" in g.abilities for g in gs], np.bool_)
        self.poison = np.array(["Slow Poison" in g.abilities for g in gs], np.bool_)
        players = list(dict.fromkeys(g.player for g in gs))
        self.player = np.array([players.index(g.player) for g in gs], np.int64)
        # Bloodlust belongs to a player: any of its units with it gives each of that
        # player's attacking groups the extra die.
        self.lust_player = np.array(
            [any("Bloodlust" in h.abilities and h.player == p for h in gs) for p in players],
            np.bool_,
        )
        self.raise_groups = np.array(["Raise Dead" in g.abilities for g in gs], np.bool_)
        raiser = [g.player for g in gs if "Raise Dead" in g.abilities]
        self.raiser = players.index(raiser[0]) if raiser else -1
        self.raise_into = -1  # the raising player's melee group
        self.raise_most = 0
        if raiser:
            for i, g in enumerate(gs):
                if g.player == raiser[0] and g.type == "melee":
                    self.raise_into = i
                    in_battle = g.battlefield + g.flank
                    reserve = side.reserve
                    if reserve is None:  # every marker not in this battle (ruling W9)
                        reserve = PER_PLAYER["melee"] - in_battle
                    self.raise_most = in_battle + reserve
        self.init = tuple(v for g in gs for v in (g.battlefield, g.flank))
        self.flying_slot = np.repeat(self.gtype == FLYING, 2)
        self.ensnared = side.ensnared
        self.bf_slot = np.tile([True, False], self.n_groups)

    # The state's facts ------------------------------------------------
    def alive(self, s, g: int) -> int:
        return s[2 * g] + s[2 * g + 1]

    def battlefield(self, s) -> int:
        return sum(s[0::2])

    def has(self, s, flags) -> bool:
        return any(flags[g] and self.alive(s, g) > 0 for g in range(self.n_groups))

    def healers(self, s) -> int:
        """Players of the side with a unit with Heal in the battle (ruling W6)."""
        return len({int(self.player[g]) for g in range(self.n_groups)
                    if self.heal[g] and self.alive(s, g) > 0})  # fmt: skip

    def poisoners(self, s) -> int:
        return sum(self.alive(s, g) for g in range(self.n_groups) if self.poison[g])

    def dice(self, s, phase: int) -> list[tuple[int, int]]:
        """(group, dice) attacking in a phase, Bloodlust's extra die included."""
        out = []
        for g in range(self.n_groups):
            if self.gtype[g] == phase:
                lust = self.lust_player[self.player[g]] and any(
                    self.alive(s, h) > 0 and self.player[h] == self.player[g]
                    for h in range(self.n_groups)
                    if "Bloodlust" in self.side.groups[h].abilities
                )
                n = ab.bloodlust_dice(self.alive(s, g), lust)
                if n:
                    out.append((g, n))
        return out

    def phase_dice(self, s, phase: int) -> int:
        return sum(n for _, n in self.dice(s, phase))

    def attack(self, s, phase: int) -> np.ndarray:
        """P[hits, ones]: the casualties this side inflicts in a phase and the 1s it
        rolls (counted only for a Raise Dead player whose ability is in the battle)."""
        counting = self.raiser >= 0 and self.has(s, self.raise_groups)
        dist = np.ones((1, 1))
        for g, n in self.dice(s, phase):
            ones_count = counting and self.player[g] == self.raiser
            die = np.zeros((3, 2))
            for roll in range(1, ab.DIE + 1):
                h = ab.die_hits(roll, int(self.strength[g]), bool(self.area[g]))
                die[h, 1 if (roll == 1 and ones_count) else 0] += 1 / ab.DIE
            for _ in range(n):
                dist = _convolve2(dist, die)
        return _trim(dist)

    # What happens to the state ----------------------------------------
    def take(self, s, casualties: int, phase: int, order) -> tuple:
        """Remove casualties, each from the first slot in `order` that holds a unit
        that may be chosen (no flyers in the melee phase); hits beyond are ignored."""
        casualties = ab.healed(casualties, self.healers(s))
        s = list(s)
        for slot in order:
            if casualties == 0:
                break
            if self.shielded(slot, phase):
                continue
            k = min(casualties, s[slot])
            s[slot] -= k
            casualties -= k
        return tuple(s)

    def shielded(self, slot: int, phase: int) -> bool:
        """Flyers cannot be chosen as melee-phase casualties (unless ensnared)."""
        return phase == MELEE and bool(self.flying_slot[slot]) and not self.ensnared

    def choosable(self, s, phase: int) -> int:
        return sum(s[i] for i in range(self.n_slots) if not self.shielded(i, phase))

    def rise(self, s, ones: int) -> tuple:
        if ones == 0 or self.raise_into < 0:
            return s
        g = self.raise_into
        k = ab.raised(ones, True, self.alive(s, g), self.raise_most)
        if k == 0:
            return s
        s = list(s)
        s[2 * g] += k
        return tuple(s)


def _convolve2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.zeros((a.shape[0] + b.shape[0] - 1, a.shape[1] + b.shape[1] - 1))
    for i in range(b.shape[0]):
        for j in range(b.shape[1]):
            if b[i, j]:
                out[i : i + a.shape[0], j : j + a.shape[1]] += b[i, j] * a
    return out


def _trim(d: np.ndarray) -> np.ndarray:
    rows = np.nonzero(d.sum(axis=1))[0]
    cols = np.nonzero(d.sum(axis=0))[0]
    return d[: rows[-1] + 1, : cols[-1] + 1]


def sources_of(battle: Battle) -> list[str]:
    """Every number of the armies that is not from the rulebook, for the caveats."""
    out = []
    for side in battle.sides:
        for g in side.groups:
            if g.strength_source != "rulebook":
                out.append(f"{g.name} Strength {g.strength} ({g.strength_source})")
            if g.cost is not None and g.cost_source != "rulebook":
                out.append(f"{g.name} cost {g.cost} ({g.cost_source})")
    return out


def unknowns_of(battle: Battle) -> list[str]:
    """The unit data's abilities that its source cannot rule out, once each."""
    return list(dict.fromkeys(g.unknown for s in battle.sides for g in s.groups if g.unknown))


def rule_caveats(battle: Battle) -> list[str]:
    """The rulings an answer rests on that are choices, not the text: the Raise Dead
    reserve when none was given, and the Slow Poison phase rule."""
    out = []
    for key, side in zip(SIDE_KEYS, battle.sides, strict=True):
        m = SideModel(side)
        if m.raiser >= 0 and side.reserve is None:
            g = side.groups[m.raise_into]
            out.append(
                f"{side.name}: Raise Dead's reserve is every melee marker not in this battle "
                f"({m.raise_most - g.battlefield - g.flank} of {PER_PLAYER['melee']}), an "
                f"assumption (rulings-warcraft.md W9); give --{key}-reserve (reserve = in a file)"
            )
        if m.poison.any():
            out.append(
                f"{side.name}: Slow Poison's phases are chosen by a fixed rule: with fewer than "
                "three units with it, the phases where the opponent rolls the most dice at the "
                "start of the round (the earlier on a tie), not the player's best choice "
                "(rulings-warcraft.md W7)"
            )
    return out


def cards_text(battle: Battle) -> str:
    played = [
        f"the {SIDE_KEYS[1 - i]} ({battle.sides[1 - i].name}) plays Web or Ensnare at the "
        "first melee phase"
        for i, s in enumerate(battle.sides)
        if s.ensnared
    ]
    return "Cards: " + ("; ".join(played) + "; no other card" if played else "none played")


def replace_policy(battle: Battle, side: int, policy: str) -> Battle:
    sides = list(battle.sides)
    sides[side] = replace(sides[side], policy=policy)
    return Battle((sides[0], sides[1]))
