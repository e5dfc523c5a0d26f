"""Scenario files: a ruleset, a player count, the bot in each seat and house rules.

A scenario is a TOML file with a [scenario] table (name, description, ruleset,
players), [[seats]] (each seat's bot and its parameters), [rules] (any rule
constant of model.params.Parameters) and [races] / [powers] (banned or allowed
ones, banner and badge tokens). scenarios/example.toml shows every key.

What a ruleset's content lets a scenario change is the ruleset's to say, through
its content parts (rulesets/content_table.py): the printed rule numbers the house
rules start from (none: the ruleset takes no house rules), a folder of its content
files named as the ruleset, and the boards laid out.

Loading checks everything and reports every problem at once, each naming the file
and the dotted key, so a scenario that loads can always be played.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analyzer import ruleset_registry
from analyzer.engine.core_layout import MAX_PLAYERS
from analyzer.errors import InputError
from analyzer.model import limits
from analyzer.model.params import Parameters
from analyzer.model.tables import Tables
from analyzer.players.params import PARAMS_BY_POLICY
from analyzer.players.styles import bot_names, bot_number, bot_of
from analyzer.rulesets import Game
from analyzer.rulesets.content_table import bind
from analyzer.tomlcheck.tomlfile import Checker, read_toml
from analyzer.variants import variant_codes

DEFAULT_RULESET = ruleset_registry.DEFAULT_RULESET
MAX_ROUNDS = limits.MAX_ROUNDS
DIE_SIDES = limits.DIE_SIDES
NUMBERS = tuple((key, low, high) for key, (low, high) in limits.RULE_NUMBERS.items())

TOP_KEYS = ("scenario", "seats", "rules", "races", "powers")
SCENARIO_KEYS = ("name", "description", "ruleset", "variant", "players")
NUMBER_KEYS = tuple(key for key, _, _ in NUMBERS)
FLAG_KEYS = ("use_die", "murlocs")
RULE_KEYS = NUMBER_KEYS + ("die_faces", "rounds", "extra_rounds", "boards", "seat_coins")
RULE_KEYS += FLAG_KEYS
RACE_KEYS = ("banned", "allowed", "banner")
POWER_KEYS = ("banned", "allowed", "badge", "badge_delta")


@dataclass(frozen=True, eq=False)
class Scenario:
    path: str
    name: str
    description: str
    ruleset_name: str  # as written: a ruleset's name or a folder path
    ruleset: object  # the content as loaded, in the played ruleset's own form
    faces: tuple  # its boards (or maps)
    players: int
    policies: tuple[str, ...]  # one bot per seat
    policy_params: np.ndarray  # float64[players, N_POLICY_PARAMS], read-only
    # Every rule constant, banner, badge and ban applied; None for a ruleset that
    # takes no house rules (its content gives no printed_parameters): its printed
    # rules are played.
    parameters: Parameters | None
    played: str = DEFAULT_RULESET  # the ruleset whose engine plays it

    @property
    def banned_races(self) -> tuple[str, ...]:
        return _banned(self.ruleset.races, self.parameters and self.parameters.races_allowed)

    @property
    def banned_powers(self) -> tuple[str, ...]:
        return _banned(self.ruleset.powers, self.parameters and self.parameters.powers_allowed)

    def tables(self) -> Tables:
        """The engine's tables with every override of the scenario applied."""
        content = bind(ruleset_registry.ruleset_package(self.played))
        if self.parameters is None:
            return content.default_tables()
        return content.compile_tables(self.ruleset, self.faces, self.parameters)


def _banned(entries, allowed) -> tuple[str, ...]:
    if not allowed:
        return ()
    return tuple(e.key for e, on in zip(entries, allowed, strict=True) if not on)


def load_scenario(path: str | Path, game: Game) -> Scenario:
    """The scenario in `path`, played by `game` (the Game load_game gives); InputError
    listing every problem if it is bad."""
    return parse_scenario(read_toml(path), str(path), Path(path).parent, game)


