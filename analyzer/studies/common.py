"""What the decline and player-count studies share: reading --players lists and
--combos names, a scenario played at several player counts, the rounds of a game,
a per-game hash for deterministic draws, the swap-in writer and the lines every
summary starts and ends with."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from analyzer import output
from analyzer.engine import layout as L
from analyzer.engine.layout import MAX_PLAYERS
from analyzer.errors import InputError, Problem
from analyzer.model.limits import check_option
from analyzer.output import OutputFolder
from analyzer.players.styles import load_styles
from analyzer.scenario import load_scenario, parse_scenario
from analyzer.stats import separable

# faction_seats: the team variant's seats, asked here by several studies
from analyzer.studies.scoring import faction_seats, for_team, scoring  # noqa: F401
from analyzer.tomlcheck.tomlfile import read_toml
from analyzer.variants import STANDARD, content_of

CLI = "command line"
ALL_COUNTS = (2, 3, 4, 5)


# ------------------------------------------------------------------ input
def parse_counts(value, key: str = "--players") -> tuple[int, ...]:
    """Player counts from an int, a list of ints, or text like "4" or "2,3,4,5";
    sorted and without repeats. InputError naming `key` when one is not 2 to 5."""
    if isinstance(value, int) and not isinstance(value, bool):
        items: list = [value]
    elif isinstance(value, str):
        items = [p.strip() for p in value.split(",") if p.strip()]
    else:
        items = list(value)
    counts, problems = [], []
    for item in items:
        try:
            n = int(item)
        except (TypeError, ValueError):
            n = None
        if n is None or isinstance(item, bool) or not 2 <= n <= MAX_PLAYERS:
            problems.append(
                Problem(
                    CLI, key, item, f"each player count must be a whole number 2 to {MAX_PLAYERS}"
                )
            )
        elif n not in counts:
            counts.append(n)
    if not items:
        problems.append(
            Problem(CLI, key, value, "give at least one player count, like 4 or 2,3,4,5")
        )
    if problems:
        raise InputError(problems)
    return tuple(sorted(counts))


def check_seed(seed) -> list[Problem]:
    problem = check_option("--seed", seed)
    return [] if problem is None else [problem]


def check_chunk(chunk, where: str) -> None:
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise InputError(Problem(where, "chunk", chunk, "must be at least 1"))


def _norm(name: str) -> str:
    return " ".join(str(name).replace("_", " ").split()).lower()


def parse_combo_names(text, tables, key: str = "--combos") -> list[tuple[int, int]]:
    """(race id, power id) pairs from "Orcs+Fishing,Tauren+Mining" (or a list of such
    strings, or of id pairs). Names match case-insensitively, with `_` for a space;
    a name that is unknown, or banned in these tables, is refused with the closest match."""
    races = tables.race_names[: len(tables.ruleset.races)]
    powers = tables.power_names
    race_ok = [r for i, r in enumerate(races) if tables.race_tab[i, L.RT_ALLOWED]]
    power_ok = [p for i, p in enumerate(powers) if tables.power_tab[i, L.PT_ALLOWED]]
    items = [s for s in text.split(",")] if isinstance(text, str) else list(text)
    pairs, problems = [], []
    for item in items:
        if not isinstance(item, str):
            race, power = (int(x) for x in item)
            if race in range(len(races)) and power in range(len(powers)):
                item = f"{races[race]}+{powers[power]}"
            else:
                problems.append(Problem(CLI, key, tuple(item), "not a (race id, power id) pair"))
                continue
        parts = [p.strip() for p in item.split("+")]
        if len(parts) != 2 or not all(parts):
            problems.append(
                Problem(CLI, key, item.strip(),
                        f"write each combo as Race+Power, like {races[0]}+{powers[0]}")
            )  # fmt: skip
            continue
        found = []
        for part, kind, names, allowed in (
            (parts[0], "race", races, race_ok),
            (parts[1], "power", powers, power_ok),
        ):
            match = {_norm(n): n for n in names}.get(_norm(part))
            if match is None:
                problems.append(
                    Problem(CLI, key, part, f"unknown {kind} in {item.strip()!r}", tuple(allowed))
                )
            elif match not in allowed:
                problems.append(
                    Problem(
                        CLI, key, part, f"this {kind} is not in the game (banned)", tuple(allowed)
                    )
                )
            else:
                found.append(names.index(match))
        if len(found) == 2 and tuple(found) not in pairs:
            pairs.append(tuple(found))
    if not items or (not pairs and not problems):
        problems.append(Problem(CLI, key, text, "names no combo; write Race+Power,Race+Power"))
    if problems:
        raise InputError(problems)
    return pairs


def scenario_counts(
    path, counts: Sequence[int] | None, study: str, skip_invalid: bool = False, *, game
):
    """(tables, bots, bot parameters: each a dict by count; counts; skipped) of a scenario
    file played at several player counts. The file is checked as written (its own
    count), then again for every other count asked for, since bans and column size are
    only valid for some counts: a count the file is not valid for is refused, or, with
    skip_invalid, left out and returned in `skipped` ({count: reason}). At another count
    the [rules] keys `rounds` and `boards` are left out (they belong to the file's own
    count). The bots must be the same in every seat (one [[seats]] table, or equal ones):
    a seat list belongs to one player count. `game`: the Game that plays it."""
    own = load_scenario(path, game)
    counts = (own.players,) if counts is None else tuple(counts)
    seats = sorted({(p, v.tobytes()) for p, v in zip(own.policies, own.policy_params, strict=True)})
    if counts != (own.players,) and len(seats) != 1:
        raise InputError(
            Problem(
                str(path), "seats", f"{len(own.policies)} tables, not all alike",
                f"the {study} study plays the scenario at "
                f"{', '.join(map(str, counts))} players, so every seat must play the "
                "same bot; give a single [[seats]] table",
            )
        )  # fmt: skip
    tables, bots, params, skipped = {}, {}, {}, {}
    data = None
    for n in counts:
        if n == own.players:
            sc = own
        else:
            if data is None:
                data = read_toml(path)
            raw = copy.deepcopy(data)
            raw.setdefault("scenario", {})["players"] = n
            if isinstance(raw.get("seats"), list) and raw["seats"]:
                raw["seats"] = raw["seats"][:1]
            if isinstance(raw.get("rules"), dict):
                raw["rules"] = {
                    k: v for k, v in raw["rules"].items() if k not in ("rounds", "boards")
                }
            try:
                sc = parse_scenario(raw, str(path), Path(path).parent, game)
            except InputError as exc:
                problems = [
                    Problem(p.file, p.key, p.value, f"{p.message} (checked for {n} players)",
                            p.choices)
                    for p in exc.problems
                ]  # fmt: skip
                if not skip_invalid:
                    raise InputError(problems) from None
                skipped[n] = " ".join(str(p) for p in problems)
                continue
        tables[n] = sc.tables()
        bots[n] = tuple(sc.policies)
        params[n] = np.asarray(sc.policy_params, np.float64)
    kept = tuple(n for n in counts if n in tables)
    return tables, bots, params, kept, skipped


def rounds_of(tables, n_players: int) -> int:
    """Rounds of an n-player game with these tables (printed rounds plus extra rounds)."""
    p = tables.params
    return int(p[L.PAR_ROUNDS + n_players - 2] + p[L.PAR_EXTRA_ROUNDS])


def start_tokens(tables, race: int, power: int) -> int:
    """Tokens a combo starts with: banner plus badge, within the race's box."""
    banner = tables.race_tab[race, L.RT_BANNER] + tables.power_tab[power, L.PT_BADGE]
    return int(min(banner, tables.race_tab[race, L.RT_BOX]))


