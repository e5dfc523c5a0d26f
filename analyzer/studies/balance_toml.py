"""The balance study's suggestion as a scenario file (suggested.toml), shared by the
standard study (balance.py) and the team variant's (balance_teams.py)."""

from __future__ import annotations

from analyzer.model import limits
from analyzer.model.params import SIZE_KEYS
from analyzer.players.params import PARAMS_BY_POLICY
from analyzer.players.styles import bot_of
from analyzer.scenario import factionless
from analyzer.simulate import seat_bots
from analyzer.variants import content_of


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value)
    return str(int(value))


def suggestion_toml(
    tables, changes, n_players, policies, policy_params, scenario, variant=None, about=None
) -> str:
    """A scenario file holding every rule of `tables` at this player count, with the
    banner and badge numbers of `changes`: `analyzer compare` checks it again;
    `variant` (a name) plays that variant, `about` replaces the description."""
    p = tables.parameters
    rs = tables.ruleset
    lines = [
        "# Written by `analyzer balance`: the printed rules (or the scenario it started",
        "# from) with the numbers it suggests. Check it with",
        "#     analyzer compare THIS_FILE",
        "",
        "[scenario]",
        f"name = {_toml_value('Balanced by analyzer balance')}",
        "description = "
        + _toml_value(
            (about or "Banner and badge numbers that bring every race and power closest to "
             f"a fair share at {n_players} players, against these bots")
            + (f", starting from {scenario}" if scenario else "")
            + "."
        ),
        f"ruleset = {_toml_value(content_of(tables).name)}",
        *([f"variant = {_toml_value(variant)}"] if variant else []),
        f"players = {n_players}",
        "",
    ]  # fmt: skip

    names = list(policies)
    _, vectors = seat_bots(names, n_players, policy_params)
    for q, vec in zip(names, vectors, strict=True):
        lines.append("[[seats]]")
        lines.append(f"policy = {_toml_value(q)}")
        for key, (index, _) in PARAMS_BY_POLICY[bot_of(q)[0]].items():
            lines.append(f"{key} = {float(vec[index])!r}")
        lines.append("")

    lines.append("[rules]")
    for key in limits.RULE_NUMBERS:
        if key == "faction_bonus" and factionless(rs):
            continue  # a ruleset without factions refuses the key (scenario.py)
        lines.append(f"{key} = {int(getattr(p, key))}")
    lines.append(f"die_faces = {_toml_value(list(p.die_faces))}")
    lines.append(f"rounds = {int(p.rounds[n_players])}")
    lines.append(f"extra_rounds = {int(p.extra_rounds)}")
    if any(p.boards[n_players]):  # SWoW's boards are drawn; the original game's map is fixed
        boards = dict(zip(SIZE_KEYS, (int(v) for v in p.boards[n_players]), strict=True))
        lines.append(f"boards = {_toml_value(boards)}")
    lines.append(f"use_die = {_toml_value(bool(p.use_die))}")
    lines.append(f"murlocs = {_toml_value(bool(p.murlocs))}")
    lines.append(f"seat_coins = {_toml_value([int(c) for c in p.seat_coins[:n_players]])}")
    lines.append("")
    banners = {r.key: int(p.banners[i]) for i, r in enumerate(rs.races)}
    badges = {q.key: int(p.badges[i]) for i, q in enumerate(rs.powers)}
    for (kind, i), value in changes.items():
        if kind == "race":
            banners[rs.races[i].key] = int(value)
        else:
            badges[rs.powers[i].key] = int(value)
    lines.append("[races]")
    banned = [r.key for r, ok in zip(rs.races, p.races_allowed, strict=True) if not ok]
    lines.append(f"banned = {_toml_value(banned)}")
    lines.append(f"banner = {_toml_value(banners)}")
    lines.append("")
    lines.append("[powers]")
    banned = [q.key for q, ok in zip(rs.powers, p.powers_allowed, strict=True) if not ok]
    lines.append(f"banned = {_toml_value(banned)}")
    lines.append(f"badge = {_toml_value(badges)}")
    return "\n".join(lines) + "\n"