def parse_scenario(data: dict, file: str, base: Path, game: Game) -> Scenario:
    """Check parsed TOML and build the Scenario `game` (the Game load_game gives)
    plays. `base` is the folder a relative ruleset folder is found from (the scenario
    file's own)."""
    content = game.content()
    check = Checker(file)
    check.keys(data, "", TOP_KEYS)
    head = check.table(data, "scenario", "") or {}
    check.keys(head, "scenario", SCENARIO_KEYS)
    name = check.text(head, "name", "scenario")
    if name == "":
        check.add("scenario.name", name, "give the scenario a name")
    description = check.text(head, "description", "scenario")
    for key, text in (("name", name), ("description", description)):
        if text and any(c < " " and c not in "\n\t" or c == "\x7f" for c in text):
            # Printed as they are, control codes would drive the user's terminal.
            check.add(
                f"scenario.{key}", text.encode("unicode_escape").decode("ascii"),
                "must be printable text: no control characters (like terminal escape codes)",
            )  # fmt: skip
    players = check.integer(head, "players", "scenario", minimum=2, maximum=MAX_PLAYERS)
    ruleset_name, ruleset, faces = _content(check, head, base, content)
    policies, vectors = _seats(check, data, players)
    base = None if ruleset is None else content.printed_parameters(ruleset, faces)
    variant = _variant(check, head, ruleset, content)
    changes: dict = {}
    if ruleset is None or base is not None:
        changes = _rules(check, data, ruleset, faces, players, content) | variant
        changes |= _races(check, data, ruleset, content)
        changes |= _powers(check, data, ruleset, content)
    else:
        _no_house_rules(check, data, ruleset_name)
    # The numbers that depend on each other are only checked once each one is sound.
    if not check.problems and base is not None:
        _check_counts(check, data, ruleset, base, players, changes)
    check.problems.raise_if_any()
    parameters = None if base is None else dataclasses.replace(base, **changes)
    params = np.array(vectors, dtype=np.float64)
    params.setflags(write=False)
    return Scenario(
        path=file,
        name=name,
        description=description,
        ruleset_name=ruleset_name,
        ruleset=ruleset,
        faces=faces,
        players=players,
        policies=policies,
        policy_params=params,
        parameters=parameters,
        played=content.name,
    )


def _no_house_rules(check: Checker, data: dict, name: str) -> None:
    """A ruleset whose tables give no rule numbers takes no house rules."""
    for key in ("rules", "races", "powers"):
        if key in data:
            check.add(
                key, data[key],
                f"house rules are not read for the {name} ruleset: its scenarios give "
                "[scenario] and [[seats]], and its printed rules are played",
            )  # fmt: skip


def _race_keys(ruleset, content=None) -> tuple[str, ...]:
    """The race keys of `ruleset` (None: those of `content`, the played ruleset's)."""
    ruleset = content.default_content()[0] if ruleset is None else ruleset
    return tuple(r.key for r in ruleset.races)


def _power_keys(ruleset, content=None) -> tuple[str, ...]:
    ruleset = content.default_content()[0] if ruleset is None else ruleset
    return tuple(p.key for p in ruleset.powers)


def _badge_estimated(ruleset, power) -> bool:
    """Whether nobody has read this badge off a box (a badge_delta moves only those)."""
    source = getattr(power, "badge_source", None)
    if source is None:
        source = ruleset.sources.get(f"powers.{power.key}.badge", "")
    return source == "estimate"


# ------------------------------------------------------------------ [scenario]
def _variant(check: Checker, head: dict, ruleset, content) -> dict:
    """scenario.variant: a variant of the ruleset by name (analyzer/variants.py)."""
    if "variant" not in head or ruleset is None:
        return {}

    value = head["variant"]
    name = getattr(ruleset, "name", "this ruleset")
    codes = variant_codes(content)
    if not isinstance(value, str) or value not in codes:
        check.add("scenario.variant", value, f"{name} has no such variant", tuple(codes))
        return {}
    return {"variant": codes[value]}