def mix64(seed: int, purpose: int, games: np.ndarray) -> np.ndarray:
    """A splitmix64 hash of (seed, purpose, game): a deterministic uniform draw per
    game that does not depend on how the games are chunked."""
    with np.errstate(over="ignore"):
        x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(purpose)
        z = np.asarray(games, np.uint64) * np.uint64(0xD1B54A32D192ED03) + x
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


# ------------------------------------------------------------------ team play
def team_variant(tables) -> bool:
    """Whether `tables` play Battle for Azeroth, where a seat's result is its
    faction's (team_win), not its own (studies/scoring.py)."""
    return scoring(tables).team


def printed_tables(game):
    """The tables of the printed rules of `game` (the Game a study's settings carry)."""
    return game.content().default_tables()


def variant_note(variant: str, tables) -> str:
    """' (variant NAME: its title)' after a page's ruleset for a variant with a report
    page of its own (VARIANT_PAGES of the ruleset that compiled `tables`, the tables
    played), ' (variant NAME)' for another variant, '' for the standard game."""
    if variant == STANDARD:
        return ""
    title = content_of(tables).VARIANT_PAGES.get(variant)
    return f" (variant {variant}: {title})" if title else f" (variant {variant})"


def seat_wins(vc: np.ndarray, win: np.ndarray, n_players: int, team) -> np.ndarray:
    """int64[games, n_players]: each seat's win, read from the seats' final VC and
    the engine's individual win column; in a team variant (`team`: its team rules,
    None for seat against seat) a seat wins when its faction does (studies/scoring.py)."""
    return for_team(team).wins(vc, win, n_players)