def ruleset_names() -> list[str]:
    """The rulesets a scenario may name (analyzer/rulesets/__init__.py says which)."""
    return ruleset_registry.playable_rulesets()


def _content(check: Checker, head: dict, base: Path, content):
    """(name as written, ruleset, faces); the ruleset and faces are None if unusable.
    A ruleset's name must be the one this run plays (the CLI chooses it from the
    scenario); a folder of content files is played by the run's ruleset."""
    name = head.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str):
        check.add("scenario.ruleset", name, "must be text in quotes", ruleset_names())
        return name, None, ()
    played = content.name
    if ruleset_registry.names_ruleset(name):
        problem = ruleset_registry.ruleset_problem(name, check.file, "scenario.ruleset")
        if problem is not None:
            check.problems.items.append(problem)
            return name, None, ()
        if name != played:
            check.add(
                "scenario.ruleset", name,
                f"this run plays the {played} ruleset: give --ruleset {name}, or leave "
                "--ruleset out to play the scenario's own",
            )  # fmt: skip
            return name, None, ()
        ruleset, faces = content.default_content()
        return name, ruleset, faces
    folder = base / name
    if not folder.is_dir():
        check.add(
            "scenario.ruleset",
            name,
            "neither a ruleset nor a folder of content files (relative to the scenario file)",
            ruleset_names(),
        )
        return name, None, ()
    try:
        loaded = content.load_folder(folder)
    except InputError as exc:
        # The ruleset's own problems name its file: report them with the scenario's.
        check.problems.items.extend(exc.problems)
        return name, None, ()
    if loaded is None:
        check.add(
            "scenario.ruleset", name,
            f"the {played} ruleset reads no folder of content files (it plays its shipped "
            "ones); name a ruleset instead",
        )  # fmt: skip
        return name, None, ()
    ruleset, faces = loaded
    return name, ruleset, faces


# --------------------------------------------------------------------- [[seats]]
def _seats(check: Checker, data: dict, players: int | None):
    """(policies, parameter vectors), one per seat; every seat plays the heuristic
    bot with its default parameters when [[seats]] is left out."""
    n = players or 1
    raw = data.get("seats", [{"policy": "heuristic"}])
    if not isinstance(raw, list) or not raw or not all(isinstance(s, dict) for s in raw):
        check.add("seats", raw, "must be [[seats]] tables, each with a policy")
        return (), []
    if players is not None and len(raw) not in (1, n):
        check.add(
            "seats",
            f"{len(raw)} tables",
            f"give one [[seats]] table for every one of the {n} players, or a single one for all",
        )
    policies, vectors = [], []
    for i, seat in enumerate(raw):
        where = f"seats[{i}]"
        # a bot, or a style of players/styles.toml (a bot with its own defaults)
        label = check.choice(seat, "policy", where, bot_names())
        if label is None:
            continue
        policy, base = bot_of(label)
        names = PARAMS_BY_POLICY[policy]
        check.keys(seat, where, ("policy", *names))
        overrides = {}
        for key in names:
            if key in seat:
                value = bot_number(check, seat[key], f"{where}.{key}", key)
                if value is not None:
                    overrides[key] = value
        for key, value in overrides.items():
            base[names[key][0]] = value
        policies.append(label)
        vectors.append(base)
    if len(raw) == 1:
        policies, vectors = policies * n, vectors * n
    return tuple(policies), vectors


# ----------------------------------------------------------------------- [rules]
def _section(check: Checker, data: dict, key: str, allowed: tuple[str, ...]) -> dict:
    """An optional top-level table, its keys checked; {} when absent or wrong."""
    table = data.get(key, {})
    if not isinstance(table, dict):
        check.add(key, table, "must be a table")
        return {}
    check.keys(table, key, allowed)
    return table


def factionless(ruleset) -> bool:
    """True when the ruleset's races belong to no faction: a faction bonus means nothing."""
    races = getattr(ruleset, "races", None) or ()
    return bool(races) and all(getattr(r, "faction", None) in (None, -1) for r in races)


def _rules(check: Checker, data: dict, ruleset, faces, players: int | None, content) -> dict:
    """Parameters fields the [rules] table changes."""
    table = _section(check, data, "rules", RULE_KEYS)
    changes: dict = {}
    if "faction_bonus" in table and factionless(ruleset):
        check.add(
            "rules.faction_bonus", table["faction_bonus"],
            "this ruleset's races belong to no faction, so a faction bonus would change "
            "nothing; leave the key out",
        )  # fmt: skip
        table = {k: v for k, v in table.items() if k != "faction_bonus"}
    for key, low, high in NUMBERS:
        if key in table:
            value = check.check_int(table[key], f"rules.{key}", low, high)
            if value is not None:
                changes[key] = value
    for key in FLAG_KEYS:
        if key in table:
            if isinstance(table[key], bool):
                changes[key] = table[key]
            else:
                check.add(f"rules.{key}", table[key], "must be true or false")
    if "die_faces" in table:
        die = table["die_faces"]
        if isinstance(die, list) and len(die) == DIE_SIDES:
            values = [
                check.check_int(v, f"rules.die_faces[{i}]", *limits.DIE_FACE)
                for i, v in enumerate(die)
            ]
            if None not in values:
                changes["die_faces"] = tuple(values)
        else:
            check.add("rules.die_faces", die, f"must be a list of {DIE_SIDES} whole numbers")
    if "extra_rounds" in table:
        value = check.check_int(table["extra_rounds"], "rules.extra_rounds", *limits.EXTRA_ROUNDS)
        if value is not None:
            changes["extra_rounds"] = value
    if "seat_coins" in table:
        coins = _seat_coins(check, table["seat_coins"], players)
        if coins is not None:
            changes["seat_coins"] = coins
    if ruleset is None or players is None:
        return changes  # rounds and boards are per player count, checked against the box
    if "rounds" in table:
        value = check.check_int(table["rounds"], "rules.rounds", *limits.ROUNDS)
        if value is not None:
            changes["rounds"] = {**ruleset.rounds, players: value}
    if "boards" in table:
        counts = content.house_boards(check, table["boards"], ruleset, faces, players)
        if counts is not None:
            changes["boards"] = {**ruleset.boards, players: counts}
    return changes


def _seat_coins(check: Checker, value: object, players: int | None) -> tuple[int, ...] | None:
    """Extra starting coins per seat in turn order (a compensation for seat order):
    one whole number per player."""
    key = "rules.seat_coins"
    if not isinstance(value, list) or (players is not None and len(value) != players):
        count = f"{players} " if players is not None else ""
        check.add(key, value, f"must be a list of {count}whole numbers, one per seat in turn order")
        return None
    coins = [check.check_int(v, f"{key}[{i}]", *limits.SEAT_COINS) for i, v in enumerate(value)]
    if None in coins:
        return None
    return tuple(coins) + (0,) * (MAX_PLAYERS - len(coins))


# ----------------------------------------------------------- [races], [powers]
def _names(check: Checker, table: dict, section: str, keys: tuple[str, ...]) -> list[bool] | None:
    """Allowed flags from `banned` or `allowed` (a list of keys), or None if neither."""
    given = [k for k in ("banned", "allowed") if k in table]
    if len(given) == 2:
        check.add(f"{section}.allowed", table["allowed"], "give banned or allowed, not both")
        return None
    if not given:
        return None
    key = f"{section}.{given[0]}"
    names = table[given[0]]
    if not isinstance(names, list):
        check.add(key, names, f"must be a list of {section[:-1]} names in quotes")
        return None
    listed = {n for i, n in enumerate(names) if check.check_choice(n, f"{key}[{i}]", keys)}
    if given[0] == "banned":
        return [k not in listed for k in keys]
    return [k in listed for k in keys]