# ------------------------------------------------------------------ output
def write_folder(out: Path, fill: Callable[[Path], None], force: bool, game) -> Path:
    """Build a study's files with `fill(temp)` in a staging folder, then move them into
    `out` together: the folder changes all at once or not at all, and only the
    analyzer's own files in it are ever replaced (analyzer/output.py). Its summary.md
    gets the line of `game` (the Game the run plays) under its title."""

    def finish(temp: Path) -> None:
        summary = temp / "summary.md"
        if summary.is_file():
            summary.write_text(with_game_line(summary.read_text("utf-8"), game), "utf-8")

    return output.write_folder(out, fill, force, finish)


def with_game_line(page: str, game) -> str:
    """A page with the "Ruleset: ..., variant: ..." line of `game` (the Game the run
    plays) under its title (once)."""
    line = game.line()
    if line in page:
        return page
    first, _, rest = page.partition("\n")
    if not first.startswith("#"):
        return f"{line}.\n\n{page}"
    return f"{first}\n\n{line}.\n{rest}"


def check_out(out: Path, force: bool = False) -> None:
    """Refuse, before any game is played, an --out the study could not write."""
    OutputFolder(out, force=force).check()


def with_ruleset(frame, game):
    """A Small World table with the ruleset and variant of `game` (the Game the run
    plays) as its last columns, so tables of two rulesets or variants never mix."""
    return frame.assign(ruleset=game.ruleset, variant=game.variant)


def write_csv(frame, folder: Path, name: str, game) -> None:
    """name.csv of a Small World table (with the ruleset of `game`)."""
    with_ruleset(frame, game).to_csv(folder / f"{name}.csv", index=False)


def write_table(frame, folder: Path, name: str, game) -> None:
    """name.csv and name.parquet, with the ruleset and variant of `game` (the Game the
    run plays) as the last columns."""
    output.write_table(with_ruleset(frame, game), folder, name)


def bots_text(policies: Sequence[str]) -> str:
    """ "3 default, 1 aggressive (aggression 1.2, leader_focus 0.8)": each bot or style
    with its seats, a style with the parameters it changes (players/styles.toml)."""
    styles = load_styles()
    parts = []
    for p in dict.fromkeys(policies):
        text = f"{list(policies).count(p)} {p}"
        if p in styles and styles[p].overrides:
            text += " (" + ", ".join(f"{k} {v:g}" for k, v in styles[p].overrides) + ")"
        parts.append(text)
    return ", ".join(parts)


def not_modeled(ruleset) -> list[str]:
    out = [f"race {r.name} ({r.modeled})" for r in ruleset.races if r.modeled != "full"]
    return out + [f"power {p.name} ({p.modeled})" for p in ruleset.powers if p.modeled != "full"]


def caveat_lines(not_modeled_list: Sequence[str], estimates: Sequence[str]) -> list[str]:
    return [
        "## ⚠ Not modeled / estimates",
        "",
        "Not fully modeled (played, but their ability is missing or partial): "
        + (", ".join(not_modeled_list) or "none")
        + ".",
        "",
        f"Estimated numbers ({len(estimates)}): "
        + (", ".join(f"`{k}`" for k in estimates) or "none")
        + ".",
        "",
    ]


def pct(x: float) -> str:
    return "n/a" if not np.isfinite(x) else f"{100 * x:.1f}%"


def pp(x: float) -> str:
    return "n/a" if not np.isfinite(x) else f"{100 * x:+.1f} pp"


def named_first(frame, label, side: str = "top") -> str:
    """The strongest (side "top") or weakest ("bottom") row of a table with wins,
    games and win_rate, as "name 28.1%", named alone only when a two-sample test at 5%
    tells it from the runner-up; else "tied: A 28.1%, B 28.0%". `label` gives a row's name."""
    ranked = frame.sort_values("win_rate", ascending=side == "bottom", kind="stable")
    first = ranked.iloc[0]
    if len(ranked) < 2:
        return f"{label(first)} {pct(first.win_rate)}"
    second = ranked.iloc[1]
    if separable(first.wins, first.games, second.wins, second.games):
        return f"{label(first)} {pct(first.win_rate)}"
    return f"tied: {label(first)} {pct(first.win_rate)}, {label(second)} {pct(second.win_rate)}"