def _numbers(check: Checker, value: object, where: str, keys: tuple[str, ...], limits) -> dict:
    """A { name = tokens } table; `limits(name)` gives the (lowest, highest) tokens."""
    if not isinstance(value, dict):
        check.add(where, value, "must be a table like { name = tokens }")
        return {}
    out = {}
    for name, tokens in value.items():
        if check.check_choice(name, f"{where}.{name}", keys) is None:
            continue
        low, high = limits(name)
        number = check.check_int(tokens, f"{where}.{name}", low, high)
        if number is not None:
            out[name] = number
    return out


def _races(check: Checker, data: dict, ruleset, content) -> dict:
    table = _section(check, data, "races", RACE_KEYS)
    changes: dict = {}
    allowed = _names(check, table, "races", _race_keys(ruleset, content))
    if allowed is not None:
        changes["races_allowed"] = tuple(allowed)
    if ruleset is None:
        return changes
    boxes = {r.key: r.box for r in ruleset.races}
    # A banner must leave room in the box, as in the ruleset itself.
    banner = _numbers(
        check,
        table.get("banner", {}),
        "races.banner",
        _race_keys(ruleset),
        lambda k: (limits.BANNER[0], min(limits.BANNER[1], boxes[k])),
    )
    if banner:
        changes["banners"] = tuple(banner.get(r.key, r.banner) for r in ruleset.races)
    return changes


def _powers(check: Checker, data: dict, ruleset, content) -> dict:
    table = _section(check, data, "powers", POWER_KEYS)
    changes: dict = {}
    allowed = _names(check, table, "powers", _power_keys(ruleset, content))
    if allowed is not None:
        changes["powers_allowed"] = tuple(allowed)
    delta = 0
    if "badge_delta" in table:
        delta = check.check_int(table["badge_delta"], "powers.badge_delta", *limits.BADGE_DELTA)
        delta = delta or 0
    if ruleset is None:
        return changes
    badge = _numbers(
        check, table.get("badge", {}), "powers.badge", _power_keys(ruleset), lambda k: limits.BADGE
    )
    # The delta moves only the badges nobody has read off a box; a badge given
    # explicitly is taken as it is.
    badges = []
    for power in ruleset.powers:
        if power.key in badge:
            badges.append(badge[power.key])
        elif _badge_estimated(ruleset, power):
            badges.append(power.badge + delta)
        else:
            badges.append(power.badge)
    below = [f"{p.name} ({b})" for p, b in zip(ruleset.powers, badges, strict=True) if b < 0]
    if below:
        check.add("powers.badge_delta", delta, f"would leave badges below 0: {', '.join(below)}")
    elif badge or delta:
        changes["badges"] = tuple(badges)
    return changes


# ---------------------------------------------------------- checks across keys
def _check_counts(check: Checker, data: dict, ruleset, base: Parameters, players: int, changes):
    """Enough races and powers for the column, and rounds the engine holds."""
    column = changes.get("column_size", base.column_size)
    need = 2 * players + column
    for section, kind, field, every in (
        ("races", "race", "races_allowed", _race_keys(ruleset)),
        ("powers", "power", "powers_allowed", _power_keys(ruleset)),
    ):
        have = sum(changes.get(field, [True] * len(every)))
        if have >= need:
            continue
        # Blame the key the user set: the list that leaves too few, or else the numbers.
        table = data.get(section, {})
        given = [k for k in ("banned", "allowed") if k in table]
        if given:
            key, value = f"{section}.{given[0]}", table[given[0]]
        elif "column_size" in changes:
            key, value = "rules.column_size", column
        else:
            key, value = "scenario.players", players
        check.add(
            key,
            value,
            f"{have} {kind}s are left in the game, but {players} players and a column of "
            f"{column} combos need {need}: each player may hold an active and an in-decline "
            f"{kind} while the column stays full",
        )
    rounds = changes.get("rounds", base.rounds)[players] + changes.get("extra_rounds", 0)
    if rounds > MAX_ROUNDS:
        key = "rules.extra_rounds" if "extra_rounds" in changes else "rules.rounds"
        check.add(key, rounds, f"{rounds} rounds in all; at most {MAX_ROUNDS}")
